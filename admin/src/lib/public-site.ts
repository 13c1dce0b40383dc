/** Address of an article on the public site (same origin as the admin). */
export function publicPostUrl(slug: string): string {
  return `/post/${encodeURIComponent(slug)}`;
}

/** The signed-in editor's own preview of a post (drafts included): the site's article page, marked as a preview. */
export function ownPreviewUrl(postId: number): string {
  return `/preview/post/${postId}`;
}
