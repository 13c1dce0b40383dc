import { useEffect, useId, useRef, useState } from 'react';
import { Copy, ExternalLink, Link2, Loader2, Share2, X } from 'lucide-react';
import {
  PREVIEW_DEFAULT_VALIDITY,
  PREVIEW_VALIDITY_UNITS,
  type PreviewLink,
  type PreviewLinkCreated,
  type PreviewValidityUnit,
} from 'content-schema/preview';
import { relativeTime } from 'content-schema/relative-time';
import { formatDateTime } from 'content-schema/format';
import { Badge, type BadgeVariant } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { SelectItem } from '../../components/ui/select.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { ownPreviewUrl } from '../../lib/public-site.ts';
import { useNow } from '../../lib/use-now.ts';
import { useCreatePreviewLink } from './api/create-preview-link.ts';
import { usePreviewLinks } from './api/get-preview-links.ts';
import { useRevokePreviewLink } from './api/revoke-preview-link.ts';
import { linkDetails, statusNow } from './link-texts.ts';
import { isValidityUnit, STATUS_LABEL, validityFromFields } from './validity.ts';

const STATUS_VARIANT: Record<PreviewLink['status'], BadgeVariant> = {
  active: 'success',
  expired: 'secondary',
  revoked: 'outline',
};
const UNIT_LABEL: Record<PreviewValidityUnit, string> = { hours: 'Hours', days: 'Days' };

/** Makes a link valid for the chosen time; the one made is shown once (`created`). */
function useShare(postId: number) {
  const create = useCreatePreviewLink(postId);
  const [amount, setAmount] = useState(String(PREVIEW_DEFAULT_VALIDITY.amount));
  const [unit, setUnit] = useState<PreviewValidityUnit>(PREVIEW_DEFAULT_VALIDITY.unit);
  const [error, setError] = useState<string | undefined>(undefined);
  const [created, setCreated] = useState<PreviewLinkCreated | null>(null);
  function share() {
    const validity = validityFromFields(amount, unit);
    setError(validity.ok ? undefined : validity.message);
    if (validity.ok) create.mutate(validity.input, { onSuccess: setCreated });
  }
  return { amount, setAmount, unit, setUnit, error, created, setCreated, share, pending: create.isPending };
}

/** How long a new link works: a number of hours or days. */
function ValidityFields({ sharing }: { sharing: ReturnType<typeof useShare> }) {
  const ids = useId();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] items-start gap-3">
      <FormField id={`${ids}-validity`} label="Valid for" error={sharing.error}>
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={sharing.amount}
          onChange={(e) => sharing.setAmount(e.target.value)}
          onKeyDown={(e) => {
            // Enter here would submit the editor's form around the panel.
            if (e.key === 'Enter') {
              e.preventDefault();
              sharing.share();
            }
          }}
        />
      </FormField>
      <SelectField
        id={`${ids}-unit`}
        label="Unit"
        value={sharing.unit}
        onValueChange={(v) => isValidityUnit(v) && sharing.setUnit(v)}
      >
        {PREVIEW_VALIDITY_UNITS.map((u) => (
          <SelectItem key={u} value={u}>
            {UNIT_LABEL[u]}
          </SelectItem>
        ))}
      </SelectField>
    </div>
  );
}

/** The post's preview links, each with its status and Revoke. */
function PreviewLinks({ postId, headingId }: { postId: number; headingId: string }) {
  const links = usePreviewLinks(postId);
  const now = useNow();
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        Preview links
      </h3>
      {links.isPending ? <Skeleton className="h-12 w-full" /> : null}
      {links.isError ? (
        <div className="grid justify-items-start gap-2">
          <p className="text-sm text-muted-foreground">Could not load the preview links.</p>
          <Button variant="outline" size="sm" onClick={() => void links.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {links.data && links.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No preview links yet.</p>
      ) : null}
      {links.data && links.data.length > 0 ? (
        <ul aria-label="Preview links" className="divide-y rounded-md border">
          {links.data.map((link) => (
            <LinkRow key={link.id} link={link} postId={postId} now={now} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * "Share preview" on the post editor: links that show this post as it would be published (a draft, or a published
 * post's unsaved changes) to someone without an account, for a chosen time. A new link is shown once; the list
 * shows every link's status with Revoke. Renders no <form> (it sits inside the editor's) and only type="button"s.
 */
export function SharePreviewPanel({ postId, published }: { postId: number; published: boolean }) {
  const sharing = useShare(postId);
  const ids = useId();
  return (
    <Card role="region" aria-labelledby={`${ids}-title`}>
      <CardHeader>
        <CardTitle as="h2" id={`${ids}-title`} className="text-base">
          Share preview
        </CardTitle>
        <CardDescription>
          {published
            ? 'A link that shows your unpublished changes to someone without an account, before you update the post.'
            : 'A link that shows this draft to someone without an account, before it is published.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ValidityFields sharing={sharing} />
        <div className="flex flex-wrap gap-2">
          <Button onClick={sharing.share} disabled={sharing.pending}>
            {sharing.pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Share2 aria-hidden="true" />}
            Share preview
          </Button>
          <Button asChild variant="outline">
            <a href={ownPreviewUrl(postId)} target="_blank" rel="noopener">
              <ExternalLink aria-hidden="true" />
              Open preview
            </a>
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          Open preview shows the saved post with your autosaved changes; only you can see it.
        </p>
        {sharing.created ? <CreatedLink link={sharing.created} onDone={() => sharing.setCreated(null)} /> : null}
        <PreviewLinks postId={postId} headingId={`${ids}-links`} />
      </CardContent>
    </Card>
  );
}

/** The link just made, with its token: shown this once, to copy. */
function CreatedLink({ link, onDone }: { link: PreviewLinkCreated; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  // Focus the link so it can be copied at once (and the screen reader announces it).
  useEffect(() => input.current?.select(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link.url);
      toast({ title: 'Preview link copied', description: 'Anyone with it can read this preview until it expires.' });
    } catch {
      input.current?.select();
      toast({ title: 'Copy failed', description: 'Select the link and copy it by hand.', variant: 'destructive' });
    }
  }

  return (
    <div role="status" className="grid gap-2 rounded-md border border-warning/40 p-3">
      <Label htmlFor={`${id}-url`} className="inline-flex items-center gap-1.5">
        <Link2 className="size-4" aria-hidden="true" />
        New preview link
      </Label>
      <Input
        ref={input}
        id={`${id}-url`}
        readOnly
        value={link.url}
        className="font-mono text-xs"
        aria-describedby={`${id}-hint`}
        onFocus={(e) => e.currentTarget.select()}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Copy it now: it is shown only once. Valid until {formatDateTime(link.expiresAt)}.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copy link
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          <X aria-hidden="true" />
          Done
        </Button>
      </div>
    </div>
  );
}

function LinkRow({ link, postId, now }: { link: PreviewLink; postId: number; now: Date }) {
  const revoke = useRevokePreviewLink(postId);
  // Revoking cannot be undone (a new link would have a new address), so it asks first.
  const [confirming, setConfirming] = useState(false);
  const status = statusNow(link, now);
  const labelId = `preview-link-${link.id}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 p-3" data-testid="preview-link">
      <div className="grid min-w-0 gap-0.5 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span id={labelId} className="font-medium">
            Link created{' '}
            <time dateTime={link.createdAt} title={formatDateTime(link.createdAt)}>
              {relativeTime(link.createdAt, now)}
            </time>
          </span>
          <Badge variant={STATUS_VARIANT[status]}>{STATUS_LABEL[status]}</Badge>
        </p>
        <p className="text-xs text-muted-foreground">{linkDetails(link, status, now)}</p>
      </div>
      {status === 'active' ? (
        <Button
          variant="outline"
          size="sm"
          aria-describedby={labelId}
          disabled={revoke.isPending}
          onClick={() => setConfirming(true)}
        >
          {revoke.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Revoke
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Revoke this preview link?"
        description="Anyone with the link can no longer see the draft. This cannot be undone: to share the draft again, create a new link."
        confirmLabel="Revoke link"
        onConfirm={() => revoke.mutate(link.id)}
      />
    </li>
  );
}
