/**
 * A readable diff for the editor's revision and conflict views: lines, with the words of a changed line marked.
 * Myers' O(ND) algorithm over tokens, after trimming the common head and tail; no dependency. A pair of texts
 * too different to diff within the work bound is shown as one deletion and one insertion (still correct).
 */

export type DiffOp = 'equal' | 'insert' | 'delete';

export interface DiffPart {
  op: DiffOp;
  text: string;
}

/** A line of a line diff; a changed line (a deletion paired with an insertion) carries its word diff. */
export interface DiffLine {
  op: DiffOp;
  text: string;
  /** For a line deleted or inserted next to its counterpart: the words, marked as they changed. */
  words?: DiffPart[];
}

/** Edits beyond which the tokens are reported as replaced wholesale (bounds time and memory on huge rewrites). */
const MAX_EDITS = 1000;

/** The shortest edit script from `a` to `b`, as runs of equal, deleted and inserted tokens (adjacent runs merged). */
export function diffTokens(a: readonly string[], b: readonly string[], maxEdits = MAX_EDITS): DiffPart[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const parts: DiffPart[] = [];
  const push = (op: DiffOp, text: string) => {
    if (text === '') return;
    const last = parts.at(-1);
    if (last && last.op === op) last.text += text;
    else parts.push({ op, text });
  };
  push('equal', a.slice(0, start).join(''));
  for (const [op, token] of middle(a.slice(start, endA), b.slice(start, endB), maxEdits)) push(op, token);
  push('equal', a.slice(endA).join(''));
  return orderChanges(parts);
}

/** Within each run of changes, deletions before insertions: "old → new" reads the same way everywhere. */
function orderChanges(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  let i = 0;
  while (i < parts.length) {
    if (parts[i]!.op === 'equal') {
      out.push(parts[i]!);
      i++;
      continue;
    }
    let deleted = '';
    let inserted = '';
    while (i < parts.length && parts[i]!.op !== 'equal') {
      if (parts[i]!.op === 'delete') deleted += parts[i]!.text;
      else inserted += parts[i]!.text;
      i++;
    }
    if (deleted) out.push({ op: 'delete', text: deleted });
    if (inserted) out.push({ op: 'insert', text: inserted });
  }
  return out;
}

/**
 * Myers' greedy forward search. After round d, the furthest x on each diagonal k in [-d-1, d+1] is kept
 * (`snapshots[d]`, index k + d + 1): the walk back reads only those, so memory grows with D², not D·(N+M).
 */
function middle(a: readonly string[], b: readonly string[], maxEdits: number): [DiffOp, string][] {
  const n = a.length;
  const m = b.length;
  if (n === 0) return b.map((t) => ['insert', t]);
  if (m === 0) return a.map((t) => ['delete', t]);
  const max = Math.min(n + m, maxEdits);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const snapshots: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
      let x = down ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(a, b, snapshots, d);
    }
    snapshots.push(v.slice(offset - d - 1, offset + d + 2));
  }
  // Too many edits to be worth it: everything old out, everything new in.
  return [...a.map((t): [DiffOp, string] => ['delete', t]), ...b.map((t): [DiffOp, string] => ['insert', t])];
}

/** Walks the search back from the end: each round came down (an insertion) or across (a deletion) after a snake. */
function backtrack(
  a: readonly string[],
  b: readonly string[],
  snapshots: Int32Array[],
  depth: number,
): [DiffOp, string][] {
  const out: [DiffOp, string][] = [];
  let x = a.length;
  let y = b.length;
  const snake = (toX: number) => {
    while (x > toX) {
      x--;
      y--;
      out.push(['equal', a[x]!]);
    }
  };
  for (let d = depth; d > 0; d--) {
    const prev = snapshots[d - 1]!;
    const at = (k: number) => prev[k + d]!; // round d-1 keeps k in [-d, d]
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(prevK);
    snake(down ? prevX : prevX + 1);
    if (down) {
      y--;
      out.push(['insert', b[y]!]);
    } else {
      x--;
      out.push(['delete', a[x]!]);
    }
  }
  snake(0);
  return out.reverse();
}

/** Lines with their line breaks kept, so joining the tokens gives the text back exactly. */
export function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** Words, runs of white space and single punctuation marks, so that joining them gives the text back exactly. */
export function splitWords(text: string): string[] {
  return text.match(/\s+|[\p{L}\p{N}_'’-]+|[^\s\p{L}\p{N}_'’-]/gu) ?? [];
}

/**
 * A text's lines for the line diff, each ending in exactly one "\n". Line endings are not what an editor reads:
 * CRLF and CR count as LF, and a last line without a break equals the same line with one (the API trims a body
 * while the editor's text may end in a break), so neither shows as a removed and re-added line.
 */
function lineTokens(text: string): string[] {
  const lf = text.replace(/\r\n?/g, '\n');
  return splitLines(lf === '' || lf.endsWith('\n') ? lf : `${lf}\n`);
}

/**
 * A word diff of two short texts (a title, an excerpt). For readability, a run of only spaces or punctuation
 * between two changes counts as changed too: "Two tabs 17" → "The title the first tab" reads as one replacement,
 * not as words interleaved around the spaces they happen to share.
 */
export function diffWords(before: string, after: string): DiffPart[] {
  const parts = diffTokens(splitWords(before), splitWords(after));
  const merged: DiffPart[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const between = i > 0 && i < parts.length - 1 && parts[i - 1]!.op !== 'equal' && parts[i + 1]!.op !== 'equal';
    if (part.op === 'equal' && between && !/[\p{L}\p{N}]/u.test(part.text)) {
      merged.push({ op: 'delete', text: part.text }, { op: 'insert', text: part.text });
    } else merged.push(part);
  }
  return orderChanges(
    merged.reduce<DiffPart[]>((out, p) => {
      const last = out.at(-1);
      if (last && last.op === p.op) last.text += p.text;
      else out.push({ ...p });
      return out;
    }, []),
  );
}

/**
 * A line diff of two texts (a post body), one entry per line. Where a run of deleted lines is followed by as
 * many inserted lines, each pair also carries its word diff, so a one-word edit in a paragraph shows that word.
 */
export function diffLines(before: string, after: string): DiffLine[] {
  const lines: DiffLine[] = [];
  const parts = diffTokens(lineTokens(before), lineTokens(after));
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const next = parts[i + 1];
    if (part.op === 'delete' && next?.op === 'insert') {
      const old = splitLines(part.text);
      const fresh = splitLines(next.text);
      const paired = Math.min(old.length, fresh.length);
      for (let j = 0; j < paired; j++) {
        const words = diffWords(strip(old[j]!), strip(fresh[j]!));
        lines.push({ op: 'delete', text: strip(old[j]!), words: words.filter((w) => w.op !== 'insert') });
        lines.push({ op: 'insert', text: strip(fresh[j]!), words: words.filter((w) => w.op !== 'delete') });
      }
      for (const line of old.slice(paired)) lines.push({ op: 'delete', text: strip(line) });
      for (const line of fresh.slice(paired)) lines.push({ op: 'insert', text: strip(line) });
      i++;
      continue;
    }
    for (const line of splitLines(part.text)) lines.push({ op: part.op, text: strip(line) });
  }
  return lines;
}

const strip = (line: string) => (line.endsWith('\n') ? line.slice(0, -1) : line);

/** Whether a diff has any change at all. */
export function hasChanges(parts: readonly { op: DiffOp }[]): boolean {
  return parts.some((p) => p.op !== 'equal');
}
