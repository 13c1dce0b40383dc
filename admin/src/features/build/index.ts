/**
 * The build feature's public face: the dashboard header shows the site's state, every change to posts refreshes it,
 * and the post cards show when each change went live.
 */
export { BuildStatus } from './build-status.tsx';
export { buildStatusQueryKey } from './api/get-build-status.ts';
export { usePostsLive } from './api/get-posts-live.ts';
