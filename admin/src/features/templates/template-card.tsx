import { Clock, Pencil, Trash2, Wand2 } from 'lucide-react';
import { categoryStyle } from 'content-schema/categories';
import type { Template } from 'content-schema/template';
import { truncate } from 'content-schema/text';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';

const PREVIEW_LENGTH = 200;

interface TemplateCardProps {
  template: Template;
  using: boolean;
  onUse: (template: Template) => void;
  onEdit: (template: Template) => void;
  onDelete: (template: Template) => void;
}

/** A template: name, category, read time, uses, title, the start of its content, tags, and Use/Edit/Delete. */
export function TemplateCard({ template, using, onUse, onEdit, onDelete }: TemplateCardProps) {
  const style = categoryStyle(template.category);
  const headingId = `template-${template.id}-name`;
  return (
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
        <Button size="sm" disabled={using} aria-label={`Use ${template.name}`} onClick={() => onUse(template)}>
          <Wand2 aria-hidden="true" />
          Use
        </Button>
        <Button size="sm" variant="outline" aria-label={`Edit ${template.name}`} onClick={() => onEdit(template)}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-destructive hover:text-destructive"
          aria-label={`Delete ${template.name}`}
          onClick={() => onDelete(template)}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </Card>
  );
}
