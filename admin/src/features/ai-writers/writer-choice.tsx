import type { ControllerRenderProps } from 'react-hook-form';
import { WRITER_PERSONAS } from 'content-schema/personas';
import { Badge } from '../../components/ui/badge.tsx';
import { FieldControl, FieldSet } from '../../components/ui/field.tsx';
import { cn } from '../../lib/cn.ts';
import type { AiWritersForm } from './ai-writers-form.ts';

/** The five writer personas as a radio group: name, expertise, category and specialisations. */
export function WriterChoice({
  field,
  error,
}: {
  field: ControllerRenderProps<AiWritersForm, 'personaId'>;
  error: string | undefined;
}) {
  return (
    <FieldSet id="ai-writer" legend="Writer" legendClassName="mb-3" error={error}>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {WRITER_PERSONAS.map((persona, i) => {
          const checked = field.value === persona.id;
          return (
            <label
              key={persona.id}
              className={cn(
                'flex cursor-pointer flex-col gap-2 rounded-lg border p-4 text-sm transition-colors hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                checked && 'border-primary bg-accent',
              )}
            >
              <span className="flex items-start justify-between gap-2">
                <FieldControl>
                  <input
                    type="radio"
                    name={field.name}
                    value={persona.id}
                    checked={checked}
                    onChange={() => field.onChange(persona.id)}
                    onBlur={field.onBlur}
                    ref={i === 0 ? field.ref : undefined}
                    className="mt-1 accent-primary"
                  />
                </FieldControl>
                <span className="flex-1">
                  <span className="block font-semibold">{persona.name}</span>
                  <span className="block text-muted-foreground">{persona.expertise}</span>
                </span>
              </span>
              <Badge variant="outline" className="self-start">
                {persona.category}
              </Badge>
              <span className="text-xs text-muted-foreground">{persona.specializations.slice(0, 3).join(' · ')}</span>
            </label>
          );
        })}
      </div>
    </FieldSet>
  );
}
