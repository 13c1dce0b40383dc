import { lazy, Suspense, useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { CalendarDays } from 'lucide-react';
import { formatLongDay } from 'content-schema/format';
import type { ScheduleForm, ScheduleFormSchema } from 'content-schema/schedule';
import { DEFAULT_TIMEZONE, SCHEDULER_TIMEZONES } from 'content-schema/site';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldControl } from '../../components/ui/field.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover.tsx';
import { SelectItem } from '../../components/ui/select.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { PanelLoading } from '../../components/panel-loading.tsx';
import { startOfDay } from './schedule-view.ts';

const Calendar = lazy(() => import('./calendar.tsx'));

export type ScheduleValues = z.input<typeof ScheduleFormSchema>;
type ScheduleControl = Control<ScheduleValues, unknown, ScheduleForm>;

/** The draft to schedule, of those without a pending schedule. */
export function DraftField({
  control,
  error,
  drafts,
  loading,
}: {
  control: ScheduleControl;
  error: string | undefined;
  drafts: { id: number; title: string }[];
  loading: boolean;
}) {
  return (
    <Controller
      control={control}
      name="postId"
      render={({ field }) => (
        <SelectField
          id="schedule-post"
          label="Draft post"
          error={error}
          value={field.value === undefined ? '' : String(field.value)}
          onValueChange={(v) => field.onChange(Number(v))}
          placeholder="Choose a draft post"
          triggerRef={field.ref}
          onBlur={field.onBlur}
        >
          {drafts.length === 0 ? (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">
              {loading ? 'Loading drafts...' : 'No drafts to schedule'}
            </p>
          ) : (
            drafts.map((d) => (
              <SelectItem key={d.id} value={String(d.id)}>
                {d.title}
              </SelectItem>
            ))
          )}
        </SelectField>
      )}
    />
  );
}

/**
 * The publication date, picked in a calendar that loads when first opened. Its error is a toast, not a message
 * under the field, so the button is only marked invalid.
 */
export function DateField({ control, invalid }: { control: ScheduleControl; invalid: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Field id="schedule-date" label="Publication date" invalid={invalid}>
      <Controller
        control={control}
        name="publishDate"
        render={({ field }) => (
          <Popover open={open} onOpenChange={setOpen}>
            <PopoverTrigger asChild>
              <FieldControl>
                <Button
                  variant="outline"
                  ref={field.ref}
                  className="w-full justify-start font-normal data-[empty=true]:text-muted-foreground"
                  data-empty={!field.value}
                  // Announce the label and the chosen date (or the placeholder) together.
                  aria-labelledby="schedule-date-label schedule-date-value"
                >
                  <CalendarDays aria-hidden="true" />
                  <span id="schedule-date-value">{field.value ? formatLongDay(field.value) : 'Pick a date'}</span>
                </Button>
              </FieldControl>
            </PopoverTrigger>
            <PopoverContent className="w-auto p-2">
              <Suspense fallback={<PanelLoading label="Loading calendar..." />}>
                <Calendar
                  selected={field.value}
                  fromDay={startOfDay(new Date())}
                  onSelect={(date) => {
                    field.onChange(date);
                    setOpen(false);
                  }}
                />
              </Suspense>
            </PopoverContent>
          </Popover>
        )}
      />
    </Field>
  );
}

/** The zone the wall-clock time is in. */
export function ZoneField({ control }: { control: ScheduleControl }) {
  return (
    <Controller
      control={control}
      name="timezone"
      render={({ field }) => (
        <SelectField
          id="schedule-timezone"
          label="Timezone"
          value={field.value ?? DEFAULT_TIMEZONE}
          onValueChange={field.onChange}
          triggerRef={field.ref}
          onBlur={field.onBlur}
        >
          {SCHEDULER_TIMEZONES.map((tz) => (
            <SelectItem key={tz} value={tz}>
              {tz}
            </SelectItem>
          ))}
        </SelectField>
      )}
    />
  );
}
