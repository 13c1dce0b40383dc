import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { Correction } from 'content-schema/corrections';
import type { Post } from 'content-schema/post';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useWithdrawCorrection } from './api/corrections.ts';
import { CorrectionForm, useCorrectionForm } from './correction-form.tsx';
import { CorrectionsList } from './corrections-list.tsx';

/** Arriving from a reader's correction request (…#corrections): bring the section into view, its heading focused. */
function useArrivalFocus() {
  const location = useLocation();
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  useEffect(() => {
    if (location.hash !== '#corrections') return;
    headingRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus();
  }, [location.hash]);
  return headingRef;
}

/**
 * The editor's "Corrections" section of a published post (/admin/edit/{id}#corrections, where a reader's
 * correction request links): the form (what was wrong, what is right, when: now by default) and the post's
 * corrections. A correction may be changed or withdrawn only within 30 minutes of being recorded; after that a
 * further correction is the way (docs/decisions/015-corrections-are-a-record.md).
 */
export function CorrectionsSection({ post }: { post: Post }) {
  const headingRef = useArrivalFocus();
  const form = useCorrectionForm(post.id);
  const withdraw = useWithdrawCorrection(post.id);
  const ids = useId();
  const [confirm, setConfirm] = useState<Correction | null>(null);

  return (
    <section id="corrections" aria-labelledby={`${ids}-heading`} className="scroll-mt-4">
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-base">
            <span id={`${ids}-heading`} ref={headingRef} tabIndex={-1}>
              Corrections
            </span>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          {post.published ? (
            <CorrectionForm form={form} />
          ) : (
            <p className="text-sm text-muted-foreground" role="note">
              Corrections can only be recorded on a published article; edit the draft instead.
            </p>
          )}
          <CorrectionsList postId={post.id} onEdit={form.edit} onWithdraw={setConfirm} />
        </CardContent>
      </Card>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => !o && setConfirm(null)}
        title="Withdraw this correction?"
        description="The notice disappears from the article, the corrections log and the feeds. Withdraw only a correction recorded by mistake; to correct a correction, record a further one."
        confirmLabel="Withdraw"
        onConfirm={() => {
          if (confirm) withdraw.mutate(confirm.id);
          setConfirm(null);
        }}
      />
    </section>
  );
}
