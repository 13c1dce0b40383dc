import { z } from 'zod';
import { CATEGORIES } from 'content-schema/categories';
import { WRITER_PERSONAS } from 'content-schema/personas';
import { GENERATION_KINDS } from '../../db/schema-automation.ts';

/*
 * Wire shapes of the automation calls beyond AutomationStatus (which lives in content-schema/automation).
 * The admin mirrors these in src/features/automation/api; they belong in content-schema once that is open to edit.
 */

const personaIds = WRITER_PERSONAS.map((p) => p.id) as [string, ...string[]];

/** A topic in a queue, as GET/POST /api/automation/topics answer it. */
export const TopicSchema = z.object({
  id: z.number().int(),
  kind: z.enum(GENERATION_KINDS),
  category: z.string(),
  topic: z.string(),
  personaId: z.string().nullable(),
  source: z.enum(['seed', 'admin']),
  usedAt: z.string().nullable(),
  postId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Topic = z.infer<typeof TopicSchema>;

/** A generation attempt, as GET /api/automation/runs answers it. */
export const RunSchema = z.object({
  id: z.number().int(),
  kind: z.enum(GENERATION_KINDS),
  trigger: z.enum(['manual', 'schedule']),
  slotDate: z.string().nullable(),
  status: z.enum(['running', 'succeeded', 'failed', 'skipped']),
  topic: z.string().nullable(),
  postId: z.number().int().nullable(),
  provider: z.string().nullable(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Run = z.infer<typeof RunSchema>;

/** Body of POST /api/automation/topics. A Deep Dive topic is always in the Deep Dive category. */
export const TopicInputSchema = z
  .object({
    kind: z.enum(GENERATION_KINDS, { error: 'Kind must be daily or deep-dive' }),
    topic: z
      .string({ error: 'Topic is required' })
      .trim()
      .min(1, 'Topic is required')
      .min(10, 'Topic must be at least 10 characters')
      .max(200, 'Topic must be at most 200 characters'),
    category: z.enum(CATEGORIES, { error: 'Category is required' }).optional(),
    personaId: z.enum(personaIds, { error: 'Unknown writer' }).nullish(),
  })
  .transform((v, ctx) => {
    const category = v.kind === 'deep-dive' ? 'Deep Dive' : v.category;
    if (!category) {
      ctx.addIssue({ code: 'custom', path: ['category'], message: 'Category is required' });
      return z.NEVER;
    }
    return { kind: v.kind, topic: v.topic.replace(/\s+/g, ' '), category, personaId: v.personaId ?? null };
  });
export type TopicInput = z.output<typeof TopicInputSchema>;

/** Query of GET /api/automation/topics. */
export const TopicListQuerySchema = z.object({
  kind: z.enum(GENERATION_KINDS).optional(),
  state: z.enum(['remaining', 'used', 'all']).default('remaining'),
});

/** Body of POST /api/automation/generate (spec §5: a selected writer and a non-empty topic). */
export const GenerateInputSchema = z.object({
  personaId: z.enum(personaIds, { error: 'Please select a writer' }),
  topic: z
    .string({ error: 'Topic is required' })
    .trim()
    .min(1, 'Topic is required')
    .max(200, 'Topic must be at most 200 characters'),
});

/** Body of PUT /api/automation/paused. */
export const PausedInputSchema = z.object({ paused: z.boolean({ error: 'paused must be true or false' }) });
