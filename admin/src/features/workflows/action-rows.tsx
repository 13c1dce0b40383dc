import { Controller, useFieldArray, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { WORKFLOW_ACTION_TYPES } from 'content-schema/workflow';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { ChoiceField } from './choice-field.tsx';
import {
  ACTION_LABELS,
  actionNote,
  newActionValues,
  type ActionValues,
  type WorkflowValues,
} from './workflow-form-values.ts';

const ACTION_OPTIONS = WORKFLOW_ACTION_TYPES.map((a) => ({ value: a, label: ACTION_LABELS[a] }));

/** The settings of one action, by its type: which drafts, recipients, platforms, or what it does. */
function ActionSettings({
  index,
  type,
  register,
}: {
  index: number;
  type: ActionValues['type'];
  register: UseFormRegister<WorkflowValues>;
}) {
  if (type === 'publish') {
    return (
      <FormField
        id={`action-${index}-condition`}
        label="Which drafts"
        hint="all, category:Deep Dive, tag:auto-publish or author:Name"
      >
        <Input placeholder="tag:auto-publish" {...register(`actions.${index}.condition`)} />
      </FormField>
    );
  }
  if (type === 'notify') {
    return (
      <FormField id={`action-${index}-recipients`} label="Recipients" hint="Comma-separated">
        <Input placeholder="editor" {...register(`actions.${index}.recipients`)} />
      </FormField>
    );
  }
  if (type === 'social_share') {
    return (
      <FormField id={`action-${index}-platforms`} label="Platforms" hint="Sent to the configured webhooks">
        <Input placeholder="linkedin, mastodon" {...register(`actions.${index}.platforms`)} />
      </FormField>
    );
  }
  return <p className="text-sm text-muted-foreground">{actionNote(type)}</p>;
}

/** The workflow's actions, run in order: each step's type and settings, Remove, and Add action. */
export function ActionRows({
  control,
  register,
}: {
  control: Control<WorkflowValues>;
  register: UseFormRegister<WorkflowValues>;
}) {
  const actions = useFieldArray({ control, name: 'actions' });
  const values = useWatch({ control, name: 'actions' });
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">Actions</legend>
      {actions.fields.map((row, index) => (
        <div key={row.id} className="grid gap-3 rounded-md border p-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
          <Controller
            control={control}
            name={`actions.${index}.type`}
            render={({ field }) => (
              <ChoiceField
                id={`action-${index}-type`}
                label={`Step ${index + 1}`}
                value={field.value}
                onChange={field.onChange}
                options={ACTION_OPTIONS}
              />
            )}
          />
          <ActionSettings index={index} type={values[index]?.type ?? row.type} register={register} />
          <Button
            variant="ghost"
            size="icon"
            onClick={() => actions.remove(index)}
            aria-label={`Remove step ${index + 1}`}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      <div>
        <Button variant="outline" size="sm" onClick={() => actions.append(newActionValues('notify'))}>
          <Plus aria-hidden="true" />
          Add action
        </Button>
      </div>
    </fieldset>
  );
}
