/**
 * One claimed run, carried to its end: reserve a topic, write, save the draft. The draft's post, its topic's
 * consumption and its run's success commit in one batch, so a failure leaves no post and the topic back in its
 * queue.
 */
import { eq, sql } from 'drizzle-orm';
import type { GenerationKind } from 'content-schema/generation';
import { PostInputSchema, type Post } from 'content-schema/post';
import { automationRuns } from '../../db/schema-automation.ts';
import { AppError } from '../../lib/errors.ts';
import type { AutomationContext } from './context.ts';
import { generateDraft, personaFor } from './generator.ts';
import type { TopicRow } from './topics.ts';

/** A kind as the editor reads it in messages. */
export const KIND_LABEL: Record<GenerationKind, string> = { daily: 'daily', 'deep-dive': 'Deep Dive' };

/** Records a run's failure and gives its topic (if it had one) back to the queue, in one batch. */
async function finishFailed(
  { db, clock, topics }: AutomationContext,
  runId: number,
  topicId: number | null,
  error: string,
): Promise<void> {
  const failed = db
    .update(automationRuns)
    .set({ status: 'failed', error, finishedAt: clock.now() })
    .where(eq(automationRuns.id, runId));
  if (topicId === null) await failed;
  else await db.batch([failed, topics.releaseStatement(topicId, runId)]);
}

/** Writes the topic's draft and saves it, with the topic's consumption and the run's success in the same batch. */
async function writeAndSave(
  ctx: AutomationContext,
  runId: number,
  kind: GenerationKind,
  topic: TopicRow,
): Promise<Post> {
  const { db, clock, provider, topics } = ctx;
  const persona = personaFor(topic.category, topic.topic, topic.personaId);
  const draft = await generateDraft(provider, { topic: topic.topic, category: topic.category, purpose: kind, persona });
  const data = PostInputSchema.parse({
    title: draft.title,
    excerpt: draft.excerpt,
    content: draft.content,
    category: draft.category,
    tags: draft.tags,
    authorName: draft.authorName,
    readTime: draft.readTime,
    published: false,
    provenance: 'ai-generated',
  });
  const now = clock.now();
  return ctx.posts.create(data, {
    alongside: (slug) => [
      topics.consumeStatement(topic.id, runId, slug, now),
      db
        .update(automationRuns)
        .set({ status: 'succeeded', postId: sql`(SELECT id FROM posts WHERE slug = ${slug})`, finishedAt: now })
        .where(eq(automationRuns.id, runId)),
    ],
  });
}

/**
 * Runs one claimed run to its end. Throws an AppError after recording the failure (the run says why, the topic
 * is released, no post exists).
 */
export async function runDraft(
  ctx: AutomationContext,
  runId: number,
  kind: GenerationKind,
  category: string,
): Promise<Post> {
  const { db, clock, events, topics } = ctx;
  const topic = await topics.reserve(kind, category, runId, new Date(clock.now().getTime() + ctx.leaseMs));
  if (!topic) {
    const message = `No ${KIND_LABEL[kind]} topics left. Add topics to the queue first.`;
    await finishFailed(ctx, runId, null, message);
    events.emit('generation_finished', { postId: 0, title: '', kind, ok: false, error: message });
    throw new AppError(409, message);
  }
  await db.update(automationRuns).set({ topicId: topic.id }).where(eq(automationRuns.id, runId));
  try {
    const post = await writeAndSave(ctx, runId, kind, topic);
    events.emit('generation_finished', { postId: post.id, title: post.title, kind, ok: true });
    return post;
  } catch (err) {
    const message = err instanceof AppError ? err.message : 'Generation failed unexpectedly. Nothing was saved.';
    if (!(err instanceof AppError)) console.error('[automation] generation failed:', err);
    await finishFailed(ctx, runId, topic.id, message);
    events.emit('generation_finished', { postId: 0, title: topic.topic, kind, ok: false, error: message });
    throw err instanceof AppError ? err : new AppError(500, message);
  }
}
