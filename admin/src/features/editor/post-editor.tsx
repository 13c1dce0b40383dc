import { lazy, Suspense, type ComponentType, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router';
import { Eye, History, Loader2, PenLine, Save } from 'lucide-react';
import { z } from 'zod';
import { PostFormSchema, PostInputSchema, type Post, type PostForm } from 'content-schema/post';
import { META_DESCRIPTION } from 'content-schema/seo-form';
import { WorkingCopyKeySchema, type WorkingCopy } from 'content-schema/revisions';
import { EDITOR_CATEGORIES } from 'content-schema/categories';
import { postConflict, useCreatePost, useUpdatePost } from '../posts/index.ts';
import { deleteWorkingCopy, readWorkingCopy } from './api/working-copies.ts';
import { isApiError } from '../../lib/api-client.ts';
import { readPrefill, type AiWritersTabProps, type EditorPrefill } from '../../lib/editor-prefill.ts';
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
import { SharePreviewPanel } from '../preview/index.ts';
import { CorrectionsSection } from '../corrections/index.ts';
import { ProvenanceField } from './provenance-field.tsx';
import { applyMarkdownCommand, type MarkdownCommand } from './markdown-commands.ts';
import { MarkdownToolbar, SHORTCUTS } from './markdown-toolbar.tsx';
import { draftKey, newCopyKey, useDraftStore } from './draft-store.ts';
import { useAutosave } from './autosave.ts';
import { SaveStatus } from './save-status.tsx';
import { differingFields, fieldsOf, fromCopyFields, toCopyFields } from './copy-fields.ts';
import { FieldsDiff } from './fields-diff.tsx';
import { RevisionsPanel } from './revisions-panel.tsx';
import {
  emptyValues,
  toPostInput,
  valuesFromPost,
  valuesFromPrefill,
  type EditorDefaults,
  type EditorValues,
} from './post-form-values.ts';
import { formatDateTime } from 'content-schema/format';
import { ScreenHeader } from '../../components/screen-header.tsx';

const MarkdownPreview = lazy(() => import('./markdown-preview.tsx'));

const SEO_TITLE_MAX = 60;
const FIELD_NAMES: ReadonlySet<string> = new Set(Object.keys(PostFormSchema.shape));

/** Whether a name from outside (a server issue path, a prefill key) is one of the form's fields. */
function isFieldName(name: string): name is keyof EditorValues & FieldPath<EditorValues> {
  return FIELD_NAMES.has(name);
}

/** Unsaved changes found on opening, offered for restoring. */
interface Offer {
  values: EditorDefaults;
  /** When they were written. */
  at: string;
  /** The post version they were made on. */
  baseVersion: number;
  source: 'browser' | 'server';
}

/** A save refused because someone else saved first: the post as it is now, or the other tab's working copy. */
type Conflict = { kind: 'post'; theirs: Post } | { kind: 'copy'; theirs: WorkingCopy | null };

/** Router state from the dashboard's "unsaved changes" list: the working copy of a post not yet created. */
const CopyStateSchema = z.object({ copyKey: WorkingCopyKeySchema });

interface Initial {
  values: EditorDefaults;
  /** Unsaved changes kept in this browser that differ from the post, if any. */
  offer: Offer | null;
  prefilled: boolean;
  copyKey: string;
  /** Whether the server may hold a working copy under `copyKey` (not for a key made just now). */
  checkServer: boolean;
}

const differs = (a: EditorDefaults, b: EditorDefaults) => differingFields(toCopyFields(a), toCopyFields(b)).length > 0;

/** Where the editor starts: a template/AI prefill, else the post (or an empty one), offering any unsaved draft. */
function initialValues(post: Post | null, prefill: EditorPrefill | null, state: unknown): Initial {
  const base = post ? valuesFromPost(post) : emptyValues();
  const stored = useDraftStore.getState().drafts[draftKey(post?.id ?? null)];
  const fromDashboard = CopyStateSchema.safeParse(state);
  const copyKey = post
    ? `post:${post.id}`
    : fromDashboard.success
      ? fromDashboard.data.copyKey
      : (stored?.copyKey ?? newCopyKey());
  const checkServer = !!post || fromDashboard.success || !!stored?.copyKey;
  if (prefill && !post) {
    return { values: valuesFromPrefill(prefill, base), offer: null, prefilled: true, copyKey, checkServer };
  }
  if (stored && (post || !fromDashboard.success || stored.copyKey === copyKey)) {
    const values = { ...base, ...fromCopyFields(stored.values) };
    if (differs(values, base)) {
      const offer: Offer = {
        values,
        at: stored.savedAt,
        baseVersion: stored.baseVersion ?? post?.version ?? 0,
        source: 'browser',
      };
      return { values: base, offer, prefilled: false, copyKey, checkServer };
    }
  }
  return { values: base, offer: null, prefilled: false, copyKey, checkServer };
}


/** The post editor's manual part (spec §2 Post editor), with the AI Expert Writers tab handed in by the editor route. */
export function PostEditor({
  post,
  aiWriters: AiWriters,
}: {
  post: Post | null;
  aiWriters: ComponentType<AiWritersTabProps>;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const key = draftKey(post?.id ?? null);
  const saveDraft = useDraftStore((s) => s.saveDraft);
  const clearDraft = useDraftStore((s) => s.clearDraft);
  const clearOwnDraft = useDraftStore((s) => s.clearOwnDraft);
  const [initial] = useState(() => initialValues(post, readPrefill(location.state), location.state));
  const copyKey = initial.copyKey;
  const [offer, setOffer] = useState<Offer | null>(initial.offer);
  /** Until the server's working copy has been looked at, autosave waits (it might have to offer that copy). */
  const [checking, setChecking] = useState(initial.checkServer);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  /** The saved post the editor is based on: a save names its version and is refused if the post moved on. */
  const [current, setCurrent] = useState<Post | null>(post);
  const baseVersion = useRef(post?.version ?? 0);
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

  const autosave = useAutosave({
    copyKey,
    fields: () => toCopyFields(getValues()),
    baseVersion: () => baseVersion.current,
    onConflict: (theirs) => {
      // Another tab wrote exactly these words (or this tab did, before a reload): nothing to choose.
      if (theirs && differingFields(theirs.fields, toCopyFields(getValues())).length === 0) {
        autosave.setRevision(theirs.revision);
        autosave.resume({ dirty: false, saved: true });
        return;
      }
      setConflict({ kind: 'copy', theirs });
    },
  });
  const waiting = offer !== null || checking;
  useEffect(() => {
    if (waiting) autosave.pause();
    else autosave.resume();
  }, [waiting]);

  // Every change goes to localStorage at once (a closed tab or a dead network loses nothing) and to the server
  // working copy after a quiet moment. Resets the editor makes itself (a restore, taking theirs) are not changes.
  const quiet = useRef(false);
  useEffect(() => {
    const subscription = watch(() => {
      if (quiet.current) return;
      saveDraft(key, { values: getValues(), baseVersion: baseVersion.current, copyKey });
      autosave.changed();
    });
    return () => subscription.unsubscribe();
  }, [watch, getValues, saveDraft, key, copyKey]);

  function replaceValues(values: EditorDefaults) {
    quiet.current = true;
    try {
      reset(values);
    } finally {
      quiet.current = false;
    }
  }

  // The server's working copy (autosaved by this or another browser): its revision is what this tab has seen, and
  // if it holds changes newer than this browser's, it is the one offered.
  useEffect(() => {
    if (!checking) return;
    let stop = false;
    readWorkingCopy(copyKey)
      .then((copy) => {
        if (stop || !copy) return;
        autosave.setRevision(copy.revision);
        const base = post ? valuesFromPost(post) : emptyValues();
        const values = { ...base, ...fromCopyFields(copy.fields) };
        if (!differs(values, base)) return;
        // This browser's copy wins when it is at least as new (the server's may lag it by an autosave or more).
        setOffer((local) =>
          local && Date.parse(local.at) >= Date.parse(copy.updatedAt)
            ? local
            : { values, at: copy.updatedAt, baseVersion: copy.baseVersion, source: 'server' },
        );
      })
      .catch(() => {
        // Offline or signed out: the browser's copy (if any) is what there is; autosave says so when it tries.
      })
      .finally(() => {
        if (!stop) setChecking(false);
      });
    return () => {
      stop = true;
    };
  }, []);

  function restoreOffer() {
    if (!offer) return;
    replaceValues(offer.values);
    baseVersion.current = offer.baseVersion;
    saveDraft(key, { values: getValues(), baseVersion: offer.baseVersion, copyKey });
    // The restored words go to the server copy too (they may have been only in this browser).
    autosave.changed();
    setOffer(null);
  }

  function discardOffer() {
    clearDraft(key);
    void deleteWorkingCopy(copyKey).catch(() => {});
    autosave.setRevision(0);
    setOffer(null);
  }

  // A template's content is applied once: store it as the draft and drop it from the history entry,
  // so that a reload offers later edits instead of re-applying the template.
  useEffect(() => {
    if (!initial.prefilled) return;
    saveDraft(key, { values: getValues(), baseVersion: 0, copyKey });
    autosave.changed();
    void navigate('.', { replace: true, state: null });
  }, []);

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
    saveDraft(key, { values: getValues(), baseVersion: baseVersion.current, copyKey });
    const input = toPostInput(values, post?.authorId);
    const check = PostInputSchema.safeParse(input);
    if (!check.success) {
      for (const issue of check.error.issues) {
        const name = String(issue.path[0] ?? '');
        if (isFieldName(name)) setError(name, { message: issue.message });
      }
      return;
    }
    // No autosave may land after the save (it would bring back a working copy of what is now saved).
    autosave.pause();
    const onSuccess = () => {
      autosave.settle();
      clearOwnDraft(key);
      // The server removes a post's copy with the save; a new post's copy goes now (before the dashboard lists them).
      if (post) void navigate('/');
      else
        void deleteWorkingCopy(copyKey)
          .catch(() => {})
          .finally(() => void navigate('/'));
    };
    const onError = (error: unknown) => {
      const theirs = postConflict(error);
      if (theirs) setConflict({ kind: 'post', theirs });
      else {
        showServerIssues(error);
        autosave.resume();
      }
    };
    if (post) {
      const saved = { ...input, version: baseVersion.current, copyRevision: autosave.revision() };
      update.mutate({ id: post.id, input: saved }, { onSuccess, onError });
    } else create.mutate(input, { onSuccess, onError });
  });

  /** Compare view: keep the editor's words (saved over theirs, or written over the other tab's copy). */
  function keepMine() {
    if (!conflict) return;
    setConflict(null);
    if (conflict.kind === 'post') {
      baseVersion.current = conflict.theirs.version;
      setCurrent(conflict.theirs);
      void onSubmit();
    } else {
      autosave.setRevision(conflict.theirs?.revision ?? 0);
      autosave.resume({ dirty: true });
    }
  }

  /** Compare view: take the other version into the editor, dropping the editor's unsaved words. */
  function takeTheirs() {
    if (!conflict) return;
    setConflict(null);
    if (conflict.kind === 'post') {
      replaceValues(valuesFromPost(conflict.theirs));
      baseVersion.current = conflict.theirs.version;
      setCurrent(conflict.theirs);
      clearDraft(key);
      void deleteWorkingCopy(copyKey).catch(() => {});
      autosave.setRevision(0);
      autosave.resume({ dirty: false });
    } else if (conflict.theirs) {
      replaceValues({ ...getValues(), ...fromCopyFields(conflict.theirs.fields) });
      baseVersion.current = conflict.theirs.baseVersion;
      saveDraft(key, { values: getValues(), baseVersion: baseVersion.current, copyKey });
      autosave.setRevision(conflict.theirs.revision);
      autosave.resume({ dirty: false });
    }
  }

  /** A revision restored on the server: the editor now shows (and is based on) the post it saved. */
  function restored(saved: Post) {
    replaceValues(valuesFromPost(saved));
    baseVersion.current = saved.version;
    setCurrent(saved);
    clearDraft(key);
    void deleteWorkingCopy(copyKey).catch(() => {});
    autosave.setRevision(0);
    autosave.resume({ dirty: false });
  }

  function restoreConflict(error: unknown): boolean {
    const theirs = postConflict(error);
    if (theirs) setConflict({ kind: 'post', theirs });
    return theirs !== null;
  }

  const [seoTitle = '', metaDescription = ''] = useWatch({ control, name: ['seoTitle', 'metaDescription'] });

  return (
    <div className="min-h-screen">
      <ScreenHeader
        title={post ? 'Edit Post' : 'Create New Post'}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <SaveStatus status={autosave.status} />
            <Button variant="outline" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
              {preview ? <PenLine aria-hidden="true" /> : <Eye aria-hidden="true" />}
              Preview
            </Button>
            <Button type="submit" form="post-form" disabled={saving || offer !== null || conflict !== null}>
              {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
              {saving ? 'Saving...' : post ? 'Update Post' : 'Create Post'}
            </Button>
          </div>
        }
      />

      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        {offer ? (
          <section
            aria-labelledby="unsaved-offer-title"
            className="mb-4 grid gap-3 rounded-md border border-warning/40 bg-background p-4 text-sm"
          >
            <h2 id="unsaved-offer-title" className="inline-flex items-center gap-2 font-semibold">
              <History className="size-4" aria-hidden="true" />
              Unsaved changes found
            </h2>
            <p>
              You have unsaved changes from {formatDateTime(offer.at)}
              {offer.source === 'browser' ? ', kept in this browser' : ', autosaved to the server'}.
              {current && offer.baseVersion < current.version
                ? ' The post has been saved since they were made; saving them will let you compare first.'
                : ''}{' '}
              Restore them, or discard them and edit the saved post.
            </p>
            <div className="flex gap-2">
              <Button size="sm" onClick={restoreOffer}>
                Restore
              </Button>
              <Button variant="outline" size="sm" onClick={discardOffer}>
                Discard
              </Button>
            </div>
          </section>
        ) : null}

        {conflict ? (
          <section
            aria-labelledby="conflict-title"
            className="mb-4 grid gap-4 rounded-md border border-destructive/40 bg-background p-4"
            ref={(el) => el?.scrollIntoView({ block: 'start' })}
          >
            <div className="grid gap-1">
              <h2 id="conflict-title" className="font-semibold">
                Compare versions
              </h2>
              <p className="text-sm text-muted-foreground">
                {conflict.kind === 'post'
                  ? `This post was saved elsewhere (version ${conflict.theirs.version}) since you opened it. Nothing was overwritten.`
                  : conflict.theirs
                    ? 'Another tab saved changes to this post since this tab last autosaved. Nothing was overwritten.'
                    : 'The unsaved changes of this post were saved or discarded in another tab.'}
              </p>
            </div>
            {conflict.kind === 'post' || conflict.theirs ? (
              <FieldsDiff
                from={conflict.kind === 'post' ? fieldsOf(conflict.theirs) : conflict.theirs!.fields}
                to={toCopyFields(getValues())}
                fromLabel={conflict.kind === 'post' ? 'the saved post' : 'the other tab'}
                toLabel="your version"
              />
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={keepMine}>
                {conflict.kind === 'post' ? 'Keep mine and save' : 'Keep mine'}
              </Button>
              {conflict.kind === 'post' || conflict.theirs ? (
                <Button variant="outline" size="sm" onClick={takeTheirs}>
                  Take theirs
                </Button>
              ) : null}
            </div>
          </section>
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
              // Until the editor restores or discards the unsaved changes offered above, nothing is typed over them.
              inert={offer !== null}
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
                      hint={`${metaDescription.length}/${META_DESCRIPTION.valid.max} · recommended ${META_DESCRIPTION.valid.min}-${META_DESCRIPTION.valid.max} characters`}
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
                {current ? (
                  <RevisionsPanel
                    post={current}
                    baseVersion={baseVersion.current}
                    current={() => toCopyFields(getValues())}
                    onRestored={restored}
                    onConflict={restoreConflict}
                  />
                ) : null}
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
