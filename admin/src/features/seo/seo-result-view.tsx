import { AlertCircle, AlertTriangle, CheckCircle2 } from 'lucide-react';
import type { SeoRecommendation, SeoResult } from 'content-schema/seo-form';
import { SEO_RULES, seoScoreVariant } from 'content-schema/seo';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { cn } from '../../lib/cn.ts';
import { densityOk, readabilityVerdict } from './seo-values.ts';

const RECOMMENDATION_STYLE: Record<
  SeoRecommendation['type'],
  { className: string; icon: typeof CheckCircle2; label: string }
> = {
  success: { className: 'border-success/30 bg-success/10 text-success', icon: CheckCircle2, label: 'Good' },
  warning: { className: 'border-warning/30 bg-warning/10 text-warning', icon: AlertTriangle, label: 'Warning' },
  error: { className: 'border-destructive/30 bg-destructive/10 text-destructive', icon: AlertCircle, label: 'Error' },
};

/** Keyword density (against the optimal band) and readability. */
function SeoFigures({ result }: { result: SeoResult }) {
  return (
    <dl className="grid grid-cols-2 gap-4">
      <div className="rounded-md border p-3">
        <dt className="text-xs text-muted-foreground">Keyword Density</dt>
        <dd className={cn('text-2xl font-bold', densityOk(result) ? 'text-success' : 'text-warning')}>
          {result.keywordDensity}%
        </dd>
        <dd className="text-xs text-muted-foreground">
          Optimal: {SEO_RULES.density.min}-{SEO_RULES.density.max}%
        </dd>
      </div>
      <div className="rounded-md border p-3">
        <dt className="text-xs text-muted-foreground">Readability</dt>
        <dd className="text-2xl font-bold">{result.readabilityScore}/100</dd>
        <dd className="text-xs text-muted-foreground">{readabilityVerdict(result)}</dd>
      </div>
    </dl>
  );
}

/** The analysis: the score, the figures and each recommendation with its kind. */
export function SeoResultView({ result }: { result: SeoResult }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">SEO Analysis</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-2">
          <div className="flex items-center justify-between">
            <span className="text-sm font-medium" id="seo-score-label">
              SEO Score
            </span>
            <Badge variant={seoScoreVariant(result.score)} data-testid="seo-score">
              {result.score}/100
            </Badge>
          </div>
          <Progress value={result.score} max={SEO_RULES.maxScore} aria-labelledby="seo-score-label" />
        </div>
        <SeoFigures result={result} />
        <div>
          <h3 className="mb-2 text-sm font-medium">Recommendations</h3>
          <ul className="grid gap-2">
            {result.recommendations.map((r) => {
              const style = RECOMMENDATION_STYLE[r.type];
              const Icon = style.icon;
              return (
                <li
                  key={r.message}
                  className={cn('flex items-start gap-2 rounded-md border p-2.5 text-sm', style.className)}
                  data-type={r.type}
                >
                  <Icon className="mt-0.5 size-4 shrink-0" aria-label={style.label} />
                  <span className="text-foreground">{r.message}</span>
                </li>
              );
            })}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
