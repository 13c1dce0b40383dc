import { z } from 'zod';
import { CATEGORIES } from './categories.ts';
import { GENERATION_KINDS } from './generation.ts';
import { WRITER_PERSONAS } from './personas.ts';
import { PostSchema } from './post.ts';

export { GENERATION_KINDS, type GenerationKind } from './generation.ts';

/** Answer of GET /api/automation/status. */
export const AutomationStatusSchema = z.object({
  lastRun: z.string().nullable(),
  dailyTopicsRemaining: z.number().int().nullable(),
  deepDiveTopicsRemaining: z.number().int().nullable(),
  paused: z.boolean(),
  nextRun: z.string().nullable(),
});
export type AutomationStatus = z.infer<typeof AutomationStatusSchema>;

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
/** What the admin sends. */
export type TopicInput = z.input<typeof TopicInputSchema>;
/** A topic as the server adds it (normalised). */
export type NewTopic = z.output<typeof TopicInputSchema>;

/** Query of GET /api/automation/topics. */
export const TopicListQuerySchema = z.object({
  kind: z.enum(GENERATION_KINDS).optional(),
  state: z.enum(['remaining', 'used', 'all']).default('remaining'),
});

/** Body of POST /api/automation/generate (a selected writer and a non-empty topic). */
export const GenerateInputSchema = z.object({
  personaId: z.enum(personaIds, { error: 'Please select a writer' }),
  topic: z
    .string({ error: 'Topic is required' })
    .trim()
    .min(1, 'Topic is required')
    .max(200, 'Topic must be at most 200 characters'),
});
export type GenerateInput = z.input<typeof GenerateInputSchema>;

/** Answer of POST /api/automation/generate: a draft for the editor, not saved. */
export const GeneratedDraftSchema = PostSchema.pick({
  title: true,
  excerpt: true,
  content: true,
  category: true,
  tags: true,
  authorName: true,
  readTime: true,
}).extend({
  /** The writer persona the draft is attributed to. */
  personaId: z.string(),
});
export type GeneratedDraft = z.infer<typeof GeneratedDraftSchema>;

/** Body of PUT /api/automation/paused. */
export const PausedInputSchema = z.object({ paused: z.boolean({ error: 'paused must be true or false' }) });
