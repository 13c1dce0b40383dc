import { lazy, Suspense, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarDays, CalendarClock, Loader2 } from 'lucide-react';
import { formatLongDay } from 'content-schema/format';
import { ScheduleFormSchema, type ScheduleForm, type ScheduledPost } from 'content-schema/schedule';
import { DEFAULT_TIMEZONE, SCHEDULER_TIMEZONES } from 'content-schema/site';
import { formatInZone } from 'content-schema/zoned-time';
import { usePosts } from '../posts/index.ts';
import { useScheduledPosts } from './api/get-scheduled-posts.ts';
import { useSchedulePost } from './api/schedule-post.ts';
import { useCancelScheduledPost } from './api/cancel-scheduled-post.ts';
import { Badge, type BadgeVariant } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Field, describedBy } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { PanelLoading } from '../../components/panel-loading.tsx';
import { buildSchedulePayload, scheduledInstant } from './schedule-payload.ts';
import { formatDateTime } from 'content-schema/format';

const Calendar = lazy(() => import('./calendar.tsx'));

type ScheduleValues = z.input<typeof ScheduleFormSchema>;

const DEFAULTS: DefaultValues<ScheduleValues> = {
  postId: undefined,
  publishDate: undefined,
  publishTime: '09:00',
  timezone: DEFAULT_TIMEZONE,
};

function startOfToday(): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/** Spec §3: 'scheduled' and 'published' have their own badges, any other status is destructive. */
function statusVariant(status: ScheduledPost['status']): BadgeVariant {
  if (status === 'scheduled') return 'default';
  if (status === 'published') return 'success';
  return 'destructive';
}

/** The Scheduler tab (spec §2 Scheduler panel): schedule a draft at a wall-clock time in a zone; list and cancel. */
export function SchedulerPanel() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ScheduleForm />
      <ScheduledPostsList />
    </div>
  );
}

function ScheduleForm() {
  const drafts = usePosts('drafts');
  const scheduled = useScheduledPosts();
  const schedule = useSchedulePost();
  const [calendarOpen, setCalendarOpen] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ScheduleValues, unknown, ScheduleForm>({
    resolver: zodResolver(ScheduleFormSchema),
    defaultValues: DEFAULTS,
  });

  // A draft that already has a pending schedule cannot be scheduled twice.
  const choosable = useMemo(() => {
    const taken = new Set((scheduled.data ?? []).filter((s) => s.status === 'scheduled').map((s) => s.postId));
    return (drafts.data ?? []).filter((d) => !taken.has(d.id));
  }, [drafts.data, scheduled.data]);

  const [publishDate, publishTime, timezone] = useWatch({ control, name: ['publishDate', 'publishTime', 'timezone'] });
  const instant =
    publishDate && publishTime ? scheduledInstant(publishDate, publishTime, timezone ?? DEFAULT_TIMEZONE) : null;

  const onSubmit = handleSubmit(
    (form) => {
      schedule.mutate(buildSchedulePayload(form), { onSuccess: () => reset(DEFAULTS) });
    },
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
          <Field id="schedule-post" label="Draft post" error={errors.postId?.message}>
            <Controller
              control={control}
              name="postId"
              render={({ field }) => (
                <Select
                  value={field.value === undefined ? '' : String(field.value)}
                  onValueChange={(v) => field.onChange(Number(v))}
                >
                  <SelectTrigger
                    id="schedule-post"
                    ref={field.ref}
                    onBlur={field.onBlur}
                    aria-invalid={errors.postId ? true : undefined}
                    aria-describedby={describedBy('schedule-post', { error: errors.postId?.message })}
                  >
                    <SelectValue placeholder="Choose a draft post" />
                  </SelectTrigger>
                  <SelectContent>
                    {choosable.length === 0 ? (
                      <p className="px-2 py-1.5 text-sm text-muted-foreground">
                        {drafts.isPending ? 'Loading drafts...' : 'No drafts to schedule'}
                      </p>
                    ) : (
                      choosable.map((d) => (
                        <SelectItem key={d.id} value={String(d.id)}>
                          {d.title}
                        </SelectItem>
                      ))
                    )}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>

          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="schedule-date" label="Publication date" error={undefined}>
              <Controller
                control={control}
                name="publishDate"
                render={({ field }) => (
                  <Popover open={calendarOpen} onOpenChange={setCalendarOpen}>
                    <PopoverTrigger asChild>
                      <Button
                        id="schedule-date"
                        variant="outline"
                        ref={field.ref}
                        className="w-full justify-start font-normal data-[empty=true]:text-muted-foreground"
                        data-empty={!field.value}
                        aria-invalid={errors.publishDate ? true : undefined}
                        // Announce the label and the chosen date (or the placeholder) together.
                        aria-labelledby="schedule-date-label schedule-date-value"
                      >
                        <CalendarDays aria-hidden="true" />
                        <span id="schedule-date-value">
                          {field.value ? formatLongDay(field.value) : 'Pick a date'}
                        </span>
                      </Button>
                    </PopoverTrigger>
                    <PopoverContent className="w-auto p-2">
                      <Suspense fallback={<PanelLoading label="Loading calendar..." />}>
                        <Calendar
                          selected={field.value}
                          fromDay={startOfToday()}
                          onSelect={(date) => {
                            field.onChange(date);
                            setCalendarOpen(false);
                          }}
                        />
                      </Suspense>
                    </PopoverContent>
                  </Popover>
                )}
              />
            </Field>
            <Field id="schedule-time" label="Time" error={errors.publishTime?.message}>
              <Input
                id="schedule-time"
                type="time"
                aria-invalid={errors.publishTime ? true : undefined}
                aria-describedby={describedBy('schedule-time', { error: errors.publishTime?.message })}
                {...register('publishTime')}
              />
            </Field>
          </div>

          <Field id="schedule-timezone" label="Timezone">
            <Controller
              control={control}
              name="timezone"
              render={({ field }) => (
                <Select value={field.value ?? DEFAULT_TIMEZONE} onValueChange={field.onChange}>
                  <SelectTrigger id="schedule-timezone" ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {SCHEDULER_TIMEZONES.map((tz) => (
                      <SelectItem key={tz} value={tz}>
                        {tz}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>

          {instant ? (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {instant.ok
                ? `Publishes ${formatInZone(instant.instant, timezone ?? DEFAULT_TIMEZONE)} (${formatDateTime(instant.instant)} your time).`
                : instant.reason === 'nonexistent'
                  ? 'That time does not exist on that day in this zone (the clocks skip it). Choose another time.'
                  : 'Enter a valid time.'}
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

function ScheduledPostsList() {
  const scheduled = useScheduledPosts();
  const cancel = useCancelScheduledPost();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Scheduled Posts</CardTitle>
        <CardDescription>Times are shown in the zone each post was scheduled in.</CardDescription>
      </CardHeader>
      <CardContent aria-busy={scheduled.isPending}>
        {scheduled.isPending ? (
          <div className="grid gap-3">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : scheduled.isError ? (
          <p className="text-sm text-muted-foreground">Could not load scheduled posts.</p>
        ) : scheduled.data.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">No posts scheduled</p>
        ) : (
          <ul className="grid gap-3">
            {scheduled.data.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
                <div className="min-w-0">
                  <p className="truncate font-medium">{row.postTitle}</p>
                  <p className="text-sm text-muted-foreground">
                    <time dateTime={row.publishDate}>{formatInZone(row.publishDate, row.timezone)}</time> ·{' '}
                    {row.timezone}
                  </p>
                  {row.error ? <p className="text-sm text-destructive">{row.error}</p> : null}
                </div>
                <div className="flex items-center gap-2">
                  <Badge variant={statusVariant(row.status)}>{row.status}</Badge>
                  {row.status === 'scheduled' ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={cancel.isPending && cancel.variables === row.id}
                      onClick={() => cancel.mutate(row.id)}
                      aria-label={`Cancel schedule for ${row.postTitle}`}
                    >
                      Cancel
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
