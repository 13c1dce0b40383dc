import { Suspense } from 'react';
import type { Post } from 'content-schema/post';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { PanelLoading } from '../../../components/panel-loading.tsx';
import { postConflict } from '../../posts/index.ts';
import { SharePreviewPanel } from '../../preview/index.ts';
import { toCopyFields } from '../copy-fields.ts';
import type { EditorForm } from '../post-form-values.ts';
import { RevisionsPanel } from '../revisions-panel.tsx';
import { ContentField } from './content-field.tsx';
import { savedPostStep } from './editor-session.ts';
import { FeatureImageCard } from './feature-image-card.tsx';
import { PreviewOfForm } from './preview-of-form.tsx';
import { SeoCard } from './seo-card.tsx';
import { SettingsCard } from './settings-card.tsx';
import type { EditorSession } from './use-editor-session.ts';

/** Title, excerpt and body: the post's words. */
function WordsCard({ form, hidden }: { form: EditorForm; hidden: boolean }) {
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <Card hidden={hidden}>
      <CardContent className="grid gap-5 pt-5">
        <FormField id="post-title" label="Title" error={errors.title?.message}>
          <Input placeholder="Enter post title..." {...register('title')} />
        </FormField>
        <FormField id="post-excerpt" label="Excerpt" error={errors.excerpt?.message}>
          <Textarea
            rows={3}
            placeholder="A short summary shown on cards and in search results..."
            {...register('excerpt')}
          />
        </FormField>
        <ContentField form={form} />
      </CardContent>
    </Card>
  );
}

/** The editor's form: the words (or their preview) beside the post's settings, SEO, sharing and revisions. */
export function PostForm({ session, post, preview }: { session: EditorSession; post: Post | null; preview: boolean }) {
  const { form, state, baseVersion, save, apply } = session;

  /** A restore refused because the post moved on: the compare view opens instead. */
  function restoreConflict(error: unknown): boolean {
    const theirs = postConflict(error);
    if (theirs) apply({ conflict: { kind: 'post', theirs } });
    return theirs !== null;
  }

  return (
    <form
      id="post-form"
      onSubmit={save.submit}
      // Until the editor restores or discards the unsaved changes offered above, nothing is typed over them.
      inert={state.offer !== null}
      noValidate
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
    >
      <div className="grid content-start gap-6">
        {preview ? (
          <Suspense fallback={<PanelLoading label="Loading preview..." />}>
            <PreviewOfForm control={form.control} />
          </Suspense>
        ) : null}
        <WordsCard form={form} hidden={preview} />
      </div>
      <aside className="grid content-start gap-6" aria-label="Post settings">
        <SettingsCard form={form} editedBy={post?.editedBy ?? null} />
        <FeatureImageCard form={form} />
        <SeoCard form={form} />
        {post ? <SharePreviewPanel postId={post.id} published={post.published} /> : null}
        {state.current ? (
          <RevisionsPanel
            post={state.current}
            baseVersion={baseVersion.current}
            current={() => toCopyFields(form.getValues())}
            onRestored={(saved) => apply(savedPostStep(saved))}
            onConflict={restoreConflict}
          />
        ) : null}
      </aside>
    </form>
  );
}
