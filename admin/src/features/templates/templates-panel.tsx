import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Clock, FileText, Pencil, Plus, Trash2, Wand2 } from 'lucide-react';
import { categoryStyle } from 'content-schema/categories';
import type { Template } from 'content-schema/template';
import { truncate } from 'content-schema/text';
import { useTemplates } from './api/get-templates.ts';
import { useCreateTemplate } from './api/create-template.ts';
import { useUpdateTemplate } from './api/update-template.ts';
import { useDeleteTemplate } from './api/delete-template.ts';
import { useApplyTemplate } from './api/use-template.ts';
import { prefillState } from '../../lib/editor-prefill.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { TemplateForm } from './template-form.tsx';
import { templateToPrefill, toTemplateInput } from './template-values.ts';

const PREVIEW_LENGTH = 200;

type Editing = { mode: 'create' } | { mode: 'edit'; template: Template } | null;

/** The Templates tab (spec §2 Content Templates panel), persisted through /api/templates. */
export function TemplatesPanel() {
  const navigate = useNavigate();
  const templates = useTemplates();
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const remove = useDeleteTemplate();
  const apply = useApplyTemplate();
  const [editing, setEditing] = useState<Editing>(null);
  const [pendingDelete, setPendingDelete] = useState<Template | null>(null);

  if (editing) {
    const template = editing.mode === 'edit' ? editing.template : null;
    return (
      <TemplateForm
        template={template}
        pending={create.isPending || update.isPending}
        onCancel={() => setEditing(null)}
        onSubmit={(values) => {
          const input = toTemplateInput(values);
          const done = { onSuccess: () => setEditing(null) };
          if (template) update.mutate({ id: template.id, input }, done);
          else create.mutate(input, done);
        }}
      />
    );
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
            {templates.data.map((template) => {
              const style = categoryStyle(template.category);
              const headingId = `template-${template.id}-name`;
              return (
                <li key={template.id}>
                  <Card className="flex h-full flex-col p-5" role="article" aria-labelledby={headingId}>
                    <div className="flex items-start justify-between gap-2">
                      <h3 id={headingId} className="text-lg font-semibold leading-snug">
                        {template.name}
                      </h3>
                      <span
                        className="shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold"
                        style={{ background: style.background, color: style.foreground }}
                      >
                        {template.category}
                      </span>
                    </div>
                    <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                      <span className="inline-flex items-center gap-1">
                        <Clock className="size-3" aria-hidden="true" />
                        {template.readTime} min read
                      </span>
                      <span>Used {template.usageCount} times</span>
                    </p>
                    <p className="mt-3 text-sm font-medium">{template.title}</p>
                    <p className="mt-2 whitespace-pre-line break-words text-sm text-muted-foreground">
                      {truncate(template.content, PREVIEW_LENGTH)}
                    </p>
                    {template.tags.length > 0 ? (
                      <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Tags">
                        {template.tags.map((tag) => (
                          <li key={tag}>
                            <Badge variant="outline">{tag}</Badge>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    <div className="mt-auto flex flex-wrap gap-2 pt-4">
                      <Button
                        size="sm"
                        disabled={apply.isPending}
                        aria-label={`Use ${template.name}`}
                        onClick={() =>
                          apply.mutate(template.id, {
                            onSuccess: (used) =>
                              void navigate('/create', { state: prefillState(templateToPrefill(used)) }),
                          })
                        }
                      >
                        <Wand2 aria-hidden="true" />
                        Use
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Edit ${template.name}`}
                        onClick={() => setEditing({ mode: 'edit', template })}
                      >
                        <Pencil aria-hidden="true" />
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-destructive hover:text-destructive"
                        aria-label={`Delete ${template.name}`}
                        onClick={() => setPendingDelete(template)}
                      >
                        <Trash2 aria-hidden="true" />
                        Delete
                      </Button>
                    </div>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </div>

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
