import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Plus } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { SelectItem } from '../../components/ui/select.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import type { Topic } from 'content-schema/automation';
import { useAddTopic } from './api/add-topic.ts';
import { useTopics } from './api/get-topics.ts';
import { QUEUES, TopicFormSchema, toTopicInput, type TopicForm } from './topic-form.ts';

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
    add.mutate(toTopicInput(form), { onSuccess: () => reset({ queue: form.queue, topic: '' }) });
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
          <Controller
            control={control}
            name="queue"
            render={({ field }) => (
              <SelectField
                id="topic-queue"
                label="Queue"
                error={errors.queue?.message}
                value={field.value}
                onValueChange={field.onChange}
                triggerRef={field.ref}
                onBlur={field.onBlur}
              >
                {QUEUES.map((q) => (
                  <SelectItem key={q.value} value={q.value}>
                    {q.label}
                  </SelectItem>
                ))}
              </SelectField>
            )}
          />
          <FormField id="topic-text" label="New topic" error={errors.topic?.message}>
            <Input
              placeholder="e.g. What the Data Act means for connected-car data in the Nordics"
              {...register('topic')}
            />
          </FormField>
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
