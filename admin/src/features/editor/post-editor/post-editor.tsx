import { Suspense, useState, type ComponentType } from 'react';
import type { Post } from 'content-schema/post';
import type { AiWritersTabProps, EditorPrefill } from '../../../lib/editor-prefill.ts';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { PanelLoading } from '../../../components/panel-loading.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { CorrectionsSection } from '../../corrections/index.ts';
import { toCopyFields } from '../copy-fields.ts';
import { isEditorField, valuesFromPrefill, type EditorForm } from '../post-form-values.ts';
import { CompareVersions } from './compare-versions.tsx';
import { EditorActions } from './editor-actions.tsx';
import { discardOfferStep, keepMineStep, restoreOfferStep, takeTheirsStep } from './editor-session.ts';
import { PostForm } from './post-form.tsx';
import { UnsavedOffer } from './unsaved-offer.tsx';
import { useEditorSession } from './use-editor-session.ts';

/** Fills the form with what the AI writers generated (as changes of the editor's, autosaved like typing). */
function fillGenerated(form: EditorForm, prefill: EditorPrefill) {
  const values = valuesFromPrefill(prefill, form.getValues());
  for (const [name, value] of Object.entries(values)) {
    if (isEditorField(name)) form.setValue(name, value, { shouldDirty: true });
  }
}

/** The post editor's manual part, with the AI Expert Writers tab handed in by the editor route. */
export function PostEditor({
  post,
  aiWriters: AiWriters,
}: {
  post: Post | null;
  aiWriters: ComponentType<AiWritersTabProps>;
}) {
  const session = useEditorSession(post);
  const { form, state, autosave, save, apply } = session;
  const { offer, conflict } = state;
  const [tab, setTab] = useState<'ai' | 'manual'>('manual');
  const [preview, setPreview] = useState(false);

  return (
    <div className="min-h-screen">
      <ScreenHeader
        title={post ? 'Edit Post' : 'Create New Post'}
        actions={
          <EditorActions
            status={autosave.status}
            saving={save.saving}
            blocked={offer !== null || conflict !== null}
            isNew={!post}
            preview={preview}
            onTogglePreview={() => setPreview((p) => !p)}
          />
        }
      />
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        {offer ? (
          <UnsavedOffer
            offer={offer}
            current={state.current}
            onRestore={() => apply(restoreOfferStep(offer))}
            onDiscard={() => apply(discardOfferStep())}
          />
        ) : null}
        {conflict ? (
          <CompareVersions
            conflict={conflict}
            mine={toCopyFields(form.getValues())}
            onKeepMine={() => apply(keepMineStep(conflict))}
            onTakeTheirs={() => apply(takeTheirsStep(conflict, form.getValues()))}
          />
        ) : null}
        <Tabs value={tab} onValueChange={(v) => setTab(v === 'ai' ? 'ai' : 'manual')}>
          <TabsList aria-label="Editor mode">
            <TabsTrigger value="ai">AI Expert Writers</TabsTrigger>
            <TabsTrigger value="manual">Manual Editor</TabsTrigger>
          </TabsList>
          <TabsContent value="ai">
            <Suspense fallback={<PanelLoading />}>
              <AiWriters
                onGenerated={(prefill) => {
                  fillGenerated(form, prefill);
                  setTab('manual');
                }}
              />
            </Suspense>
          </TabsContent>
          {/* The form stays mounted on the AI tab so nothing typed is lost when switching. */}
          <TabsContent value="manual" forceMount hidden={tab !== 'manual'}>
            <PostForm session={session} post={post} preview={preview} />
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
