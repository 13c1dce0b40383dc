import { lazy, Suspense, type ComponentType, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import { ArrowLeft, Eye, History, Loader2, PenLine, Save } from 'lucide-react';
import { PostFormSchema, PostInputSchema, type Post, type PostForm } from 'content-schema/post';
import { EDITOR_CATEGORIES } from 'content-schema/categories';
import { useCreatePost } from '../../api/posts/create-post.ts';
import { useUpdatePost } from '../../api/posts/update-post.ts';
import { isApiError } from '../../lib/api-client.ts';
import { readPrefill, type AiWritersSlotProps, type EditorPrefill } from '../../lib/editor-prefill.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { describedBy, Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { PanelLoading } from '../../components/panel-loading.tsx';
import { SharePreviewPanel } from '../preview/share-preview-panel.tsx';
import { CorrectionsSection } from '../corrections/corrections-section.tsx';
import { ProvenanceField } from './provenance-field.tsx';
import { applyMarkdownCommand, type MarkdownCommand } from './markdown-commands.ts';
import { MarkdownToolbar, SHORTCUTS } from './markdown-toolbar.tsx';
import { draftKey, useDraftStore } from './draft-store.ts';
import {
  StoredDraftValuesSchema,
  emptyValues,
  toPostInput,
  valuesFromPost,
  valuesFromPrefill,
  type EditorDefaults,
  type EditorValues,
} from './post-form-values.ts';

const MarkdownPreview = lazy(() => import('./markdown-preview.tsx'));

const DRAFT_SAVE_DELAY_MS = 300;
const SEO_TITLE_MAX = 60;
const META_DESCRIPTION_MAX = 160;
const FIELD_NAMES: ReadonlySet<string> = new Set(Object.keys(PostFormSchema.shape));

/** Whether a name from outside (a server issue path, a prefill key) is one of the form's fields. */
function isFieldName(name: string): name is keyof EditorValues & FieldPath<EditorValues> {
  return FIELD_NAMES.has(name);
}

interface Initial {
  values: EditorDefaults;
  /** When the restored unsaved draft was written, if one was restored. */
  restoredAt: string | null;
  prefilled: boolean;
}

/** Where the editor starts: a template/AI prefill, else the unsaved draft, else the post (or an empty one). */
function initialValues(post: Post | null, prefill: EditorPrefill | null): Initial {
  const base = post ? valuesFromPost(post) : emptyValues();
  if (prefill && !post) return { values: valuesFromPrefill(prefill, base), restoredAt: null, prefilled: true };
  const stored = useDraftStore.getState().drafts[draftKey(post?.id ?? null)];
  if (stored) {
    return {
      values: { ...base, ...StoredDraftValuesSchema.parse(stored.values) },
      restoredAt: stored.savedAt,
      prefilled: false,
    };
  }
  return { values: base, restoredAt: null, prefilled: false };
}

const restoredFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The post editor's manual part (spec §2 Post editor), with the AI Expert Writers tab as a slot. */
export function PostEditor({
  post,
  aiWriters: AiWriters,
}: {
  post: Post | null;
  aiWriters: ComponentType<AiWritersSlotProps>;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const key = draftKey(post?.id ?? null);
  const saveDraft = useDraftStore((s) => s.saveDraft);
  const clearDraft = useDraftStore((s) => s.clearDraft);
  const [initial] = useState(() => initialValues(post, readPrefill(location.state)));
  const [restoredAt, setRestoredAt] = useState(initial.restoredAt);
  const [tab, setTab] = useState<'ai' | 'manual'>('manual');
  const [preview, setPreview] = useState(false);
  const create = useCreatePost();
  const update = useUpdatePost();
  const saving = create.isPending || update.isPending;

  const form = useForm<EditorValues, unknown, PostForm>({
    resolver: zodResolver(PostFormSchema),
    defaultValues: initial.values,
  });
  const { register, control, handleSubmit, setValue, getValues, setError, reset, formState, watch } = form;
  const { errors } = formState;

  // Keep every change in localStorage (debounced, flushed on unmount) until the post is saved.
  const saved = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    const flush = () => {
      window.clearTimeout(timer.current);
      timer.current = undefined;
      if (!saved.current) saveDraft(key, getValues());
    };
    const subscription = watch(() => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(flush, DRAFT_SAVE_DELAY_MS);
    });
    return () => {
      subscription.unsubscribe();
      if (timer.current !== undefined) flush();
    };
  }, [watch, getValues, saveDraft, key]);

  // A template's content is applied once: store it as the draft and drop it from the history entry,
  // so that a reload restores later edits instead of re-applying the template.
  useEffect(() => {
    if (!initial.prefilled) return;
    saveDraft(key, getValues());
    void navigate('.', { replace: true, state: null });
  }, [initial.prefilled, saveDraft, key, getValues, navigate]);

  const contentRef = useRef<HTMLTextAreaElement | null>(null);
  const contentField = register('content');

  function runCommand(command: MarkdownCommand) {
    const el = contentRef.current;
    if (!el) return;
    const next = applyMarkdownCommand({ value: el.value, start: el.selectionStart, end: el.selectionEnd }, command);
    setValue('content', next.value, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.start, next.end);
    });
  }

  function onContentKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const command = SHORTCUTS[event.key.toLowerCase()];
    if (command) {
      event.preventDefault();
      runCommand(command);
    }
  }

  function applyGenerated(prefill: EditorPrefill) {
    const values = valuesFromPrefill(prefill, getValues());
    for (const [name, value] of Object.entries(values)) {
      if (isFieldName(name)) setValue(name, value, { shouldDirty: true });
    }
    setTab('manual');
  }

  function showServerIssues(error: unknown) {
    if (!isApiError(error)) return;
    for (const issue of error.issues ?? []) {
      if (isFieldName(issue.path)) setError(issue.path, { message: issue.message });
    }
  }

  const onSubmit = handleSubmit((values) => {
    // Kept until the server confirms: if the session has expired, the login screen takes over and nothing is lost.
    saveDraft(key, getValues());
    const input = toPostInput(values, post?.authorId);
    const check = PostInputSchema.safeParse(input);
    if (!check.success) {
      for (const issue of check.error.issues) {
        const name = String(issue.path[0] ?? '');
        if (isFieldName(name)) setError(name, { message: issue.message });
      }
      return;
    }
    const onSuccess = () => {
      saved.current = true;
      window.clearTimeout(timer.current);
      clearDraft(key);
      void navigate('/');
    };
    if (post) update.mutate({ id: post.id, input }, { onSuccess, onError: showServerIssues });
    else create.mutate(input, { onSuccess, onError: showServerIssues });
  });

  function discardDraft() {
    clearDraft(key);
    reset(post ? valuesFromPost(post) : emptyValues());
    setRestoredAt(null);
  }

  const [seoTitle = '', metaDescription = ''] = useWatch({ control, name: ['seoTitle', 'metaDescription'] });

  return (
    <div className="min-h-screen">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
          <div className="flex items-center gap-3">
            <Button asChild variant="ghost" size="sm">
              <Link to="/">
                <ArrowLeft aria-hidden="true" />
                Back to Dashboard
              </Link>
            </Button>
            <h1 className="text-xl font-bold">{post ? 'Edit Post' : 'Create New Post'}</h1>
          </div>
          <div className="flex items-center gap-2">
            <Button variant="outline" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
              {preview ? <PenLine aria-hidden="true" /> : <Eye aria-hidden="true" />}
              Preview
            </Button>
            <Button type="submit" form="post-form" disabled={saving}>
              {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
              {saving ? 'Saving...' : post ? 'Update Post' : 'Create Post'}
            </Button>
          </div>
        </div>
      </header>

      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        {restoredAt ? (
          <div
            role="status"
            className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-warning/40 bg-background p-3 text-sm"
          >
            <span className="inline-flex items-center gap-2">
              <History className="size-4" aria-hidden="true" />
              Restored your unsaved changes from {restoredFormat.format(new Date(restoredAt))}.
            </span>
            <Button variant="outline" size="sm" onClick={discardDraft}>
              Discard changes
            </Button>
          </div>
        ) : null}

        <Tabs value={tab} onValueChange={(v) => setTab(v === 'ai' ? 'ai' : 'manual')}>
          <TabsList aria-label="Editor mode">
            <TabsTrigger value="ai">AI Expert Writers</TabsTrigger>
            <TabsTrigger value="manual">Manual Editor</TabsTrigger>
          </TabsList>
          <TabsContent value="ai">
            <Suspense fallback={<PanelLoading />}>
              <AiWriters onGenerated={applyGenerated} />
            </Suspense>
          </TabsContent>
          {/* The form stays mounted on the AI tab so nothing typed is lost when switching. */}
          <TabsContent value="manual" forceMount hidden={tab !== 'manual'}>
            <form
              id="post-form"
              onSubmit={onSubmit}
              noValidate
              className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
            >
              <div className="grid content-start gap-6">
                {preview ? (
                  <Suspense fallback={<PanelLoading label="Loading preview..." />}>
                    <PreviewOfForm control={control} />
                  </Suspense>
                ) : null}
                <Card hidden={preview}>
                  <CardContent className="grid gap-5 pt-5">
                    <Field id="post-title" label="Title" error={errors.title?.message}>
                      <Input
                        id="post-title"
                        placeholder="Enter post title..."
                        aria-invalid={errors.title ? true : undefined}
                        aria-describedby={describedBy('post-title', { error: errors.title?.message })}
                        {...register('title')}
                      />
                    </Field>
                    <Field id="post-excerpt" label="Excerpt" error={errors.excerpt?.message}>
                      <Textarea
                        id="post-excerpt"
                        rows={3}
                        placeholder="A short summary shown on cards and in search results..."
                        aria-invalid={errors.excerpt ? true : undefined}
                        aria-describedby={describedBy('post-excerpt', { error: errors.excerpt?.message })}
                        {...register('excerpt')}
                      />
                    </Field>
                    <div className="grid gap-2">
                      <Label htmlFor="post-content">Content</Label>
                      <div>
                        <MarkdownToolbar onCommand={runCommand} controls="post-content" />
                        <Textarea
                          id="post-content"
                          rows={22}
                          className="rounded-t-none font-mono text-sm leading-relaxed"
                          placeholder="Write your post in Markdown..."
                          aria-invalid={errors.content ? true : undefined}
                          aria-describedby={describedBy('post-content', { hint: true, error: errors.content?.message })}
                          onKeyDown={onContentKeyDown}
                          {...contentField}
                          ref={(el) => {
                            contentField.ref(el);
                            contentRef.current = el;
                          }}
                        />
                      </div>
                      <p id="post-content-hint" className="text-xs text-muted-foreground">
                        Markdown: headings, **bold**, *italic*, `code`, links, images, lists and quotes.
                      </p>
                      {errors.content?.message ? (
                        <p id="post-content-error" className="text-sm font-medium text-destructive">
                          {errors.content.message}
                        </p>
                      ) : null}
                    </div>
                  </CardContent>
                </Card>
              </div>

              <aside className="grid content-start gap-6" aria-label="Post settings">
                <Card>
                  <CardHeader>
                    <CardTitle as="h2" className="text-base">
                      Post Settings
                    </CardTitle>
                  </CardHeader>
                  <CardContent className="grid gap-5">
                    <Field id="post-category" label="Category" error={errors.category?.message}>
                      <Controller
                        control={control}
                        name="category"
                        render={({ field }) => (
                          <Select value={field.value ?? ''} onValueChange={field.onChange}>
                            <SelectTrigger
                              id="post-category"
                              ref={field.ref}
                              onBlur={field.onBlur}
                              aria-invalid={errors.category ? true : undefined}
                              aria-describedby={describedBy('post-category', { error: errors.category?.message })}
                            >
                              <SelectValue placeholder="Select a category" />
                            </SelectTrigger>
                            <SelectContent>
                              {EDITOR_CATEGORIES.map((c) => (
                                <SelectItem key={c} value={c}>
                                  {c}
                                </SelectItem>
                              ))}
                              {field.value && !(EDITOR_CATEGORIES as readonly string[]).includes(field.value) ? (
                                <SelectItem value={field.value}>{field.value}</SelectItem>
                              ) : null}
                            </SelectContent>
                          </Select>
                        )}
                      />
                    </Field>
                    <Field id="post-tags" label="Tags" hint="Separate tags with commas." error={errors.tags?.message}>
                      <Input
                        id="post-tags"
                        placeholder="AI, Startups, Europe"
                        aria-describedby={describedBy('post-tags', { hint: true, error: errors.tags?.message })}
                        {...register('tags')}
                      />
                    </Field>
                    <Field id="post-author" label="Author Name" error={errors.authorName?.message}>
                      <Input
                        id="post-author"
                        autoComplete="name"
                        aria-invalid={errors.authorName ? true : undefined}
                        aria-describedby={describedBy('post-author', { error: errors.authorName?.message })}
                        {...register('authorName')}
                      />
                    </Field>
                    <ProvenanceField control={control} error={errors.provenance?.message} editedBy={post?.editedBy ?? null} />
                    <Field id="post-read-time" label="Read Time (minutes)" error={errors.readTime?.message}>
                      <Input
                        id="post-read-time"
                        type="number"
                        inputMode="numeric"
                        min={1}
                        step={1}
                        aria-invalid={errors.readTime ? true : undefined}
                        aria-describedby={describedBy('post-read-time', { error: errors.readTime?.message })}
                        {...register('readTime', { valueAsNumber: true })}
                      />
                    </Field>
                    <div className="flex items-center justify-between gap-3">
                      <Label htmlFor="post-published">Published</Label>
                      <Controller
                        control={control}
                        name="published"
                        render={({ field }) => (
                          <Switch
                            id="post-published"
                            checked={field.value}
                            onCheckedChange={field.onChange}
                            onBlur={field.onBlur}
                            ref={field.ref}
                          />
                        )}
                      />
                    </div>
                  </CardContent>
                </Card>

                <Card>
                  <CardHeader>
                    <CardTitle as="h2" className="text-base">
                      SEO
                    </CardTitle>
                  </CardHeader>
                  <CardContent className="grid gap-5">
                    <Field
                      id="post-seo-title"
                      label="SEO Title"
                      hint={`${seoTitle.length}/${SEO_TITLE_MAX} · recommended 50-60 characters`}
                      error={errors.seoTitle?.message}
                    >
                      <Input
                        id="post-seo-title"
                        aria-invalid={errors.seoTitle ? true : undefined}
                        aria-describedby={describedBy('post-seo-title', {
                          hint: true,
                          error: errors.seoTitle?.message,
                        })}
                        {...register('seoTitle')}
                      />
                    </Field>
                    <Field
                      id="post-meta-description"
                      label="Meta Description"
                      hint={`${metaDescription.length}/${META_DESCRIPTION_MAX} · recommended 120-160 characters`}
                      error={errors.metaDescription?.message}
                    >
                      <Textarea
                        id="post-meta-description"
                        rows={3}
                        aria-invalid={errors.metaDescription ? true : undefined}
                        aria-describedby={describedBy('post-meta-description', {
                          hint: true,
                          error: errors.metaDescription?.message,
                        })}
                        {...register('metaDescription')}
                      />
                    </Field>
                    <Field id="post-focus-keyword" label="Focus Keyword" error={errors.focusKeyword?.message}>
                      <Input id="post-focus-keyword" {...register('focusKeyword')} />
                    </Field>
                    <Field
                      id="post-slug"
                      label="URL Slug"
                      hint="Leave empty to derive it from the title."
                      error={errors.slug?.message}
                    >
                      <Input
                        id="post-slug"
                        spellCheck={false}
                        aria-invalid={errors.slug ? true : undefined}
                        aria-describedby={describedBy('post-slug', { hint: true, error: errors.slug?.message })}
                        {...register('slug')}
                      />
                    </Field>
                  </CardContent>
                </Card>
                {post ? <SharePreviewPanel postId={post.id} published={post.published} /> : null}
              </aside>
            </form>
            {post ? (
              <div className="mt-6">
                <CorrectionsSection post={post} />
              </div>
            ) : null}
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}

/** The preview of the form's current values. */
function PreviewOfForm({
  control,
}: {
  control: ReturnType<typeof useForm<EditorValues, unknown, PostForm>>['control'];
}) {
  const [title = '', excerpt = '', content = '', category, authorName = '', readTime = 0] = useWatch({
    control,
    name: ['title', 'excerpt', 'content', 'category', 'authorName', 'readTime'],
  });
  return (
    <MarkdownPreview
      title={title}
      excerpt={excerpt}
      content={content}
      category={category}
      authorName={authorName}
      readTime={Number(readTime)}
    />
  );
}
