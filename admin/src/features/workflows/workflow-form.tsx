import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Plus, Trash2 } from 'lucide-react';
import { WORKFLOW_ACTION_TYPES, WORKFLOW_EVENTS, WORKFLOW_FREQUENCIES, type Workflow } from 'content-schema/workflow';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Field, describedBy } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { useSaveWorkflow } from './api/save-workflow.ts';
import { ChoiceSelect } from './choice-select.tsx';
import {
  ACTION_LABELS,
  DEFAULT_VALUES,
  EVENT_LABELS,
  WEEKDAYS,
  WorkflowValuesSchema,
  newActionValues,
  toWorkflowForm,
  valuesFromWorkflow,
  type WorkflowValues,
} from './workflow-form-values.ts';

const TRIGGER_OPTIONS = [
  { value: 'manual', label: 'Manual' },
  { value: 'schedule', label: 'Schedule' },
  { value: 'event', label: 'Event' },
] as const;
const FREQUENCY_OPTIONS = WORKFLOW_FREQUENCIES.map((f) => ({ value: f, label: f[0]!.toUpperCase() + f.slice(1) }));
const EVENT_OPTIONS = WORKFLOW_EVENTS.map((e) => ({ value: e, label: EVENT_LABELS[e] }));
const ACTION_OPTIONS = WORKFLOW_ACTION_TYPES.map((a) => ({ value: a, label: ACTION_LABELS[a] }));

/** Create or edit a workflow (spec §5 rules and defaults); the server checks the rest. */
export function WorkflowForm({ workflow, onDone }: { workflow: Workflow | null; onDone: () => void }) {
  const save = useSaveWorkflow();
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<WorkflowValues>({
    resolver: zodResolver(WorkflowValuesSchema),
    defaultValues: workflow ? valuesFromWorkflow(workflow) : DEFAULT_VALUES,
  });
  const actions = useFieldArray({ control, name: 'actions' });
  const [trigger, frequency] = useWatch({ control, name: ['trigger', 'frequency'] });
  const actionTypes = useWatch({ control, name: 'actions' });

  const onSubmit = handleSubmit((values) => {
    save.mutate({ ...(workflow ? { id: workflow.id } : {}), form: toWorkflowForm(values) }, { onSuccess: onDone });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{workflow ? 'Edit Workflow' : 'Create Workflow'}</CardTitle>
        <CardDescription>Workflows run their actions in order; a failing step stops the run.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <Field id="workflow-name" label="Name" error={errors.name?.message}>
            <Input
              id="workflow-name"
              {...register('name')}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy('workflow-name', { error: errors.name?.message })}
            />
          </Field>

          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="workflow-trigger" label="Trigger">
              <Controller
                control={control}
                name="trigger"
                render={({ field }) => (
                  <ChoiceSelect
                    id="workflow-trigger"
                    value={field.value}
                    onChange={field.onChange}
                    options={TRIGGER_OPTIONS}
                  />
                )}
              />
            </Field>
            {trigger === 'event' ? (
              <Field id="workflow-event" label="Event">
                <Controller
                  control={control}
                  name="event"
                  render={({ field }) => (
                    <ChoiceSelect
                      id="workflow-event"
                      value={field.value}
                      onChange={field.onChange}
                      options={EVENT_OPTIONS}
                    />
                  )}
                />
              </Field>
            ) : null}
            {trigger === 'schedule' ? (
              <Field id="workflow-frequency" label="Frequency" hint="Times are Europe/Stockholm.">
                <Controller
                  control={control}
                  name="frequency"
                  render={({ field }) => (
                    <ChoiceSelect
                      id="workflow-frequency"
                      value={field.value}
                      onChange={field.onChange}
                      options={FREQUENCY_OPTIONS}
                      describedBy="workflow-frequency-hint"
                    />
                  )}
                />
              </Field>
            ) : null}
          </div>

          {trigger === 'schedule' ? (
            <div className="grid gap-5 sm:grid-cols-2">
              <Field
                id="workflow-time"
                label={frequency === 'hourly' ? 'Minute (HH:MM, hours ignored)' : 'Time'}
                error={errors.time?.message}
              >
                <Input
                  id="workflow-time"
                  type="time"
                  {...register('time')}
                  aria-invalid={errors.time ? true : undefined}
                />
              </Field>
              {frequency === 'weekly' ? (
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
                              onChange={(e) =>
                                field.onChange(
                                  e.target.checked ? [...field.value, i] : field.value.filter((d) => d !== i),
                                )
                              }
                            />
                            {day}
                          </label>
                        ))}
                      </div>
                    )}
                  />
                </fieldset>
              ) : null}
              {frequency === 'monthly' ? (
                <Field
                  id="workflow-month-days"
                  label="Days of the month"
                  error={errors.monthDays?.message}
                  hint="Comma-separated, e.g. 1, 15"
                >
                  <Input
                    id="workflow-month-days"
                    {...register('monthDays')}
                    aria-describedby={describedBy('workflow-month-days', {
                      hint: true,
                      error: errors.monthDays?.message,
                    })}
                  />
                </Field>
              ) : null}
            </div>
          ) : null}

          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium">Actions</legend>
            {actions.fields.map((row, index) => {
              const type = actionTypes[index]?.type ?? row.type;
              return (
                <div
                  key={row.id}
                  className="grid gap-3 rounded-md border p-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
                >
                  <Field id={`action-${index}-type`} label={`Step ${index + 1}`}>
                    <Controller
                      control={control}
                      name={`actions.${index}.type`}
                      render={({ field }) => (
                        <ChoiceSelect
                          id={`action-${index}-type`}
                          value={field.value}
                          onChange={field.onChange}
                          options={ACTION_OPTIONS}
                        />
                      )}
                    />
                  </Field>
                  {type === 'publish' ? (
                    <Field
                      id={`action-${index}-condition`}
                      label="Which drafts"
                      hint="all, category:Deep Dive, tag:auto-publish or author:Name"
                    >
                      <Input
                        id={`action-${index}-condition`}
                        placeholder="tag:auto-publish"
                        {...register(`actions.${index}.condition`)}
                      />
                    </Field>
                  ) : type === 'notify' ? (
                    <Field id={`action-${index}-recipients`} label="Recipients" hint="Comma-separated">
                      <Input
                        id={`action-${index}-recipients`}
                        placeholder="editor"
                        {...register(`actions.${index}.recipients`)}
                      />
                    </Field>
                  ) : type === 'social_share' ? (
                    <Field id={`action-${index}-platforms`} label="Platforms" hint="Sent to the configured webhooks">
                      <Input
                        id={`action-${index}-platforms`}
                        placeholder="linkedin, mastodon"
                        {...register(`actions.${index}.platforms`)}
                      />
                    </Field>
                  ) : (
                    <p className="text-sm text-muted-foreground">
                      {type === 'backup'
                        ? 'Writes a consistent snapshot of the database to the backup folder.'
                        : 'Analyses every published article; notifies about scores under 60.'}
                    </p>
                  )}
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => actions.remove(index)}
                    aria-label={`Remove step ${index + 1}`}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              );
            })}
            <div>
              <Button variant="outline" size="sm" onClick={() => actions.append(newActionValues('notify'))}>
                <Plus aria-hidden="true" />
                Add action
              </Button>
            </div>
          </fieldset>

          <div className="flex items-center gap-3">
            <Controller
              control={control}
              name="enabled"
              render={({ field }) => (
                <Switch id="workflow-enabled" checked={field.value} onCheckedChange={field.onChange} />
              )}
            />
            <Label htmlFor="workflow-enabled">Enabled</Label>
          </div>

          <div className="flex gap-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {workflow ? 'Update Workflow' : 'Create Workflow'}
            </Button>
            <Button variant="outline" onClick={onDone}>
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
