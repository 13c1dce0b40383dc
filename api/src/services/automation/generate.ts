/** Generation on the editor's request: the Automation tab's buttons and the AI Expert Writers tab. */
import type { GeneratedDraft } from 'content-schema/automation';
import type { GenerationKind } from 'content-schema/generation';
import type { Post } from 'content-schema/post';
import { automationRuns } from '../../db/schema-automation.ts';
import { AppError } from '../../lib/errors.ts';
import type { AutomationContext } from './context.ts';
import { generateDraft, personaById, PERSONA_NOT_FOUND } from './generator.ts';
import { runDraft } from './run-draft.ts';
import { upcomingSlots } from './slot-clock.ts';

/**
 * A manual generation (the Automation tab's buttons). Works while paused: pause holds the schedule only.
 * A daily post takes the category of today's slot, or of the next daily slot on other days.
 */
export async function generate(ctx: AutomationContext, kind: GenerationKind): Promise<Post> {
  const now = ctx.clock.now();
  const category =
    kind === 'deep-dive'
      ? 'Deep Dive'
      : (upcomingSlots(now).find((s) => s.kind === 'daily')?.category ?? 'Analysis Drop');
  const [run] = await ctx.db
    .insert(automationRuns)
    .values({ kind, trigger: 'manual', status: 'running', provider: ctx.provider.name, startedAt: now })
    .returning({ id: automationRuns.id });
  return runDraft(ctx, run!.id, kind, category);
}

/** The editor's AI Expert Writers tab: a draft in the persona's category, not saved. */
export async function generateForEditor(
  { provider, events }: Pick<AutomationContext, 'provider' | 'events'>,
  input: { personaId: string; topic: string },
): Promise<GeneratedDraft> {
  const persona = personaById(input.personaId);
  if (!persona)
    throw new AppError(400, PERSONA_NOT_FOUND, { issues: [{ path: 'personaId', message: PERSONA_NOT_FOUND }] });
  try {
    const draft = await generateDraft(provider, {
      topic: input.topic,
      category: persona.category,
      purpose: 'editor',
      persona,
    });
    events.emit('generation_finished', { postId: 0, title: draft.title, kind: 'editor', ok: true });
    return draft;
  } catch (err) {
    const message = err instanceof AppError ? err.message : 'Generation failed unexpectedly.';
    events.emit('generation_finished', { postId: 0, title: input.topic, kind: 'editor', ok: false, error: message });
    throw err;
  }
}
