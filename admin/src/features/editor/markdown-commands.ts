/** The markdown toolbar's edits as pure functions over a textarea's value and selection. */

export type MarkdownCommand = 'bold' | 'italic' | 'code' | 'link' | 'list' | 'quote';

/** A textarea's text and selection (start ≤ end, as `selectionStart`/`selectionEnd`). */
export interface TextSelection {
  value: string;
  start: number;
  end: number;
}

const INLINE: Record<'bold' | 'italic' | 'code', { marker: string; placeholder: string }> = {
  bold: { marker: '**', placeholder: 'bold text' },
  italic: { marker: '*', placeholder: 'italic text' },
  code: { marker: '`', placeholder: 'code' },
};

/** Keyboard shortcut (Ctrl or ⌘ with the key) → command, for the content textarea. */
export const SHORTCUTS: Record<string, MarkdownCommand> = { b: 'bold', i: 'italic', e: 'code', k: 'link' };

/** The command a key press in the content textarea stands for: Ctrl/⌘ + a shortcut key, without Alt or Shift. */
export function shortcutCommand(press: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}): MarkdownCommand | null {
  if (!(press.ctrlKey || press.metaKey) || press.altKey || press.shiftKey) return null;
  return SHORTCUTS[press.key.toLowerCase()] ?? null;
}

const LINE_PREFIX: Record<'list' | 'quote', string> = { list: '- ', quote: '> ' };

const URL_LIKE = /^(https?:\/\/|\/)\S*$/;

/** Applies a toolbar command to the selection and answers the new text and what to select next. */
export function applyMarkdownCommand(selection: TextSelection, command: MarkdownCommand): TextSelection {
  switch (command) {
    case 'bold':
    case 'italic':
    case 'code':
      return toggleInline(selection, INLINE[command].marker, INLINE[command].placeholder);
    case 'link':
      return insertLink(selection);
    case 'list':
    case 'quote':
      return toggleLinePrefix(selection, LINE_PREFIX[command]);
  }
}

function replaceRange(value: string, start: number, end: number, text: string): string {
  return value.slice(0, start) + text + value.slice(end);
}

/** Whether `marker` sits at `at` as a whole marker (italic's `*` is not half of a bold `**`). */
function markerAt(value: string, at: number, marker: string): boolean {
  if (value.slice(at, at + marker.length) !== marker) return false;
  if (marker !== '*') return true;
  return value[at - 1] !== '*' && value[at + 1] !== '*';
}

/**
 * Wraps the selection in `marker` (bold, italic, inline code), or unwraps it when it is already wrapped.
 * Whitespace at the selection's edges stays outside the markers (`**word **` would not render as bold).
 * With nothing selected, inserts a selected placeholder.
 */
function toggleInline({ value, start, end }: TextSelection, marker: string, placeholder: string): TextSelection {
  const m = marker.length;
  const selected = value.slice(start, end);
  // The selection includes its markers: unwrap inside.
  if (
    selected.length >= 2 * m + 1 &&
    markerAt(selected, 0, marker) &&
    markerAt(selected, selected.length - m, marker)
  ) {
    const inner = selected.slice(m, selected.length - m);
    return { value: replaceRange(value, start, end, inner), start, end: start + inner.length };
  }
  // The markers sit just outside the selection: remove them.
  if (start >= m && markerAt(value, start - m, marker) && markerAt(value, end, marker) && end > start) {
    const next = value.slice(0, start - m) + selected + value.slice(end + m);
    return { value: next, start: start - m, end: end - m };
  }
  const lead = selected.length - selected.trimStart().length;
  const trail = selected.length - selected.trimEnd().length;
  const core = selected.trim();
  if (core === '') {
    const text = `${marker}${placeholder}${marker}`;
    return {
      value: replaceRange(value, start, end, selected + text),
      start: end + m,
      end: end + m + placeholder.length,
    };
  }
  const innerStart = start + lead;
  const innerEnd = end - trail;
  const next = replaceRange(value, innerStart, innerEnd, `${marker}${core}${marker}`);
  return { value: next, start: innerStart + m, end: innerStart + m + core.length };
}

/**
 * Inserts `[text](url)`. The selection becomes the text, and the url placeholder is selected for typing; a selected
 * URL becomes the target instead, with the text selected.
 */
function insertLink({ value, start, end }: TextSelection): TextSelection {
  const selected = value.slice(start, end).trim();
  const textPlaceholder = 'link text';
  if (URL_LIKE.test(selected)) {
    const inserted = `[${textPlaceholder}](${selected})`;
    return {
      value: replaceRange(value, start, end, inserted),
      start: start + 1,
      end: start + 1 + textPlaceholder.length,
    };
  }
  const text = selected.replace(/\s+/g, ' ') || textPlaceholder;
  const inserted = `[${text}](url)`;
  const urlStart = start + text.length + 3;
  return { value: replaceRange(value, start, end, inserted), start: urlStart, end: urlStart + 3 };
}

/** The line breaks that make `text` a paragraph of its own after `before` or before `after`. */
function paragraphBreak(text: string, side: 'before' | 'after'): string {
  if (text === '') return '';
  const edge = side === 'before' ? text.slice(-2) : text.slice(0, 2);
  if (edge === '\n\n') return '';
  return (side === 'before' ? edge.endsWith('\n') : edge.startsWith('\n')) ? '\n' : '\n\n';
}

/**
 * Inserts `block` (an image's reference) as a paragraph of its own at the end of the selection, which stays: the
 * line it falls in is split, blank lines are added only where missing. The caret lands after the block.
 */
export function insertBlock({ value, end }: TextSelection, block: string): TextSelection {
  const before = value.slice(0, end);
  const after = value.slice(end);
  const inserted = paragraphBreak(before, 'before') + block;
  const caret = end + inserted.length;
  return { value: before + inserted + paragraphBreak(after, 'after') + after, start: caret, end: caret };
}

/**
 * Prefixes every line the selection touches (bulleted list `- `, quote `> `), or removes the prefix when every
 * non-empty line already has it. Empty lines are left alone unless the selection is a single empty line.
 */
function toggleLinePrefix({ value, start, end }: TextSelection, prefix: string): TextSelection {
  // A selection that ends just after a line break does not touch the next line.
  const effectiveEnd = end > start && value[end - 1] === '\n' ? end - 1 : end;
  const blockStart = value.lastIndexOf('\n', start - 1) + 1;
  const nextBreak = value.indexOf('\n', effectiveEnd);
  const blockEnd = nextBreak === -1 ? value.length : nextBreak;
  const lines = value.slice(blockStart, blockEnd).split('\n');
  const filled = lines.filter((line) => line.trim() !== '');
  const remove = filled.length > 0 && filled.every((line) => line.startsWith(prefix));
  const nextLines =
    filled.length === 0
      ? lines.map((line, i) => (i === 0 ? prefix + line : line))
      : lines.map((line) => {
          if (line.trim() === '') return line;
          return remove ? line.slice(prefix.length) : prefix + line;
        });
  const block = nextLines.join('\n');
  const next = value.slice(0, blockStart) + block + value.slice(blockEnd);
  if (start === end) {
    // Keep the caret on the same text it was next to.
    const shift = remove ? -Math.min(prefix.length, start - blockStart) : prefix.length;
    const caret = Math.max(blockStart, start + shift);
    return { value: next, start: caret, end: caret };
  }
  return { value: next, start: blockStart, end: blockStart + block.length };
}
