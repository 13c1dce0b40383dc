import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Save, Search } from 'lucide-react';
import { META_DESCRIPTION, type SeoResult } from 'content-schema/seo-form';
import { analyseSeo, SEO_RULES } from 'content-schema/seo';
import { postQueryOptions, usePosts, useUpdatePost } from '../posts/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { SelectItem } from '../../components/ui/select.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { lengthHint } from '../../lib/length-hint.ts';
import { SeoResultView } from './seo-result-view.tsx';
import { EMPTY, SeoPanelSchema, seoInput, valuesFromPost, type SeoPanelValues } from './seo-values.ts';

const TITLE_MAX = 60;

/** The form, the post it was loaded from (if any), loading a post into it, and the analysis. */
function useSeoForm() {
  const queryClient = useQueryClient();
  const form = useForm<SeoPanelValues>({ resolver: zodResolver(SeoPanelSchema), defaultValues: EMPTY });
  const [postId, setPostId] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const [result, setResult] = useState<SeoResult | null>(null);

  async function loadPost(id: number) {
    setLoading(true);
    try {
      const post = await queryClient.fetchQuery(postQueryOptions(id));
      setPostId(id);
      form.reset(valuesFromPost(post));
      setResult(null);
    } catch {
      toast({ title: 'Post not found', variant: 'destructive' });
    } finally {
      setLoading(false);
    }
  }

  const analyse = form.handleSubmit((values) => setResult(analyseSeo(values)));
  return { form, postId, loading, result, loadPost, analyse };
}

/** The post whose fields to load (or none: the fields can be typed directly). */
function LoadFromPost({ seo }: { seo: ReturnType<typeof useSeoForm> }) {
  const posts = usePosts('all');
  return (
    <SelectField
      id="seo-load"
      label="Load from post"
      hint="Fills the fields from a post; you can also type them directly."
      value={seo.postId === null ? '' : String(seo.postId)}
      onValueChange={(v) => void seo.loadPost(Number(v))}
      disabled={seo.loading}
      placeholder={posts.isPending ? 'Loading posts...' : 'Choose a post'}
    >
      {(posts.data ?? []).map((p) => (
        <SelectItem key={p.id} value={String(p.id)}>
          {p.title}
        </SelectItem>
      ))}
    </SelectField>
  );
}

/** The four SEO fields with their counters, and the body the analysis reads. */
function SeoFields({ form }: { form: ReturnType<typeof useSeoForm>['form'] }) {
  const { register, control, formState } = form;
  const err = (name: keyof SeoPanelValues) => formState.errors[name]?.message;
  const [title = '', metaDescription = ''] = useWatch({ control, name: ['title', 'metaDescription'] });
  return (
    <>
      <FormField
        id="seo-title"
        label="SEO Title"
        hint={lengthHint(title.length, TITLE_MAX, SEO_RULES.titleLength)}
        error={err('title')}
      >
        <Input {...register('title')} />
      </FormField>
      <FormField
        id="seo-meta-description"
        label="Meta Description"
        hint={lengthHint(metaDescription.length, META_DESCRIPTION.valid.max, META_DESCRIPTION.valid)}
        error={err('metaDescription')}
      >
        <Textarea rows={3} {...register('metaDescription')} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="seo-focus-keyword" label="Focus Keyword" error={err('focusKeyword')}>
          <Input {...register('focusKeyword')} />
        </FormField>
        <FormField id="seo-slug" label="URL Slug" error={err('slug')}>
          <Input spellCheck={false} {...register('slug')} />
        </FormField>
      </div>
      <FormField id="seo-content" label="Content" hint="The body (markdown) used for keyword density and readability.">
        <Textarea rows={6} className="font-mono text-sm" {...register('content')} />
      </FormField>
    </>
  );
}

/** The SEO tab: counters, validation, the analysis, and saving the fields on a post. */
export function SeoPanel() {
  const seo = useSeoForm();
  const update = useUpdatePost();
  const { postId } = seo;
  const saveToPost = seo.form.handleSubmit((values) => {
    if (postId !== null) update.mutate({ id: postId, input: seoInput(values) });
  });

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
          <LoadFromPost seo={seo} />
          <form onSubmit={seo.analyse} noValidate className="grid gap-5">
            <SeoFields form={seo.form} />
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

      <div aria-live="polite">{seo.result ? <SeoResultView result={seo.result} /> : null}</div>
    </div>
  );
}
