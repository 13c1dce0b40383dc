import { useRef, type KeyboardEvent } from 'react';
import { Field, FieldControl } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { applyMarkdownCommand, shortcutCommand, type MarkdownCommand } from '../markdown-commands.ts';
import { MarkdownToolbar } from '../markdown-toolbar.tsx';
import type { EditorForm } from '../post-form-values.ts';

/** The body in Markdown, with the formatting toolbar and its keyboard shortcuts. */
export function ContentField({ form }: { form: EditorForm }) {
  const { register, setValue, formState } = form;
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const content = register('content');

  function runCommand(command: MarkdownCommand) {
    const el = textarea.current;
    if (!el) return;
    const next = applyMarkdownCommand({ value: el.value, start: el.selectionStart, end: el.selectionEnd }, command);
    setValue('content', next.value, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.start, next.end);
    });
  }

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
      hint="Markdown: headings, **bold**, *italic*, `code`, links, images, lists and quotes."
      error={formState.errors.content?.message}
    >
      <div>
        <MarkdownToolbar onCommand={runCommand} controls="post-content" />
        <FieldControl>
          <Textarea
            rows={22}
            className="rounded-t-none font-mono text-sm leading-relaxed"
            placeholder="Write your post in Markdown..."
            onKeyDown={onKeyDown}
            {...content}
            ref={(el) => {
              content.ref(el);
              textarea.current = el;
            }}
          />
        </FieldControl>
      </div>
    </Field>
  );
}
