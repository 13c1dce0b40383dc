import { and, eq, ne } from 'drizzle-orm';
import { slugify } from 'content-schema/text';
import type { Db } from '../../db/client.ts';
import { posts, slugRedirects } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

/** Whether a slug names another post, now or as an old slug that redirects to it. */
async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(exceptId === undefined ? eq(posts.slug, slug) : and(eq(posts.slug, slug), ne(posts.id, exceptId)))
    .limit(1);
  if (row) return true;
  const [redirect] = await db.select().from(slugRedirects).where(eq(slugRedirects.slug, slug)).limit(1);
  return !!redirect && redirect.postId !== exceptId;
}

/** A unique slug from a title: `title`, `title-2`, `title-3`, … */
export async function uniqueSlug(db: Db, title: string, exceptId?: number): Promise<string> {
  const base = slugify(title);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(db, candidate, exceptId))) return candidate;
  }
}

/** A slug the editor chose, refused with 409 when another post holds it. */
export async function explicitSlug(db: Db, slug: string, exceptId?: number): Promise<string> {
  if (await slugTaken(db, slug, exceptId))
    throw new AppError(409, 'Slug is already in use', {
      issues: [{ path: 'slug', message: 'Slug is already in use' }],
    });
  return slug;
}
