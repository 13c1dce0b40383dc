/**
 * Temporary: features/automation/api/generate-post.ts, which another change is editing, still imports the posts
 * key from here. When that change lands, it imports '../../posts/index.ts' instead and this file goes (issue 14).
 */
export { postsQueryKey } from '../../features/posts/index.ts';
