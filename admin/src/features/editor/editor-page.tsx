import type { ComponentType } from 'react';
import { Link, useParams } from 'react-router';
import type { AiWritersTabProps } from '../../lib/editor-prefill.ts';
import { usePost } from '../posts/index.ts';
import { isApiError } from '../../lib/api-client.ts';
import { NotFound } from '../../components/not-found.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PostEditor } from './post-editor/post-editor.tsx';

/** /admin/create and /admin/edit/{id}: loads the post to edit, then the editor. */
export function EditorPage({ aiWriters }: { aiWriters: ComponentType<AiWritersTabProps> }) {
  const { id } = useParams();
  const postId = id === undefined ? null : Number(id);
  const valid = postId === null || (Number.isInteger(postId) && postId > 0);
  const post = usePost(valid ? postId : null);

  if (!valid) return <NotFound />;
  if (postId === null) return <PostEditor key="new" post={null} aiWriters={aiWriters} />;
  if (post.isPending) return <PageLoading label="Loading post..." />;
  if (post.isError) {
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
        <h1 className="text-2xl font-bold">Post not found</h1>
        <p className="text-muted-foreground">
          {isApiError(post.error) && post.error.status === 404 ? 'It may have been deleted.' : post.error.message}
        </p>
        <Button asChild>
          <Link to="/">Back to Dashboard</Link>
        </Button>
      </main>
    );
  }
  return <PostEditor key={post.data.id} post={post.data} aiWriters={aiWriters} />;
}
