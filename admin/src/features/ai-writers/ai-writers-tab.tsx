import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Sparkles } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import type { AiWritersTabProps } from '../../lib/editor-prefill.ts';
import { useGenerateContent } from './api/generate-content.ts';
import { AiWritersFormSchema, draftToPrefill, type AiWritersForm } from './ai-writers-form.ts';
import { WriterChoice } from './writer-choice.tsx';

/** Generate Content, and while the writer drafts, a progress line. */
function GenerateButton({ pending }: { pending: boolean }) {
  return (
    <div className="grid gap-3">
      <Button type="submit" className="justify-self-start" disabled={pending}>
        {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
        {pending ? 'Generating...' : 'Generate Content'}
      </Button>
      {pending ? (
        <div role="status" aria-live="polite">
          <p className="mb-2 text-sm text-muted-foreground">The writer is drafting your article...</p>
          <Progress value={50} aria-label="Generating content" className="animate-pulse" />
        </div>
      ) : null}
    </div>
  );
}

/**
 * The editor's AI Expert Writers tab: choose one of the five personas and a topic; the server writes the draft (a
 * model when configured, else an outline), and the editor switches to the Manual Editor with it.
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
    generate.mutate(form, { onSuccess: (draft) => onGenerated(draftToPrefill(draft)) });
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
            render={({ field }) => <WriterChoice field={field} error={errors.personaId?.message} />}
          />
          <FormField id="ai-topic" label="Topic" error={errors.topic?.message}>
            <Input
              placeholder="e.g. What the EU AI Act's transparency duties mean for public-sector chatbots"
              {...register('topic')}
            />
          </FormField>
          <GenerateButton pending={generate.isPending} />
        </form>
      </CardContent>
    </Card>
  );
}
