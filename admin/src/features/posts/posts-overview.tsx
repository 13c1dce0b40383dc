import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { FileText, Loader2, Plus } from 'lucide-react';
import type { PostSummary } from 'content-schema/post';
import { usePostPages, type PublishedFilter } from './api/get-posts.ts';
import { useTogglePublished } from './api/update-post.ts';
import { useDeletePost } from './api/delete-post.ts';
import { usePostsLive } from '../build/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { PostCard } from './post-card.tsx';
import { postLiveLine } from './post-live.ts';

const FILTERS: { value: PublishedFilter; label: string }[] = [
  { value: 'all', label: 'All Posts' },
  { value: 'published', label: 'Published' },
  { value: 'drafts', label: 'Drafts' },
];

/** All posts, Published or Drafts: a group of toggle buttons. */
function FilterButtons({ filter, onChange }: { filter: PublishedFilter; onChange: (filter: PublishedFilter) => void }) {
  return (
    <div role="group" aria-label="Filter posts" className="inline-flex rounded-md border bg-background p-1">
      {FILTERS.map((f) => (
        <button
          key={f.value}
          type="button"
          aria-pressed={filter === f.value}
          onClick={() => onChange(f.value)}
          className={cn(
            'rounded-sm px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            filter === f.value ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-accent',
          )}
        >
          {f.label}
        </button>
      ))}
    </div>
  );
}

interface PostGridProps {
  list: PostSummary[];
  live: ReturnType<typeof usePostsLive>;
  toggle: ReturnType<typeof useTogglePublished>;
  onDelete: (post: PostSummary) => void;
}

/** The cards of the posts shown, each with how its latest change reached the site. */
function PostGrid({ list, live, toggle, onDelete }: PostGridProps) {
  return (
    <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      {list.map((post) => (
        <PostCard
          key={post.id}
          post={post}
          toggling={toggle.isPending && toggle.variables.id === post.id}
          live={postLiveLine(live.byPost.get(post.id), live.builtThrough)}
          onTogglePublished={(p) => toggle.mutate({ id: p.id, published: !p.published })}
          onDelete={onDelete}
        />
      ))}
    </div>
  );
}

/** No posts for this filter: the way to write the first. */
function NoPosts() {
  return (
    <div className="flex flex-col items-center rounded-lg border bg-background p-10 text-center">
      <FileText className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="mt-3 text-lg font-medium">No posts found</p>
      <Button asChild className="mt-4">
        <Link to="/create">
          <Plus aria-hidden="true" />
          Create Your First Post
        </Link>
      </Button>
    </div>
  );
}

/** The Overview tab: filter buttons, post cards with their actions, and the empty state. */
export function PostsOverview() {
  const [filter, setFilter] = useState<PublishedFilter>('all');
  const posts = usePostPages(filter);
  const list = useMemo(() => posts.data?.pages.flat() ?? [], [posts.data]);
  // One request for the published posts on screen; asked again only when the build status moves on.
  const publishedIds = useMemo(() => list.filter((p) => p.published).map((p) => p.id), [list]);
  const live = usePostsLive(publishedIds);
  const toggle = useTogglePublished();
  const remove = useDeletePost();
  const [pendingDelete, setPendingDelete] = useState<PostSummary | null>(null);

  return (
    <section aria-labelledby="overview-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="overview-heading" className="text-xl font-semibold">
          Posts
        </h2>
        <FilterButtons filter={filter} onChange={setFilter} />
      </div>

      <div className="mt-4" aria-live="polite" aria-busy={posts.isPending}>
        {posts.isPending ? (
          <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-64 bg-background" />
            ))}
          </div>
        ) : posts.isError ? (
          <div className="rounded-lg border bg-background p-8 text-center">
            <p className="text-muted-foreground">Failed to fetch posts</p>
            <Button variant="outline" className="mt-4" onClick={() => void posts.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.length === 0 ? (
          <NoPosts />
        ) : (
          <PostGrid list={list} live={live} toggle={toggle} onDelete={setPendingDelete} />
        )}
        {posts.hasNextPage ? (
          <div className="mt-6 flex justify-center">
            <Button variant="outline" onClick={() => void posts.fetchNextPage()} disabled={posts.isFetchingNextPage}>
              {posts.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              Show more
            </Button>
          </div>
        ) : null}
      </div>

      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title="Delete this post?"
        description={<>“{pendingDelete?.title}” will be permanently deleted. This cannot be undone.</>}
        confirmLabel="Delete"
        onConfirm={() => {
          if (pendingDelete) remove.mutate(pendingDelete.id);
        }}
      />
    </section>
  );
}
