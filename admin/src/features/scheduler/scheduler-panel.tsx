import { useMemo } from 'react';
import { useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarClock, Loader2 } from 'lucide-react';
import { ScheduleFormSchema, type ScheduleForm as ScheduleFormValues } from 'content-schema/schedule';
import { DEFAULT_TIMEZONE } from 'content-schema/site';
import { usePosts } from '../posts/index.ts';
import { useScheduledPosts } from './api/get-scheduled-posts.ts';
import { useSchedulePost } from './api/schedule-post.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { buildSchedulePayload } from './schedule-payload.ts';
import { choosableDrafts, publishesText } from './schedule-view.ts';
import { DateField, DraftField, ZoneField, type ScheduleValues } from './schedule-fields.tsx';
import { ScheduledPostsList } from './scheduled-posts-list.tsx';

const DEFAULTS: DefaultValues<ScheduleValues> = {
  postId: undefined,
  publishDate: undefined,
  publishTime: '09:00',
  timezone: DEFAULT_TIMEZONE,
};

/** Schedule a draft at a wall-clock date and time in a zone, with the moment it stands for shown as it is chosen. */
function ScheduleForm() {
  const drafts = usePosts('drafts');
  const scheduled = useScheduledPosts();
  const schedule = useSchedulePost();
  const { control, register, handleSubmit, reset, formState } = useForm<ScheduleValues, unknown, ScheduleFormValues>({
    resolver: zodResolver(ScheduleFormSchema),
    defaultValues: DEFAULTS,
  });
  const { errors } = formState;
  const choosable = useMemo(
    () => choosableDrafts(drafts.data ?? [], scheduled.data ?? []),
    [drafts.data, scheduled.data],
  );
  const [publishDate, publishTime, timezone] = useWatch({ control, name: ['publishDate', 'publishTime', 'timezone'] });
  const publishes = publishesText(publishDate, publishTime, timezone ?? DEFAULT_TIMEZONE);

  const onSubmit = handleSubmit(
    (form) => schedule.mutate(buildSchedulePayload(form), { onSuccess: () => reset(DEFAULTS) }),
    (invalid) => {
      if (invalid.publishDate) {
        toast({ title: 'Date Required', description: 'Please select a publication date.', variant: 'destructive' });
      }
    },
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <CalendarClock className="size-5" aria-hidden="true" />
          Schedule Post
        </CardTitle>
        <CardDescription>Publish a draft automatically at a chosen time.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <DraftField control={control} error={errors.postId?.message} drafts={choosable} loading={drafts.isPending} />
          <div className="grid gap-5 sm:grid-cols-2">
            <DateField control={control} invalid={Boolean(errors.publishDate)} />
            <FormField id="schedule-time" label="Time" error={errors.publishTime?.message}>
              <Input type="time" {...register('publishTime')} />
            </FormField>
          </div>
          <ZoneField control={control} />
          {publishes ? (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {publishes}
            </p>
          ) : null}
          <Button type="submit" disabled={schedule.isPending} className="w-full sm:w-auto sm:justify-self-start">
            {schedule.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Schedule Post
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** The Scheduler tab: schedule a draft at a wall-clock time in a zone; list and cancel. */
export function SchedulerPanel() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ScheduleForm />
      <ScheduledPostsList />
    </div>
  );
}
