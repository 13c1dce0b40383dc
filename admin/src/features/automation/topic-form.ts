import { z } from 'zod';
import type { TopicInput } from 'content-schema/automation';
import { CATEGORIES, WEEKLY_SCHEDULE } from 'content-schema/categories';

/** The queues a topic can join: one per weekday category, and Deep Dive. */
export const QUEUES = [
  ...WEEKLY_SCHEDULE.filter((e) => e.kind === 'daily').map((e) => ({
    value: `daily:${e.category}`,
    label: `Daily · ${e.category} (${e.day})`,
  })),
  { value: 'deep-dive', label: 'Deep Dive (Friday)' },
];

export const TopicFormSchema = z.object({
  queue: z.string().min(1, 'Choose a queue'),
  topic: z
    .string()
    .trim()
    .min(1, 'Topic is required')
    .min(10, 'Topic must be at least 10 characters')
    .max(200, 'Topic must be at most 200 characters'),
});
export type TopicForm = z.infer<typeof TopicFormSchema>;

/** The request body for a topic at the end of the chosen queue. */
export function toTopicInput(form: TopicForm): TopicInput {
  if (form.queue === 'deep-dive') return { kind: 'deep-dive', topic: form.topic };
  const category = CATEGORIES.find((c) => c === form.queue.slice('daily:'.length));
  return { kind: 'daily', category, topic: form.topic };
}
