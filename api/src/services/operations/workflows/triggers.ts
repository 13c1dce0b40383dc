import { and, eq } from 'drizzle-orm';
import type { RunContext } from 'content-schema/workflow';
import { workflows } from '../../../db/schema-operations.ts';
import type { Events } from '../../../lib/events.ts';
import type { PostChange } from '../../changes.ts';
import type { WorkflowsContext } from './context.ts';
import type { WorkflowRow } from './rows.ts';
import { startRun } from './runs.ts';

/** Starts the enabled workflows listening for an event. */
export async function onEvent(
  ctx: WorkflowsContext,
  event: WorkflowRow['event'] & string,
  post?: RunContext['post'],
): Promise<number[]> {
  const listening = await ctx.db
    .select({ id: workflows.id })
    .from(workflows)
    .where(and(eq(workflows.trigger, 'event'), eq(workflows.event, event), eq(workflows.enabled, true)));
  const started: number[] = [];
  for (const { id } of listening) {
    const run = await startRun(ctx, id, { trigger: 'event', event, ...(post ? { post } : {}) });
    // A workflow already running does not queue a second run for the event (this also stops feedback loops).
    if (run) started.push(run.id);
    else console.warn(`[workflows] workflow ${id} skipped ${event}: disabled or already running`);
  }
  return started;
}

/** A failed site build, as this instance's builder announces it. */
export function subscribe(ctx: WorkflowsContext, events: Events): void {
  events.on('build_failed', () => onEvent(ctx, 'build_failed').then(() => {}));
}

/** Publications and unpublications, from the change record (once across instances). */
export async function onChanges(ctx: WorkflowsContext, changes: PostChange[]): Promise<void> {
  for (const c of changes) {
    if (c.kind === 'published')
      await onEvent(ctx, 'post_published', { id: c.postId, slug: c.newSlug!, title: c.title });
    else if (c.kind === 'unpublished')
      await onEvent(ctx, 'post_unpublished', { id: c.postId, slug: c.oldSlug!, title: c.title });
  }
}
