import { PostSchema, type Post } from 'content-schema/post';

/** Posts asked for per request; the API allows up to 1000. */
export const PAGE_SIZE = 500;

type Fetch = (url: string) => Promise<Response>;

/**
 * Every published post from the API, newest first, each validated against the shared Post schema.
 * Pages through `limit`/`offset` until a page comes back short. Throws on any failed call or invalid post,
 * so a broken API fails the build (and the last good site stays live) instead of publishing a partial site.
 */
export async function fetchPublishedPosts(apiUrl: string, fetchFn: Fetch = fetch): Promise<Post[]> {
  const posts: Post[] = [];
  for (let offset = 0; ; offset += PAGE_SIZE) {
    const url = `${apiUrl}/api/posts?published=true&limit=${PAGE_SIZE}&offset=${offset}`;
    let res: Response;
    try {
      res = await fetchFn(url);
    } catch (cause) {
      throw new Error(`Could not reach the API at ${url}; is it running (SITE_API_URL)?`, { cause });
    }
    if (!res.ok) throw new Error(`${url} answered ${res.status}: ${(await res.text()) || res.statusText}`);
    const page: unknown = await res.json();
    if (!Array.isArray(page)) throw new Error(`${url} did not answer a list of posts`);
    page.forEach((raw, i) => {
      const parsed = PostSchema.safeParse(raw);
      if (!parsed.success) {
        const where = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
        throw new Error(`Post #${offset + i} from ${url} does not match the Post schema (${where})`);
      }
      // Anonymous callers only ever get published posts; a draft here would be an API bug worth catching.
      if (!parsed.data.published) throw new Error(`The API returned the draft "${parsed.data.slug}" as published`);
      posts.push(parsed.data);
    });
    if (page.length < PAGE_SIZE) return posts;
  }
}
