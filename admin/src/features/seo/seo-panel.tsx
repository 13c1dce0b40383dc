import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AlertCircle, AlertTriangle, CheckCircle2, Loader2, Save, Search } from 'lucide-react';
import { META_DESCRIPTION, SeoFormSchema, type SeoRecommendation, type SeoResult } from 'content-schema/seo-form';
import { analyseSeo, seoScoreVariant, SEO_RULES } from 'content-schema/seo';
import type { Post } from 'content-schema/post';
import { postQueryOptions, usePosts, useUpdatePost } from '../posts/index.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Field, describedBy } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { cn } from '../../lib/cn.ts';

/** The spec's four fields, plus the body the density and readability checks read. */
const SeoPanelSchema = SeoFormSchema.extend({ content: z.string() });
type SeoPanelValues = z.infer<typeof SeoPanelSchema>;

const EMPTY: SeoPanelValues = { title: '', metaDescription: '', focusKeyword: '', slug: '', content: '' };
const TITLE_MAX = 60;

function valuesFromPost(post: Post): SeoPanelValues {
  return {
    title: post.seoTitle ?? post.title,
    metaDescription: post.metaDescription ?? post.excerpt,
    focusKeyword: post.focusKeyword ?? '',
    slug: post.slug,
    content: post.content,
  };
}

const RECOMMENDATION_STYLE: Record<
  SeoRecommendation['type'],
  { className: string; icon: typeof CheckCircle2; label: string }
> = {
  success: { className: 'border-success/30 bg-success/10 text-success', icon: CheckCircle2, label: 'Good' },
  warning: { className: 'border-warning/30 bg-warning/10 text-warning', icon: AlertTriangle, label: 'Warning' },
  error: { className: 'border-destructive/30 bg-destructive/10 text-destructive', icon: AlertCircle, label: 'Error' },
};

/** The SEO tab (spec §2 SEO Optimization panel): counters, validation, the analysis, and saving the fields on a post. */
export function SeoPanel() {
  const queryClient = useQueryClient();
  const posts = usePosts('all');
  const update = useUpdatePost();
  const [postId, setPostId] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const [result, setResult] = useState<SeoResult | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SeoPanelValues>({ resolver: zodResolver(SeoPanelSchema), defaultValues: EMPTY });
  const [title = '', metaDescription = ''] = useWatch({ control, name: ['title', 'metaDescription'] });

  async function loadPost(id: number) {
    setLoading(true);
    try {
      const post = await queryClient.fetchQuery(postQueryOptions(id));
      setPostId(id);
      reset(valuesFromPost(post));
      setResult(null);
    } catch {
      toast({ title: 'Post not found', variant: 'destructive' });
    } finally {
      setLoading(false);
    }
  }

  const analyse = handleSubmit((values) => setResult(analyseSeo(values)));

  const saveToPost = handleSubmit((values) => {
    if (postId === null) return;
    update.mutate({
      id: postId,
      input: {
        seoTitle: values.title,
        metaDescription: values.metaDescription,
        focusKeyword: values.focusKeyword,
        slug: values.slug,
      },
    });
  });

  const err = (name: keyof SeoPanelValues) => errors[name]?.message;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <Search className="size-5" aria-hidden="true" />
            SEO Optimization
          </CardTitle>
          <CardDescription>Check a post’s search appearance before publishing.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <Field
            id="seo-load"
            label="Load from post"
            hint="Fills the fields from a post; you can also type them directly."
          >
            <Select
              value={postId === null ? '' : String(postId)}
              onValueChange={(v) => void loadPost(Number(v))}
              disabled={loading}
            >
              <SelectTrigger id="seo-load" aria-describedby="seo-load-hint">
                <SelectValue placeholder={posts.isPending ? 'Loading posts...' : 'Choose a post'} />
              </SelectTrigger>
              <SelectContent>
                {(posts.data ?? []).map((p) => (
                  <SelectItem key={p.id} value={String(p.id)}>
                    {p.title}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>

          <form onSubmit={analyse} noValidate className="grid gap-5">
            <Field
              id="seo-title"
              label="SEO Title"
              hint={`${title.length}/${TITLE_MAX} · recommended ${SEO_RULES.titleLength.min}-${SEO_RULES.titleLength.max} characters`}
              error={err('title')}
            >
              <Input
                id="seo-title"
                aria-invalid={err('title') ? true : undefined}
                aria-describedby={describedBy('seo-title', { hint: true, error: err('title') })}
                {...register('title')}
              />
            </Field>
            <Field
              id="seo-meta-description"
              label="Meta Description"
              hint={`${metaDescription.length}/${META_DESCRIPTION.valid.max} · recommended ${META_DESCRIPTION.valid.min}-${META_DESCRIPTION.valid.max} characters`}
              error={err('metaDescription')}
            >
              <Textarea
                id="seo-meta-description"
                rows={3}
                aria-invalid={err('metaDescription') ? true : undefined}
                aria-describedby={describedBy('seo-meta-description', { hint: true, error: err('metaDescription') })}
                {...register('metaDescription')}
              />
            </Field>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field id="seo-focus-keyword" label="Focus Keyword" error={err('focusKeyword')}>
                <Input
                  id="seo-focus-keyword"
                  aria-invalid={err('focusKeyword') ? true : undefined}
                  aria-describedby={describedBy('seo-focus-keyword', { error: err('focusKeyword') })}
                  {...register('focusKeyword')}
                />
              </Field>
              <Field id="seo-slug" label="URL Slug" error={err('slug')}>
                <Input
                  id="seo-slug"
                  spellCheck={false}
                  aria-invalid={err('slug') ? true : undefined}
                  aria-describedby={describedBy('seo-slug', { error: err('slug') })}
                  {...register('slug')}
                />
              </Field>
            </div>
            <Field
              id="seo-content"
              label="Content"
              hint="The body (markdown) used for keyword density and readability."
            >
              <Textarea
                id="seo-content"
                rows={6}
                className="font-mono text-sm"
                aria-describedby="seo-content-hint"
                {...register('content')}
              />
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit">
                <Search aria-hidden="true" />
                Analyze SEO
              </Button>
              {postId !== null ? (
                <Button variant="outline" onClick={() => void saveToPost()} disabled={update.isPending}>
                  {update.isPending ? (
                    <Loader2 className="animate-spin" aria-hidden="true" />
                  ) : (
                    <Save aria-hidden="true" />
                  )}
                  Save to post
                </Button>
              ) : null}
            </div>
          </form>
        </CardContent>
      </Card>

      <div aria-live="polite">{result ? <SeoResultView result={result} /> : null}</div>
    </div>
  );
}

function SeoResultView({ result }: { result: SeoResult }) {
  const densityOk = result.keywordDensity >= SEO_RULES.density.min && result.keywordDensity <= SEO_RULES.density.max;
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
        <dl className="grid grid-cols-2 gap-4">
          <div className="rounded-md border p-3">
            <dt className="text-xs text-muted-foreground">Keyword Density</dt>
            <dd className={cn('text-2xl font-bold', densityOk ? 'text-success' : 'text-warning')}>
              {result.keywordDensity}%
            </dd>
            <dd className="text-xs text-muted-foreground">
              Optimal: {SEO_RULES.density.min}-{SEO_RULES.density.max}%
            </dd>
          </div>
          <div className="rounded-md border p-3">
            <dt className="text-xs text-muted-foreground">Readability</dt>
            <dd className="text-2xl font-bold">{result.readabilityScore}/100</dd>
            <dd className="text-xs text-muted-foreground">
              {result.readabilityScore >= SEO_RULES.readability.good ? 'Good' : 'Could be easier'}
            </dd>
          </div>
        </dl>
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
