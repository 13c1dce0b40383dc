/**
 * What the AI writers leave for a person to finish (api/src/services/automation): the offline composer's outline
 * (its "Questions to answer" prompts, "[Source needed: …]" placeholders, "Before Publishing" checklist and its note
 * to remove before publishing) and the "[Source needed: what to verify]" a model is told to write instead of a
 * citation. A body that still holds any of them is not publishable (docs/decisions/020-unfinished-drafts-stay-drafts.md).
 * Plain string work, no markdown parser, so the editor can check as the editor types without loading the renderer;
 * text in code (fenced blocks, inline code) is not a marker, so an article may quote the markers.
 */

/** The kinds of marker, in the order a message names them. */
export const UNFINISHED_KINDS = ['source-needed', 'questions', 'checklist'] as const;
export type UnfinishedKind = (typeof UNFINISHED_KINDS)[number];

/** How many markers of one kind a body holds. */
export interface UnfinishedPart {
  kind: UnfinishedKind;
  count: number;
}

/** What is unfinished in a body: the markers by kind, and the generator's note to the editor if it is still there. */
export interface Unfinished {
  parts: UnfinishedPart[];
  /** The note's text, without its quote marks and emphasis. */
  note: string | null;
}

/** Each kind as a message names it, singular and plural. */
const KIND_NAMES: Record<UnfinishedKind, [string, string]> = {
  'source-needed': ['“[Source needed]” placeholder', '“[Source needed]” placeholders'],
  questions: ['“Questions to answer” prompt', '“Questions to answer” prompts'],
  checklist: ['“Before Publishing” checklist item', '“Before Publishing” checklist items'],
};

const SOURCE_NEEDED = /\[\s*source needed\b[^\]\n]*\]/gi;
const QUESTIONS = /^\s*(?:\*\*|__)?questions to answer:/i;
const CHECKLIST_HEADING = /^ {0,3}#{1,6}\s+before publishing\s*#*\s*$/i;
const HEADING = /^ {0,3}#{1,6}(?:\s|$)/;
const TASK_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+\[[ xX]\]\s/;
const QUOTE = /^ {0,3}>/;
const NOTE = /remove this note before publishing/i;

/** The body's lines outside fenced code blocks, with inline code spans blanked. */
function proseLines(markdown: string): string[] {
  const lines: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split(/\r\n?|\n/)) {
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && opening) fence = opening;
    else if (fence !== null) {
      if (opening && opening[0] === fence[0] && opening.length >= fence.length && line.trim() === opening) fence = null;
    } else lines.push(line.replace(/(`+)[^`]+?\1/g, ''));
  }
  return lines;
}

/** The text of each block quote (runs of `>` lines), its markers and emphasis removed. */
function quotes(lines: readonly string[]): string[] {
  const found: string[] = [];
  let current: string[] = [];
  const close = () => {
    if (current.length) found.push(current.join(' ').replace(/\s+/g, ' ').trim());
    current = [];
  };
  for (const line of lines) {
    if (QUOTE.test(line)) current.push(line.replace(/^(?: {0,3}>\s?)+/, '').replace(/\*\*|__/g, ''));
    else close();
  }
  close();
  return found;
}

/** The items of the "Before Publishing" checklist: task-list items under that heading, up to the next heading. */
function checklistItems(lines: readonly string[]): number {
  let inside = false;
  let count = 0;
  for (const line of lines) {
    if (HEADING.test(line)) inside = CHECKLIST_HEADING.test(line);
    else if (inside && TASK_ITEM.test(line)) count++;
  }
  return count;
}

/** What is unfinished in a body: null when it holds none of the AI writers' markers. */
export function findUnfinished(markdown: string): Unfinished | null {
  const lines = proseLines(markdown);
  const counts: Record<UnfinishedKind, number> = {
    'source-needed': lines.reduce((n, line) => n + (line.match(SOURCE_NEEDED)?.length ?? 0), 0),
    questions: lines.filter((line) => QUESTIONS.test(line)).length,
    checklist: checklistItems(lines),
  };
  const parts = UNFINISHED_KINDS.filter((kind) => counts[kind] > 0).map((kind) => ({ kind, count: counts[kind] }));
  const note = quotes(lines).find((text) => NOTE.test(text)) ?? null;
  return parts.length || note ? { parts, note } : null;
}

/** "3 “[Source needed]” placeholders": one part as a message names it. */
export function describeUnfinishedPart(part: UnfinishedPart): string {
  const [one, many] = KIND_NAMES[part.kind];
  return `${part.count.toLocaleString('en-US')} ${part.count === 1 ? one : many}`;
}

const listed = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** Why a body cannot be published, naming every kind of marker it holds and the generator's note. */
export function unfinishedMessage(unfinished: Unfinished): string {
  const { note } = unfinished;
  const parts = listed(unfinished.parts.map(describeUnfinishedPart));
  const quoted = note ? `the generator’s note “${note}”` : '';
  // The note ends a sentence of its own ("… before publishing."), which then needs no second full stop.
  const end = note && /[.!?]$/.test(note) ? '' : '.';
  const what = [parts, quoted].filter(Boolean).join(', and ');
  return `This draft is unfinished and cannot be published: it still holds ${what}${end} Replace or remove them first.`;
}
