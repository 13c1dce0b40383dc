import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { postChanges } from '../../db/schema.ts';
import type { BuilderContext } from './context.ts';

/** A change readers were promised that is not live after this long raises a notification. */
export const LATE_AFTER_MS = 60_000;

/**
 * Raises one notification per change that has not gone live a minute after the editor's action. Runs as its own
 * job, on every instance (the claim makes it once), so a builder that hangs cannot silence it.
 */
export async function checkLate(ctx: BuilderContext): Promise<void> {
  const { db, clock } = ctx;
  const before = new Date(clock.now().getTime() - LATE_AFTER_MS);
  const late = await db
    .select()
    .from(postChanges)
    .where(
      and(
        isNull(postChanges.liveAt),
        isNull(postChanges.error),
        isNull(postChanges.lateNotifiedAt),
        lt(postChanges.createdAt, before),
        inArray(postChanges.kind, ['published', 'updated', 'corrected']),
      ),
    )
    .limit(20);
  for (const change of late) {
    const res = await db
      .update(postChanges)
      .set({ lateNotifiedAt: clock.now() })
      .where(and(eq(postChanges.id, change.id), isNull(postChanges.lateNotifiedAt)));
    if (res.rowsAffected === 1) {
      ctx.events.emit('publish_late', { postId: change.postId, title: change.title, slug: change.newSlug });
    }
  }
}
