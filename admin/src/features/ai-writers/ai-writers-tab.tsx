import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Sparkles } from 'lucide-react';
import { z } from 'zod';
import { WRITER_PERSONAS } from 'content-schema/personas';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Field, describedBy } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import type { AiWritersTabProps } from '../../lib/editor-prefill.ts';
import { cn } from '../../lib/cn.ts';
import { useGenerateContent } from './api/generate-content.ts';

/** Spec §5: AI generation needs a selected writer and a non-empty topic. */
const AiWritersFormSchema = z.object({
  personaId: z.string().min(1, 'Please select a writer'),
  topic: z.string().trim().min(1, 'Topic is required').max(200, 'Topic must be at most 200 characters'),
});
type AiWritersForm = z.infer<typeof AiWritersFormSchema>;

/**
 * The editor's AI Expert Writers tab (spec §2): choose one of the five personas and a topic; the server writes
 * the draft (a model when configured, else an outline), and the editor switches to the Manual Editor with it.
 */
export function AiWritersTab({ onGenerated }: AiWritersTabProps) {
  const generate = useGenerateContent();
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AiWritersForm>({
    resolver: zodResolver(AiWritersFormSchema),
    defaultValues: { personaId: '', topic: '' },
  });

  const onSubmit = handleSubmit((form) => {
    generate.mutate(form, {
      onSuccess: (draft) =>
        onGenerated({
          title: draft.title,
          excerpt: draft.excerpt,
          content: draft.content,
          category: draft.category,
          tags: draft.tags,
          authorName: draft.authorName,
          readTime: draft.readTime,
          // Written by a persona through the model: disclosed as such unless the editor says otherwise.
          provenance: 'ai-generated',
        }),
    });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Sparkles className="size-5" aria-hidden="true" />
          AI Expert Writers
        </CardTitle>
        <CardDescription>
          Pick a writer and a topic. The draft opens in the Manual Editor for you to check, complete and save; nothing
          is saved until you do.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-6">
          <Controller
            control={control}
            name="personaId"
            render={({ field }) => (
              <fieldset aria-describedby={describedBy('ai-writer', { error: errors.personaId?.message })}>
                <legend className="mb-3 text-sm font-medium">Writer</legend>
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
                          <input
                            type="radio"
                            name={field.name}
                            value={persona.id}
                            checked={checked}
                            onChange={() => field.onChange(persona.id)}
                            onBlur={field.onBlur}
                            ref={i === 0 ? field.ref : undefined}
                            className="mt-1 accent-primary"
                            aria-invalid={errors.personaId ? true : undefined}
                          />
                          <span className="flex-1">
                            <span className="block font-semibold">{persona.name}</span>
                            <span className="block text-muted-foreground">{persona.expertise}</span>
                          </span>
                        </span>
                        <Badge variant="outline" className="self-start">
                          {persona.category}
                        </Badge>
                        <span className="text-xs text-muted-foreground">
                          {persona.specializations.slice(0, 3).join(' · ')}
                        </span>
                      </label>
                    );
                  })}
                </div>
                {errors.personaId ? (
                  <p id="ai-writer-error" className="mt-2 text-sm font-medium text-destructive">
                    {errors.personaId.message}
                  </p>
                ) : null}
              </fieldset>
            )}
          />

          <Field id="ai-topic" label="Topic" error={errors.topic?.message}>
            <Input
              id="ai-topic"
              placeholder="e.g. What the EU AI Act's transparency duties mean for public-sector chatbots"
              aria-invalid={errors.topic ? true : undefined}
              aria-describedby={describedBy('ai-topic', { error: errors.topic?.message })}
              {...register('topic')}
            />
          </Field>

          <div className="grid gap-3">
            <Button type="submit" className="justify-self-start" disabled={generate.isPending}>
              {generate.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <Sparkles aria-hidden="true" />
              )}
              {generate.isPending ? 'Generating...' : 'Generate Content'}
            </Button>
            {generate.isPending ? (
              <div role="status" aria-live="polite">
                <p className="mb-2 text-sm text-muted-foreground">The writer is drafting your article...</p>
                <Progress value={50} aria-label="Generating content" className="animate-pulse" />
              </div>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
