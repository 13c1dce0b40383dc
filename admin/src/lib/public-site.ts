/** Address of an article on the public site (same origin as the admin). */
export function publicPostUrl(slug: string): string {
  return `/post/${encodeURIComponent(slug)}`;
}
