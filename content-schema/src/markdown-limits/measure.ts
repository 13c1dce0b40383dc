/**
 * The pass itself: line by line, it reads each line's block structure, counts its table cells and
 * scans its inline markup, then turns what it counted into an estimate of render time.
 */
import { CODE, at } from './chars.ts';
import {
  closesFence,
  containerPrefix,
  type ContainerPrefix,
  strictPrefix,
  type StrictPrefix,
  trackHtmlBlock,
} from './blocks.ts';
import { scanInline } from './inline.ts';
import { endChunk, type MarkdownPass, noteDepth, pushBarrier, startPass } from './pass.ts';
import { countTableCells, endTables, startTableRow } from './tables.ts';

const { CR, LF } = CODE;

/** What the pass measured; every figure is an upper bound on what the renderer will meet. */
export interface MarkdownMeasure {
  /** Nesting levels: quotes, list items, footnote definitions, emphasis, strong, strikethrough, links. */
  depth: number;
  /** Rendered table cells (header width × rows, for every table). */
  tableCells: number;
  /** Inline scanning work: markup characters × the length of the paragraph they are in. */
  inlineWork: number;
  /** Block rebuilding work: list items, lazy lines and setext underlines (thrice) × the document's lines and containers before them. */
  blockWork: number;
  /** Syntax nodes: lines, markup characters, escapes and references, literal links. */
  nodes: number;
  /** Table cells parsed or rendered: per row the more of its pipes and the header's width; pipes elsewhere. */
  cells: number;
  /** Text tokens: runs of spaces or tabs, and `!`. */
  tokens: number;
  /** Characters. */
  length: number;
  /** Upper estimate of the render time, in nanoseconds. */
  renderNanoseconds: number;
}

/**
 * The slowest rate measured for each kind of work, in nanoseconds (Node 24, the renderer's whole
 * pipeline, on a busy two-core machine), so the estimate is an upper bound on render time.
 */
const NANOSECONDS_PER = {
  /** Inline scanning: a closing `*`, `]` or backtick run scans its whole paragraph. */
  inlineWork: 25,
  /** Block rebuilding: a list item or lazy line copies the document's events (a setext underline counts thrice). */
  blockWork: 90,
  /** A node of the tree: a line, a piece of markup, an escape or reference, a literal link. */
  node: 40_000,
  /** A table cell, parsed (one per pipe, even beyond the header's width) or padded to the header's width. */
  cell: 35_000,
  /** A token of text: a run of spaces or tabs (each ends a word micromark reads on its own), or a `!`. */
  token: 2_500,
  /** A character. */
  character: 250,
} as const;

/**
 * Measures, in one pass, what bounds the renderer's work: nesting depth, table cells, inline and
 * block work. Every figure is an over-estimate, so limits on it are safe and normal articles stay
 * far below them.
 */
export function measureMarkdown(markdown: string): MarkdownMeasure {
  const pass = startPass(markdown);
  const { length } = markdown;
  let lineStart = 0;
  while (lineStart <= length) {
    let lineEnd = lineStart;
    while (lineEnd < length) {
      const code = markdown.charCodeAt(lineEnd);
      if (code === LF || code === CR) break;
      lineEnd++;
    }
    measureLine(pass, lineStart, lineEnd);
    const crlf = lineEnd < length && markdown.charCodeAt(lineEnd) === CR && at(markdown, lineEnd + 1) === LF;
    lineStart = crlf ? lineEnd + 2 : lineEnd + 1;
  }
  endChunk(pass);
  return estimate(pass, length);
}

/** The pass's counts, and the render time they bound. */
function estimate(pass: MarkdownPass, length: number): MarkdownMeasure {
  const { depth, tableCells, inlineWork, blockWork, nodes, cells, tokens } = pass;
  const renderNanoseconds =
    inlineWork * NANOSECONDS_PER.inlineWork +
    blockWork * NANOSECONDS_PER.blockWork +
    nodes * NANOSECONDS_PER.node +
    cells * NANOSECONDS_PER.cell +
    tokens * NANOSECONDS_PER.token +
    length * NANOSECONDS_PER.character;
  return { depth, tableCells, inlineWork, blockWork, nodes, cells, tokens, length, renderNanoseconds };
}

/** One line: code inside a top-level fence, a blank line, a fence opening, or content. */
function measureLine(pass: MarkdownPass, lineStart: number, lineEnd: number): void {
  if (pass.fenceMarker !== 0) {
    codeLine(pass, lineStart, lineEnd);
    return;
  }
  const strict = strictPrefix(pass.text, lineStart, lineEnd);
  if (strict.blank && !strict.quoted) {
    blankLine(pass);
    return;
  }
  // Top-level fenced code is never inline, so the pass skips it, where that is certain: a fence
  // line at column 0, or where no container can be open, closes every container and opens code
  // unless an HTML block holds it. A fence line that cannot be placed so ends all skipping, since
  // skipping from a misplaced fence would hide markdown as "code".
  if (strict.fence && !strict.quoted && !pass.fencesUncertain) {
    if ((strict.indent === 0 || pass.openBound === 0) && !pass.htmlBlock) {
      openFence(pass, strict.fence);
      return;
    }
    pass.fencesUncertain = true;
  }
  contentLine(pass, strict, lineStart, lineEnd);
}

/** Inside top-level fenced code: only its closing fence matters. */
function codeLine(pass: MarkdownPass, lineStart: number, lineEnd: number): void {
  if (closesFence(pass.text, lineStart, lineEnd, pass.fenceMarker, pass.fenceLength)) pass.fenceMarker = 0;
  pass.events++;
  pass.nodes++;
  pass.previousBlank = false;
}

/** A blank line ends every paragraph and table; the containers before it stay open. */
function blankLine(pass: MarkdownPass): void {
  endChunk(pass);
  endTables(pass);
  if (pass.htmlBlock && !pass.htmlBlock.end) pass.htmlBlock = null;
  pass.events += 1 + pass.openBound;
  pass.previousBlank = true;
  pass.previousQuotes = 0;
}

/** A top-level fence opening closes every container; the code after it is skipped. */
function openFence(pass: MarkdownPass, fence: { marker: number; length: number }): void {
  pass.fenceMarker = fence.marker;
  pass.fenceLength = fence.length;
  endChunk(pass);
  pass.openBound = 0;
  pass.events++;
  pass.nodes++;
  pass.previousBlank = false;
  pass.previousQuotes = 0;
}

/** A line that may hold containers, table cells and inline markup. */
function contentLine(pass: MarkdownPass, strict: StrictPrefix, lineStart: number, lineEnd: number): void {
  pass.htmlBlock = trackHtmlBlock(pass.text, lineStart, lineEnd, pass.htmlBlock);

  // A line of nothing but quote markers ends paragraphs but still nests its quotes.
  if (strict.splitsBefore || strict.blank) {
    endChunk(pass);
    pass.tableColumns = 0;
  }
  const rowCells = startTableRow(pass, lineStart, lineEnd);
  const line = containerPrefix(pass.text, lineStart, lineEnd);
  const lineDepth = nestLine(pass, strict, line);
  const confirmsTable = countTableCells(pass, lineStart, line.contentStart, lineEnd, rowCells);

  const triggersBefore = pass.chunkTriggers;
  pass.linePipes = 0;
  scanInline(pass, lineStart, lineEnd);
  // Every line is at least one node (a block, a table row, a hard break); a new list item is
  // about three more (list, item, paragraph), a container it continues about a quarter; markup
  // adds more. A table row has at least the header's cells.
  const continued = lineDepth - line.items;
  pass.nodes += 1 + 3 * line.items + Math.ceil(continued / 4) + pass.chunkTriggers - triggersBefore;
  pass.cells += pass.tableColumns > 0 ? Math.max(pass.linePipes, pass.tableColumns) : pass.linePipes;
  // A table row's cells are events of the document too.
  pass.events += 1 + lineDepth + pass.linePipes;
  pass.chunkLength += lineEnd - lineStart + 1;
  pushBarrier(pass);
  if (strict.splitsAfter || strict.blank || pass.tableRows || confirmsTable) endChunk(pass);
  if (confirmsTable) pass.tableRows = true;

  pass.previousBlank = false;
  pass.previousQuotes = line.quotes;
}

/** Counts the containers a line opens or continues and the block work it causes; returns its depth. */
function nestLine(pass: MarkdownPass, strict: StrictPrefix, line: ContainerPrefix): number {
  const lineDepth = line.quotes + line.items + Math.min(Math.floor(line.indent / 2), pass.openBound);
  pass.openBound = pass.previousBlank ? lineDepth : Math.max(pass.openBound, lineDepth);
  if (lineDepth > pass.chunkBlockDepth) pass.chunkBlockDepth = lineDepth;
  noteDepth(pass);

  // Lines that make micromark copy its events: new list items, setext underlines, lazy lines.
  const lazy = pass.chunkHasContainer && (line.quotes === 0 || line.quotes < pass.previousQuotes);
  // Setext headings copy the flow's events, about three for each of the document's.
  if (strict.setextUnderline) pass.blockWork += 3 * pass.events;
  else if (line.listItems > 0 || lazy) pass.blockWork += pass.events;
  if (line.quotes > 0 || line.items > 0) pass.chunkHasContainer = true;
  return lineDepth;
}
