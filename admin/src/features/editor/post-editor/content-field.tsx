import { useRef, useState, type KeyboardEvent } from 'react';
import { Field, FieldControl } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { DroppedUploads, MediaPicker, useImageDrop } from '../../media/index.ts';
import {
  applyMarkdownCommand,
  insertBlock,
  shortcutCommand,
  type MarkdownCommand,
  type TextSelection,
} from '../markdown-commands.ts';
import { MarkdownToolbar } from '../markdown-toolbar.tsx';
import type { EditorForm } from '../post-form-values.ts';

/**
 * The body in Markdown, with the formatting toolbar and its keyboard shortcuts; images come from the Image button's
 * picker, or are dropped or pasted in, and go in as library references at the caret.
 */
export function ContentField({ form }: { form: EditorForm }) {
  const { register, setValue, formState } = form;
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const content = register('content');
  const [picking, setPicking] = useState(false);
  const drop = useImageDrop();

  /** Applies an edit of the textarea's text and selection, as typed by the editor. */
  function edit(change: (selection: TextSelection) => TextSelection) {
    const el = textarea.current;
    if (!el) return;
    const next = change({ value: el.value, start: el.selectionStart, end: el.selectionEnd });
    setValue('content', next.value, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.start, next.end);
    });
  }

  const runCommand = (command: MarkdownCommand) => edit((selection) => applyMarkdownCommand(selection, command));
  const insertImages = (markdown: string) => edit((selection) => insertBlock(selection, markdown));
  // Back to the text when a dialog closes, not to the button that opened it.
  const backToText = (event: Event) => {
    event.preventDefault();
    textarea.current?.focus();
  };

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    const command = shortcutCommand(event);
    if (command) {
      event.preventDefault();
      runCommand(command);
    }
  }

  return (
    <Field
      id="post-content"
      label="Content"
      hint="Markdown: headings, **bold**, *italic*, `code`, links, images, lists and quotes. Drop or paste images to upload them."
      error={formState.errors.content?.message}
    >
      <div className="grid gap-3">
        <div>
          <MarkdownToolbar onCommand={runCommand} onImage={() => setPicking(true)} controls="post-content" />
          <FieldControl>
            <Textarea
              rows={22}
              className="rounded-t-none font-mono text-sm leading-relaxed"
              placeholder="Write your post in Markdown..."
              onKeyDown={onKeyDown}
              {...drop.handlers}
              {...content}
              ref={(el) => {
                content.ref(el);
                textarea.current = el;
              }}
            />
          </FieldControl>
        </div>
        <DroppedUploads drop={drop} onInsert={insertImages} onCloseAutoFocus={backToText} />
      </div>
      <MediaPicker open={picking} onOpenChange={setPicking} onInsert={insertImages} onCloseAutoFocus={backToText} />
    </Field>
  );
}
