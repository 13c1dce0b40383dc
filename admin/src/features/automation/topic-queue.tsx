import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Plus } from 'lucide-react';
import { z } from 'zod';
import { WEEKLY_SCHEDULE } from 'content-schema/categories';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Field, describedBy } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import type { Topic, TopicInput } from 'content-schema/automation';
import { CATEGORIES } from 'content-schema/categories';
import { useAddTopic } from './api/add-topic.ts';
import { useTopics } from './api/get-topics.ts';

/** The queues a topic can join: one per weekday category, and Deep Dive. */
const QUEUES = [
  ...WEEKLY_SCHEDULE.filter((e) => e.kind === 'daily').map((e) => ({
    value: `daily:${e.category}`,
    label: `Daily · ${e.category} (${e.day})`,
  })),
  { value: 'deep-dive', label: 'Deep Dive (Friday)' },
];

const TopicFormSchema = z.object({
  queue: z.string().min(1, 'Choose a queue'),
  topic: z
    .string()
    .trim()
    .min(1, 'Topic is required')
    .min(10, 'Topic must be at least 10 characters')
    .max(200, 'Topic must be at most 200 characters'),
});
type TopicForm = z.infer<typeof TopicFormSchema>;

function toInput(form: TopicForm): TopicInput {
  if (form.queue === 'deep-dive') return { kind: 'deep-dive', topic: form.topic };
  const category = CATEGORIES.find((c) => c === form.queue.slice('daily:'.length));
  return { kind: 'daily', category, topic: form.topic };
}

const PREVIEW = 5;

function UpNext({ title, topics }: { title: string; topics: ReturnType<typeof useTopics> }) {
  const items: Topic[] = topics.data ?? [];
  return (
    <div>
      <h4 className="mb-2 text-sm font-medium">{title}</h4>
      {topics.isPending ? (
        <Skeleton className="h-24" />
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">The queue is empty.</p>
      ) : (
        <ol className="grid gap-2 text-sm">
          {items.slice(0, PREVIEW).map((t) => (
            <li key={t.id} className="flex items-start justify-between gap-3 rounded-md border px-3 py-2">
              <span>{t.topic}</span>
              <Badge variant="outline" className="shrink-0">
                {t.category}
              </Badge>
            </li>
          ))}
          {items.length > PREVIEW ? <li className="text-muted-foreground">and {items.length - PREVIEW} more</li> : null}
        </ol>
      )}
    </div>
  );
}

/** The topic queues: what comes next, and a form to add a topic at the end of a queue. */
export function TopicQueue() {
  const daily = useTopics('daily');
  const deepDive = useTopics('deep-dive');
  const add = useAddTopic();
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TopicForm>({
    resolver: zodResolver(TopicFormSchema),
    defaultValues: { queue: QUEUES[0]!.value, topic: '' },
  });

  const onSubmit = handleSubmit((form) => {
    add.mutate(toInput(form), { onSuccess: () => reset({ queue: form.queue, topic: '' }) });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Topic Queue</CardTitle>
        <CardDescription>
          Each generation takes the oldest topic of its queue; a used topic is not used again.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-[16rem_1fr_auto] sm:items-start">
          <Field id="topic-queue" label="Queue" error={errors.queue?.message}>
            <Controller
              control={control}
              name="queue"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id="topic-queue" ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {QUEUES.map((q) => (
                      <SelectItem key={q.value} value={q.value}>
                        {q.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>
          <Field id="topic-text" label="New topic" error={errors.topic?.message}>
            <Input
              id="topic-text"
              placeholder="e.g. What the Data Act means for connected-car data in the Nordics"
              aria-invalid={errors.topic ? true : undefined}
              aria-describedby={describedBy('topic-text', { error: errors.topic?.message })}
              {...register('topic')}
            />
          </Field>
          <Button type="submit" className="sm:mt-7" disabled={add.isPending}>
            {add.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Plus aria-hidden="true" />}
            Add Topic
          </Button>
        </form>
        <div className="grid gap-6 lg:grid-cols-2">
          <UpNext title="Next daily topics" topics={daily} />
          <UpNext title="Next Deep Dive topics" topics={deepDive} />
        </div>
      </CardContent>
    </Card>
  );
}
