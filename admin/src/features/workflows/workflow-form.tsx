import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import type { Workflow } from 'content-schema/workflow';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { useSaveWorkflow } from './api/save-workflow.ts';
import { ActionRows } from './action-rows.tsx';
import { ScheduleFields, TriggerFields } from './trigger-fields.tsx';
import {
  DEFAULT_VALUES,
  WorkflowValuesSchema,
  toWorkflowForm,
  valuesFromWorkflow,
  type WorkflowValues,
} from './workflow-form-values.ts';

/** Create or edit a workflow (the shared workflow rules and defaults); the server checks the rest. */
export function WorkflowForm({ workflow, onDone }: { workflow: Workflow | null; onDone: () => void }) {
  const save = useSaveWorkflow();
  const { control, register, handleSubmit, formState } = useForm<WorkflowValues>({
    resolver: zodResolver(WorkflowValuesSchema),
    defaultValues: workflow ? valuesFromWorkflow(workflow) : DEFAULT_VALUES,
  });
  const { errors } = formState;
  const [trigger, frequency] = useWatch({ control, name: ['trigger', 'frequency'] });

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
          <FormField id="workflow-name" label="Name" error={errors.name?.message}>
            <Input {...register('name')} />
          </FormField>
          <TriggerFields control={control} trigger={trigger} />
          {trigger === 'schedule' ? (
            <ScheduleFields
              control={control}
              register={register}
              frequency={frequency}
              errors={{ time: errors.time?.message, monthDays: errors.monthDays?.message }}
            />
          ) : null}
          <ActionRows control={control} register={register} />
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
