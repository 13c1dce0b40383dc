/**
 * The state of one measuring pass, shared by its block, table and inline steps, and the few
 * operations on it that more than one step needs.
 */
import type { HtmlBlock } from './blocks.ts';

/** Stack entries of the inline pass: a barrier, an open `[`, or an unmatched delimiter run. */
export const BARRIER = 0;
export const BRACKET = 1;
export const RUN = 2;

/** What one pass keeps track of, in one object so that its steps can be plain functions. */
export interface MarkdownPass {
  text: string;

  // What the pass measures (see MarkdownMeasure), and the pipes of the current line.
  depth: number;
  tableCells: number;
  inlineWork: number;
  blockWork: number;
  nodes: number;
  cells: number;
  linePipes: number;
  tokens: number;

  // Block state. `openBound` bounds the containers still open before a line: they stay open
  // through blank lines and lazy lines, and a line can only continue that many by indentation.
  openBound: number;
  previousBlank: boolean;
  previousQuotes: number;
  // Document events so far, approximately: one per line, per open container and per table cell.
  events: number;
  // A top-level fenced code block (its lines are never inline), and the end of a top-level HTML
  // block that could hide a fence line (types 1 to 5 end at a marker, the others at a blank line).
  fenceMarker: number;
  fenceLength: number;
  htmlBlock: HtmlBlock | null;
  // Set once a fence line could not be placed for certain: from then on no code is skipped.
  fencesUncertain: boolean;

  // Chunk state: a chunk is a run of lines no paragraph can extend past (see `splitsBefore`).
  chunkLength: number;
  chunkTriggers: number;
  chunkBlockDepth: number;
  chunkHasContainer: boolean;
  // Tables: the width of the last delimiter-like row, for counting cells (generously), and whether
  // the lines are rows of a table certain enough to parse each row's inline content on its own.
  tableColumns: number;
  tableRows: boolean;
  headerCells: number;

  // Inline state, per chunk: a stack of barriers, open brackets and unmatched delimiter runs.
  kind: number[];
  marker: number[];
  remaining: number[];
  runLength: number[];
  openOnly: boolean[];
  surelyOpen: boolean[];
  top: number;
  inlineDepth: number;
  openBrackets: number;

  // The last look for an email: every position in [from, to] gives the same answer, which keeps
  // runs like `a_a_a_…` linear.
  emailFrom: number;
  emailTo: number;
  emailFound: boolean;
}

/** A pass at the start of `text`. */
export function startPass(text: string): MarkdownPass {
  return {
    text,
    depth: 0,
    tableCells: 0,
    inlineWork: 0,
    blockWork: 0,
    nodes: 0,
    cells: 0,
    linePipes: 0,
    tokens: 0,
    openBound: 0,
    previousBlank: true,
    previousQuotes: 0,
    events: 0,
    fenceMarker: 0,
    fenceLength: 0,
    htmlBlock: null,
    fencesUncertain: false,
    chunkLength: 0,
    chunkTriggers: 0,
    chunkBlockDepth: 0,
    chunkHasContainer: false,
    tableColumns: 0,
    tableRows: false,
    headerCells: 0,
    kind: [],
    marker: [],
    remaining: [],
    runLength: [],
    openOnly: [],
    surelyOpen: [],
    top: -1,
    inlineDepth: 0,
    openBrackets: 0,
    emailFrom: -1,
    emailTo: -1,
    emailFound: false,
  };
}

/**
 * Raises the measured depth to where the pass stands. Links cannot contain bracketed links, so
 * brackets add one level however many are open; an autolink (which link text may hold) adds one
 * more where it stands.
 */
export function noteDepth(pass: MarkdownPass, autolink = 0): void {
  const here = pass.chunkBlockDepth + pass.inlineDepth + (pass.openBrackets > 0 ? 1 : 0) + autolink;
  if (here > pass.depth) pass.depth = here;
}

/** Stops later closers from cancelling anything below this point of the inline stack. */
export function pushBarrier(pass: MarkdownPass): void {
  if (pass.top >= 0 && pass.kind[pass.top] === BARRIER) return;
  pass.top++;
  pass.kind[pass.top] = BARRIER;
}

/** Ends the current chunk: its closing markup scanned its whole length, and its inline state ends with it. */
export function endChunk(pass: MarkdownPass): void {
  pass.inlineWork += pass.chunkTriggers * pass.chunkLength;
  pass.chunkLength = 0;
  pass.chunkTriggers = 0;
  pass.chunkBlockDepth = 0;
  pass.chunkHasContainer = false;
  pass.top = -1;
  pass.inlineDepth = 0;
  pass.openBrackets = 0;
}
