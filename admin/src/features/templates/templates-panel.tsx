import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FileText, Plus } from 'lucide-react';
import type { Template } from 'content-schema/template';
import { useTemplates } from './api/get-templates.ts';
import { useCreateTemplate } from './api/create-template.ts';
import { useUpdateTemplate } from './api/update-template.ts';
import { useDeleteTemplate } from './api/delete-template.ts';
import { useApplyTemplate } from './api/use-template.ts';
import { prefillState } from '../../lib/editor-prefill.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { TemplateCard } from './template-card.tsx';
import { TemplateForm } from './template-form.tsx';
import { templateToPrefill, toTemplateInput } from './template-values.ts';

type Editing = { mode: 'create' } | { mode: 'edit'; template: Template } | null;

/** The template form, saving a new template or the one being edited, and closing once saved. */
function EditTemplate({ template, onDone }: { template: Template | null; onDone: () => void }) {
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  return (
    <TemplateForm
      template={template}
      pending={create.isPending || update.isPending}
      onCancel={onDone}
      onSubmit={(values) => {
        const input = toTemplateInput(values);
        const done = { onSuccess: onDone };
        if (template) update.mutate({ id: template.id, input }, done);
        else create.mutate(input, done);
      }}
    />
  );
}

/** The templates, loading, failed or none yet; Use opens the editor filled with one. */
function TemplateList({
  templates,
  onEdit,
  onDelete,
}: {
  templates: ReturnType<typeof useTemplates>;
  onEdit: (t: Template) => void;
  onDelete: (t: Template) => void;
}) {
  const navigate = useNavigate();
  const apply = useApplyTemplate();
  const use = (template: Template) =>
    apply.mutate(template.id, {
      onSuccess: (used) => void navigate('/create', { state: prefillState(templateToPrefill(used)) }),
    });
  return (
    <div className="mt-4" aria-busy={templates.isPending}>
      {templates.isPending ? (
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-72 bg-background" />
          ))}
        </div>
      ) : templates.isError ? (
        <p className="rounded-lg border bg-background p-8 text-center text-muted-foreground">
          Could not load templates.
        </p>
      ) : templates.data.length === 0 ? (
        <div className="flex flex-col items-center rounded-lg border bg-background p-10 text-center">
          <FileText className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="mt-3 font-medium">No templates yet</p>
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {templates.data.map((template) => (
            <li key={template.id}>
              <TemplateCard
                template={template}
                using={apply.isPending}
                onUse={use}
                onEdit={onEdit}
                onDelete={onDelete}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The Templates tab, persisted through /api/templates. */
export function TemplatesPanel() {
  // Read here, not only by the list, so that it stays current (a save refreshes it) while the form is open.
  const templates = useTemplates();
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<Editing>(null);
  const [pendingDelete, setPendingDelete] = useState<Template | null>(null);

  if (editing) {
    const template = editing.mode === 'edit' ? editing.template : null;
    return <EditTemplate template={template} onDone={() => setEditing(null)} />;
  }

  return (
    <section aria-labelledby="templates-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="templates-heading" className="text-xl font-semibold">
            Content Templates
          </h2>
          <p className="text-sm text-muted-foreground">Start a post from a proven structure.</p>
        </div>
        <Button onClick={() => setEditing({ mode: 'create' })}>
          <Plus aria-hidden="true" />
          Create Template
        </Button>
      </div>
      <TemplateList
        templates={templates}
        onEdit={(template) => setEditing({ mode: 'edit', template })}
        onDelete={setPendingDelete}
      />
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title="Delete this template?"
        description={<>“{pendingDelete?.name}” will be removed.</>}
        confirmLabel="Delete"
        onConfirm={() => {
          if (pendingDelete) remove.mutate(pendingDelete.id);
        }}
      />
    </section>
  );
}
