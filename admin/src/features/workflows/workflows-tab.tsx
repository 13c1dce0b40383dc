import { useState } from 'react';
import { ChevronDown, ChevronUp, Loader2, Pencil, Play, Plus, Trash2, Workflow as WorkflowIcon } from 'lucide-react';
import type { Workflow } from 'content-schema/workflow';
import { Badge, type BadgeVariant } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { PanelLoading } from '../../components/panel-loading.tsx';
import { useDeleteWorkflow } from './api/delete-workflow.ts';
import { useExecuteWorkflow } from './api/execute-workflow.ts';
import { useWorkflows } from './api/get-workflows.ts';
import { useToggleWorkflow } from './api/toggle-workflow.ts';
import { RunLog } from './run-log.tsx';
import { WorkflowForm } from './workflow-form.tsx';
import { describeTrigger } from './workflow-form-values.ts';
import { nextRunText, runTime, stepLabels } from './workflow-texts.ts';

const STATUS_VARIANT: Record<Workflow['status'], BadgeVariant> = {
  idle: 'outline',
  running: 'secondary',
  completed: 'success',
  failed: 'destructive',
};

/** The Workflows tab: list with Run, the enable switch, Edit and the run log; the create/edit form. */
export function WorkflowsTab() {
  const workflows = useWorkflows();
  const [editing, setEditing] = useState<Workflow | 'new' | null>(null);

  if (editing) return <WorkflowForm workflow={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;

  return (
    <section aria-labelledby="workflows-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="workflows-heading" className="flex items-center gap-2 text-xl font-semibold">
          <WorkflowIcon className="size-5" aria-hidden="true" />
          Workflows
        </h2>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          Create Workflow
        </Button>
      </div>
      {workflows.isPending ? (
        <PanelLoading label="Loading workflows..." />
      ) : workflows.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load workflows.
        </p>
      ) : workflows.data.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
          No workflows yet. Create one to automate publishing, backups or checks.
        </p>
      ) : (
        <ul className="grid gap-4">
          {workflows.data.map((w) => (
            <li key={w.id}>
              <WorkflowCard workflow={w} onEdit={() => setEditing(w)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Whether it is enabled, how often it ran, when it last ran and runs next (in the publication's zone). */
function WorkflowFacts({ workflow: w }: { workflow: Workflow }) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
      <div>
        <dt className="text-muted-foreground">Enabled</dt>
        <dd>{w.enabled ? 'Yes' : 'No'}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Executions</dt>
        <dd data-testid="workflow-executions">{w.executionCount}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Last run</dt>
        <dd>{runTime(w.lastRun, 'Never')}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Next run</dt>
        <dd>{nextRunText(w)}</dd>
      </div>
    </dl>
  );
}

/** The card's title, trigger, status and enable switch. */
function WorkflowHeader({ workflow: w }: { workflow: Workflow }) {
  const toggle = useToggleWorkflow();
  return (
    <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
      <div className="grid gap-1">
        <CardTitle as="h3" className="text-lg">
          {w.name}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{describeTrigger(w)}</p>
      </div>
      <div className="flex items-center gap-2">
        <Badge variant={STATUS_VARIANT[w.status]} data-testid="workflow-status">
          {w.status === 'running' ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {w.status}
        </Badge>
        <Switch
          checked={w.enabled}
          disabled={toggle.isPending}
          onCheckedChange={(enabled) => toggle.mutate({ id: w.id, enabled })}
          aria-label={`${w.enabled ? 'Disable' : 'Enable'} ${w.name}`}
        />
      </div>
    </CardHeader>
  );
}

function WorkflowCard({ workflow: w, onEdit }: { workflow: Workflow; onEdit: () => void }) {
  const execute = useExecuteWorkflow();
  const remove = useDeleteWorkflow();
  const [showLog, setShowLog] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const starting = execute.isPending && execute.variables === w.id;

  return (
    <Card data-testid={`workflow-${w.id}`}>
      <WorkflowHeader workflow={w} />
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap gap-2" aria-label="Actions">
          {w.actions.length === 0 ? <span className="text-sm text-muted-foreground">No actions</span> : null}
          {stepLabels(w).map((label, i) => (
            <Badge key={i} variant="secondary">
              {label}
            </Badge>
          ))}
        </div>
        <WorkflowFacts workflow={w} />
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            onClick={() => execute.mutate(w.id)}
            disabled={!w.enabled || w.status === 'running' || starting}
          >
            {starting ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Play aria-hidden="true" />}
            Run
          </Button>
          <Button size="sm" variant="outline" onClick={onEdit}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button size="sm" variant="outline" onClick={() => setShowLog((s) => !s)} aria-expanded={showLog}>
            {showLog ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
            Run log
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirmDelete(true)} aria-label={`Delete ${w.name}`}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
        {showLog ? <RunLog workflowId={w.id} lastRun={w.lastRun} status={w.status} /> : null}
      </CardContent>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this workflow?"
        description={<>“{w.name}” and its run log will be permanently deleted.</>}
        confirmLabel="Delete"
        onConfirm={() => remove.mutate(w.id)}
      />
    </Card>
  );
}
