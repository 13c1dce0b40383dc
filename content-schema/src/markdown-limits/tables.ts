/**
 * GFM tables: the cells they render (rows are padded to the header's width), and the tables
 * certain enough that each row's inline content is parsed on its own.
 */
import { CODE, isSpaceOrTab } from './chars.ts';
import { endChunk, type MarkdownPass } from './pass.ts';

const { BACKSLASH, COLON, DASH, PIPE } = CODE;

/** The cells of a line starting with a pipe (else 0), ending the chunk when the line is a row of a certain table. */
export function startTableRow(pass: MarkdownPass, lineStart: number, lineEnd: number): number {
  const { text } = pass;
  // A certain table (see below) keeps going while its lines start with a pipe; each row is
  // parsed on its own, so it is a chunk of its own.
  const rowCells = text.charCodeAt(lineStart) === PIPE ? pipeCells(text, lineStart, lineEnd) : 0;
  if (pass.tableRows && rowCells === 0) pass.tableRows = false;
  if (pass.tableRows) endChunk(pass);
  return rowCells;
}

/** Counts the cells a line may add to a table; returns whether it confirms a certain table. */
export function countTableCells(
  pass: MarkdownPass,
  lineStart: number,
  contentStart: number,
  lineEnd: number,
  rowCells: number,
): boolean {
  const { text } = pass;
  // Tables: a delimiter row fixes the width; every later line until a block start may be a row.
  if (pass.tableColumns > 0) pass.tableCells += pass.tableColumns;
  else if (pass.chunkLength > 0) {
    const columns = delimiterRowColumns(text, contentStart, lineEnd);
    if (columns > 0) {
      pass.tableColumns = columns;
      pass.tableCells += columns;
    }
  }
  // A table is certain when a header at column 0 outside any container (so not a lazy line) is
  // followed by a delimiter row at column 0 with as many cells: micromark then always makes one.
  const confirmsTable =
    pass.headerCells > 0 && rowCells === pass.headerCells && isDelimiterRow(text, lineStart, lineEnd);
  pass.headerCells = !pass.tableRows && !confirmsTable && pass.openBound === 0 ? rowCells : 0;
  return confirmsTable;
}

/** Forgets every table: a blank line ends them. */
export function endTables(pass: MarkdownPass): void {
  pass.tableColumns = 0;
  pass.tableRows = false;
  pass.headerCells = 0;
}

/** Columns of a line if it could be a GFM table delimiter row (only `|`, `:`, `-` and spaces), else 0. */
function delimiterRowColumns(text: string, start: number, end: number): number {
  let columns = 0;
  let inCell = false;
  let dashes = false;
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code === PIPE) {
      if (inCell && dashes) columns++;
      inCell = false;
      dashes = false;
    } else if (code === DASH) {
      inCell = true;
      dashes = true;
    } else if (code === COLON) inCell = true;
    else if (!isSpaceOrTab(code)) return 0;
  }
  if (inCell && dashes) columns++;
  return columns;
}

/** Cells of a line starting with a pipe, as GFM tables split it (escaped pipes do not split), or 0. */
function pipeCells(text: string, start: number, end: number): number {
  let last = end;
  while (last > start && isSpaceOrTab(text.charCodeAt(last - 1))) last--;
  let pipes = 0;
  for (let index = start; index < last; index++) {
    const code = text.charCodeAt(index);
    if (code === BACKSLASH) index++;
    else if (code === PIPE) pipes++;
  }
  const cells = text.charCodeAt(last - 1) === PIPE && last - 1 > start ? pipes - 1 : pipes;
  return Math.max(0, cells);
}

/** A delimiter row in its plainest form: a pipe, then cells of dashes (colons allowed at their ends) between pipes. */
function isDelimiterRow(text: string, start: number, end: number): boolean {
  let index = start + 1;
  let cells = 0;
  while (index < end) {
    while (index < end && isSpaceOrTab(text.charCodeAt(index))) index++;
    if (index >= end) break;
    if (text.charCodeAt(index) === COLON) index++;
    const dashes = index;
    while (index < end && text.charCodeAt(index) === DASH) index++;
    if (index === dashes) return false;
    if (index < end && text.charCodeAt(index) === COLON) index++;
    while (index < end && isSpaceOrTab(text.charCodeAt(index))) index++;
    cells++;
    if (index < end) {
      if (text.charCodeAt(index) !== PIPE) return false;
      index++;
    }
  }
  return text.charCodeAt(start) === PIPE && cells > 0;
}
