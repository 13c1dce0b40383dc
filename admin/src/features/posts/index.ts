/** The posts feature's public face: the dashboard lists posts; the editor, Scheduler and SEO read and save them. */
export { PostsOverview } from './posts-overview.tsx';
export { postsQueryKey, usePosts } from './api/get-posts.ts';
export { postQueryKey, postQueryOptions, usePost } from './api/get-post.ts';
export { useCreatePost } from './api/create-post.ts';
export { postConflict, useUpdatePost } from './api/update-post.ts';
