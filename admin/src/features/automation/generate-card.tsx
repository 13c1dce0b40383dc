import { Loader2, Sparkles } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useGeneratePost } from './api/generate-post.ts';
import { generationFailure } from './automation-texts.ts';
import { GenerationProgress } from './generation-progress.tsx';

/** Generate Now / Generate Deep Dive: a draft from the next topic of the queue, with progress and any failure. */
export function GenerateCard() {
  const daily = useGeneratePost('daily');
  const deepDive = useGeneratePost('deep-dive');
  const busy = daily.isPending || deepDive.isPending;
  const failure = daily.error ?? deepDive.error;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="flex items-center gap-2">
          <Sparkles className="size-5" aria-hidden="true" />
          Generate Content
        </CardTitle>
        <CardDescription>
          Generates a draft from the next topic in the queue. Drafts are never published automatically: review them
          under Drafts.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => daily.mutate()} disabled={busy}>
            {daily.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Generate Now
          </Button>
          <Button variant="outline" onClick={() => deepDive.mutate()} disabled={busy}>
            {deepDive.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Generate Deep Dive
          </Button>
        </div>
        {busy ? (
          <GenerationProgress label={daily.isPending ? 'Generating daily post...' : 'Generating Deep Dive post...'} />
        ) : null}
        {!busy && failure ? (
          <p className="text-sm text-destructive" role="alert">
            {generationFailure(failure)}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
