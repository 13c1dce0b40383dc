import { Controller, type Control, type UseFormRegister } from 'react-hook-form';
import { WORKFLOW_EVENTS, WORKFLOW_FREQUENCIES } from 'content-schema/workflow';
import { FormField } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { ChoiceField } from './choice-field.tsx';
import { EVENT_LABELS, WEEKDAYS, timeLabel, toggleDay, type WorkflowValues } from './workflow-form-values.ts';

const TRIGGER_OPTIONS = [
  { value: 'manual', label: 'Manual' },
  { value: 'schedule', label: 'Schedule' },
  { value: 'event', label: 'Event' },
] as const;
const FREQUENCY_OPTIONS = WORKFLOW_FREQUENCIES.map((f) => ({ value: f, label: f[0]!.toUpperCase() + f.slice(1) }));
const EVENT_OPTIONS = WORKFLOW_EVENTS.map((e) => ({ value: e, label: EVENT_LABELS[e] }));

interface FieldsProps {
  control: Control<WorkflowValues>;
  register: UseFormRegister<WorkflowValues>;
  errors: { time?: string | undefined; monthDays?: string | undefined };
}

/** How the workflow starts: by hand, on a schedule (its frequency), or on an event (which one). */
export function TriggerFields({
  control,
  trigger,
}: {
  control: Control<WorkflowValues>;
  trigger: WorkflowValues['trigger'];
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Controller
        control={control}
        name="trigger"
        render={({ field }) => (
          <ChoiceField
            id="workflow-trigger"
            label="Trigger"
            value={field.value}
            onChange={field.onChange}
            options={TRIGGER_OPTIONS}
          />
        )}
      />
      {trigger === 'event' ? (
        <Controller
          control={control}
          name="event"
          render={({ field }) => (
            <ChoiceField
              id="workflow-event"
              label="Event"
              value={field.value}
              onChange={field.onChange}
              options={EVENT_OPTIONS}
            />
          )}
        />
      ) : null}
      {trigger === 'schedule' ? (
        <Controller
          control={control}
          name="frequency"
          render={({ field }) => (
            <ChoiceField
              id="workflow-frequency"
              label="Frequency"
              hint="Times are Europe/Stockholm."
              value={field.value}
              onChange={field.onChange}
              options={FREQUENCY_OPTIONS}
            />
          )}
        />
      ) : null}
    </div>
  );
}

/** The weekly schedule's days, as checkboxes. */
function WeekdaysField({ control }: { control: Control<WorkflowValues> }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">Days</legend>
      <Controller
        control={control}
        name="weekdays"
        render={({ field }) => (
          <div className="flex flex-wrap gap-3">
            {WEEKDAYS.map((day, i) => (
              <label key={day} className="flex items-center gap-1 text-sm">
                <input
                  type="checkbox"
                  checked={field.value.includes(i)}
                  onChange={(e) => field.onChange(toggleDay(field.value, i, e.target.checked))}
                />
                {day}
              </label>
            ))}
          </div>
        )}
      />
    </fieldset>
  );
}

/** When a scheduled workflow runs: the time (the minute for hourly), and the days of the week or of the month. */
export function ScheduleFields({
  control,
  register,
  errors,
  frequency,
}: FieldsProps & { frequency: WorkflowValues['frequency'] }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField id="workflow-time" label={timeLabel(frequency)} error={errors.time}>
        <Input type="time" {...register('time')} />
      </FormField>
      {frequency === 'weekly' ? <WeekdaysField control={control} /> : null}
      {frequency === 'monthly' ? (
        <FormField
          id="workflow-month-days"
          label="Days of the month"
          error={errors.monthDays}
          hint="Comma-separated, e.g. 1, 15"
        >
          <Input {...register('monthDays')} />
        </FormField>
      ) : null}
    </div>
  );
}
