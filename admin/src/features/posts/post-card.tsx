import { Link } from 'react-router';
import {
  AlertTriangle,
  CheckCircle2,
  Clock,
  Eye,
  EyeOff,
  FileText,
  Hourglass,
  Pencil,
  Radio,
  ScanEye,
  Send,
  Trash2,
} from 'lucide-react';
import type { PostSummary } from 'content-schema/post';
import { categoryStyle } from 'content-schema/categories';
import { CARD_TAGS_MAX } from 'content-schema/site';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { cn } from '../../lib/cn.ts';
import { ownPreviewUrl, publicPostUrl } from '../../lib/public-site.ts';
import type { PostLiveLine } from './post-live.ts';
import { formatDate } from 'content-schema/format';

interface PostCardProps {
  post: PostSummary;
  onTogglePublished: (post: PostSummary) => void;
  onDelete: (post: PostSummary) => void;
  toggling: boolean;
  /** How the post's latest change reached the site (published posts only). */
  live?: PostLiveLine | null;
}

const LIVE_ICON: Record<PostLiveLine['tone'], typeof Radio> = {
  live: Radio,
  pending: Hourglass,
  failed: AlertTriangle,
};

/** View on site (published) or Preview (draft): both open in a new tab. */
function ViewLink({ post }: { post: PostSummary }) {
  if (post.published) {
    return (
      <Tooltip content="View on site">
        <Button asChild variant="ghost" size="icon">
          <a
            href={publicPostUrl(post.slug)}
            target="_blank"
            rel="noopener"
            aria-label={`View ${post.title} on the site (opens in a new tab)`}
          >
            <Eye aria-hidden="true" />
          </a>
        </Button>
      </Tooltip>
    );
  }
  return (
    <Tooltip content="Preview">
      <Button asChild variant="ghost" size="icon">
        <a
          href={ownPreviewUrl(post.id)}
          target="_blank"
          rel="noopener"
          aria-label={`Preview ${post.title} (opens in a new tab)`}
        >
          <ScanEye aria-hidden="true" />
        </a>
      </Button>
    </Tooltip>
  );
}

/** The card's actions: view or preview, edit, publish or unpublish, delete. */
function PostActions({ post, onTogglePublished, onDelete, toggling }: Omit<PostCardProps, 'live'>) {
  return (
    <div className="mt-auto flex flex-wrap items-center gap-1 pt-4">
      <ViewLink post={post} />
      <Tooltip content="Edit">
        <Button asChild variant="ghost" size="icon">
          <Link to={`/edit/${post.id}`} aria-label={`Edit ${post.title}`}>
            <Pencil aria-hidden="true" />
          </Link>
        </Button>
      </Tooltip>
      <Button
        variant="outline"
        size="sm"
        disabled={toggling}
        onClick={() => onTogglePublished(post)}
        aria-label={`${post.published ? 'Unpublish' : 'Publish'} ${post.title}`}
      >
        {post.published ? <EyeOff aria-hidden="true" /> : <Send aria-hidden="true" />}
        {post.published ? 'Unpublish' : 'Publish'}
      </Button>
      <Tooltip content="Delete">
        <Button
          variant="ghost"
          size="icon"
          className="ml-auto text-destructive hover:text-destructive"
          onClick={() => onDelete(post)}
          aria-label={`Delete ${post.title}`}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </Tooltip>
    </div>
  );
}

/** A post on the Overview tab: category, status, title, date, read time, excerpt, up to 3 tags, actions. */
export function PostCard({ live, ...props }: PostCardProps) {
  const { post } = props;
  const style = categoryStyle(post.category);
  const titleId = `post-${post.id}-title`;
  return (
    <Card className="flex flex-col p-5" aria-labelledby={titleId} role="article">
      <div className="flex flex-wrap items-center gap-2">
        <span
          className="rounded-full px-2.5 py-0.5 text-xs font-semibold"
          style={{ background: style.background, color: style.foreground }}
        >
          {post.category}
        </span>
        {post.published ? (
          <Badge variant="success">
            <CheckCircle2 aria-hidden="true" />
            Published
          </Badge>
        ) : (
          <Badge variant="secondary">
            <FileText aria-hidden="true" />
            Draft
          </Badge>
        )}
      </div>
      <h3 id={titleId} className="mt-3 text-lg font-semibold leading-snug">
        {post.title}
      </h3>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 text-xs text-muted-foreground">
        <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
        <span className="inline-flex items-center gap-1">
          <Clock className="size-3" aria-hidden="true" />
          {post.readTime} min read
        </span>
      </p>
      {post.published && live ? <LiveLine line={live} /> : null}
      <p className="mt-3 line-clamp-3 text-sm text-muted-foreground">{post.excerpt}</p>
      {post.tags.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Tags">
          {post.tags.slice(0, CARD_TAGS_MAX).map((tag) => (
            <li key={tag}>
              <Badge variant="outline">{tag}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <PostActions {...props} />
    </Card>
  );
}

function LiveLine({ line }: { line: PostLiveLine }) {
  const Icon = LIVE_ICON[line.tone];
  return (
    <p
      data-testid="post-live"
      className={cn(
        'mt-1 flex items-start gap-1 text-xs',
        line.tone === 'failed' ? 'text-destructive' : 'text-muted-foreground',
      )}
    >
      <Icon className={cn('mt-px size-3 shrink-0', line.tone === 'live' && 'text-success')} aria-hidden="true" />
      {line.text}
    </p>
  );
}
