/**
 * A line's block structure, read from its start: block quote markers, list items and footnote
 * definitions, block starts that end paragraphs, and the fences and HTML blocks around code.
 */
import { CODE, at, hasContent, isDigit, isSpaceOrTab } from './chars.ts';

const {
  BACKSLASH,
  BACKTICK,
  CARET,
  COLON,
  DASH,
  DOT,
  EQUALS,
  GT,
  HASH,
  LEFT_BRACKET,
  LT,
  ONE,
  PLUS,
  RIGHT_BRACKET,
  RIGHT_PAREN,
  SPACE,
  STAR,
  TAB,
  TILDE,
  UNDERSCORE,
} = CODE;

export interface StrictPrefix {
  /** Nothing but block quote markers and whitespace: ends every paragraph. */
  blank: boolean;
  /** The line starts with a block quote marker. */
  quoted: boolean;
  /** Columns of indentation after the quote markers. */
  indent: number;
  /** The fence the line opens or closes, if it is a fence line. */
  fence: { marker: number; length: number } | null;
  /** The line starts a block wherever it stands, so no paragraph continues onto it. */
  splitsBefore: boolean;
  /** The line is a whole block (ATX heading, thematic break), so no paragraph continues past it. */
  splitsAfter: boolean;
  /** The line could underline a setext heading. */
  setextUnderline: boolean;
}

/**
 * Reads block quote markers only where they are certain (at most three spaces before each) and
 * recognises block starts that interrupt any paragraph: a bullet or `1.` item with content, an ATX
 * heading, a fence, a thematic break. Such lines bound the chunks the inline measures work on.
 */
export function strictPrefix(text: string, start: number, end: number): StrictPrefix {
  let index = start;
  let quoted = false;
  for (;;) {
    let spaces = 0;
    while (index + spaces < end && text.charCodeAt(index + spaces) === SPACE) spaces++;
    if (spaces <= 3 && index + spaces < end && text.charCodeAt(index + spaces) === GT) {
      index += spaces + 1;
      quoted = true;
      if (index < end && text.charCodeAt(index) === SPACE) index++;
      continue;
    }
    break;
  }
  let columns = 0;
  while (index < end && isSpaceOrTab(text.charCodeAt(index))) {
    columns += text.charCodeAt(index) === TAB ? 4 : 1;
    index++;
  }
  const result: StrictPrefix = {
    blank: index >= end,
    quoted,
    indent: columns,
    fence: null,
    splitsBefore: false,
    splitsAfter: false,
    setextUnderline: false,
  };
  if (result.blank || columns > 3) return result;
  const code = text.charCodeAt(index);
  if (code === STAR || code === DASH || code === UNDERSCORE) {
    if (isThematicBreak(text, index, end)) {
      result.splitsBefore = true;
      result.splitsAfter = true;
      result.setextUnderline = code === DASH && isSetextUnderline(text, index, end);
      return result;
    }
  }
  if (code === EQUALS || code === DASH) result.setextUnderline = isSetextUnderline(text, index, end);
  if (
    (code === STAR || code === DASH || code === PLUS) &&
    isSpaceOrTab(at(text, index + 1)) &&
    hasContent(text, index + 2, end)
  ) {
    result.splitsBefore = true;
  } else if (
    code === ONE &&
    (at(text, index + 1) === DOT || at(text, index + 1) === RIGHT_PAREN) &&
    isSpaceOrTab(at(text, index + 2)) &&
    hasContent(text, index + 3, end)
  ) {
    result.splitsBefore = true;
  } else if (code === HASH) {
    let hashes = 1;
    while (hashes < 7 && at(text, index + hashes) === HASH) hashes++;
    const after = at(text, index + hashes);
    if (hashes <= 6 && (index + hashes >= end || isSpaceOrTab(after))) {
      result.splitsBefore = true;
      result.splitsAfter = true;
    }
  } else if (code === BACKTICK || code === TILDE) {
    result.fence = fenceOpeningAt(text, index, end);
    if (result.fence) result.splitsBefore = true;
  }
  return result;
}

/** Three or more of one of `*`, `-`, `_` and nothing else but spaces. */
function isThematicBreak(text: string, start: number, end: number): boolean {
  const marker = text.charCodeAt(start);
  let count = 0;
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code === marker) count++;
    else if (!isSpaceOrTab(code)) return false;
  }
  return count >= 3;
}

/** A run of `=` or `-` with only trailing spaces. */
function isSetextUnderline(text: string, start: number, end: number): boolean {
  const marker = text.charCodeAt(start);
  let index = start;
  while (index < end && text.charCodeAt(index) === marker) index++;
  while (index < end && isSpaceOrTab(text.charCodeAt(index))) index++;
  return index >= end;
}

/** A fence at `index`: three or more backticks (with no backtick after) or tildes. */
function fenceOpeningAt(text: string, index: number, end: number): { marker: number; length: number } | null {
  const marker = text.charCodeAt(index);
  if (marker !== BACKTICK && marker !== TILDE) return null;
  let run = index;
  while (run < end && text.charCodeAt(run) === marker) run++;
  if (run - index < 3) return null;
  if (marker === BACKTICK) for (let rest = run; rest < end; rest++) if (text.charCodeAt(rest) === BACKTICK) return null;
  return { marker, length: run - index };
}

/** A closing fence for a top-level fenced block: up to three spaces, at least as long, nothing after. */
export function closesFence(text: string, start: number, end: number, marker: number, length: number): boolean {
  let index = start;
  let spaces = 0;
  while (index < end && text.charCodeAt(index) === SPACE && spaces < 4) {
    index++;
    spaces++;
  }
  if (spaces > 3) return false;
  let run = index;
  while (run < end && text.charCodeAt(run) === marker) run++;
  if (run - index < length) return false;
  return !hasContent(text, run, end);
}

/** HTML block openings whose blocks run to a marker rather than to a blank line (CommonMark types 1–5). */
const HTML_BLOCK_ENDS: [RegExp, RegExp][] = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:[\s>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];

/** An open top-level HTML block: it ends at a line matching `end`, or at a blank line when `end` is null. */
export interface HtmlBlock {
  end: RegExp | null;
}

/** Follows top-level HTML blocks only so far as to know when a fence line cannot open a fence. */
export function trackHtmlBlock(text: string, start: number, end: number, open: HtmlBlock | null): HtmlBlock | null {
  if (open) return open.end && open.end.test(text.slice(start, end)) ? null : open;
  let index = start;
  while (index < end && index - start < 4 && text.charCodeAt(index) === SPACE) index++;
  if (index >= end || text.charCodeAt(index) !== LT) return null;
  const line = text.slice(start, end);
  for (const [opening, closing] of HTML_BLOCK_ENDS) {
    const match = opening.exec(line);
    if (match) return closing.test(line.slice(match[0].length)) ? null : { end: closing };
  }
  // Any other tag may open a block that lasts to the next blank line.
  return { end: null };
}

export interface ContainerPrefix {
  /** `>` markers, wherever they stand in the prefix. */
  quotes: number;
  /** List item and footnote definition openings. */
  items: number;
  /** List item openings alone. */
  listItems: number;
  /** Columns of indentation before the first new item, which may continue open list items. */
  indent: number;
  /** Where the line's content starts after the prefix. */
  contentStart: number;
}

/**
 * Reads a line's container prefix generously (any indentation, any mix of markers), so its counts
 * are upper bounds: each `>`, list marker and footnote label opens or continues one container, and
 * list items are continued by at least two columns of indentation each.
 */
export function containerPrefix(text: string, start: number, end: number): ContainerPrefix {
  const prefix: ContainerPrefix = { quotes: 0, items: 0, listItems: 0, indent: 0, contentStart: start };
  let index = start;
  let afterQuote = false;
  let thematicChecked = false;
  for (;;) {
    let columns = 0;
    while (index < end && isSpaceOrTab(text.charCodeAt(index))) {
      columns += text.charCodeAt(index) === TAB ? 4 : 1;
      index++;
    }
    // One space after `>` belongs to the marker; indentation after a new item belongs to it.
    if (prefix.items === 0) prefix.indent += afterQuote ? Math.max(0, columns - 1) : columns;
    afterQuote = false;
    if (index >= end) break;
    const code = text.charCodeAt(index);
    if (code === GT) {
      prefix.quotes++;
      afterQuote = true;
      index++;
      continue;
    }
    if (
      (code === DASH || code === STAR || code === PLUS) &&
      (index + 1 >= end || isSpaceOrTab(text.charCodeAt(index + 1)))
    ) {
      // `- - -` and `* * *` are thematic breaks, not lists.
      if (!thematicChecked && code !== PLUS) {
        thematicChecked = true;
        if (isThematicBreak(text, index, end)) break;
      }
      prefix.items++;
      prefix.listItems++;
      index++;
      continue;
    }
    if (isDigit(code)) {
      let digits = index;
      while (digits < end && isDigit(text.charCodeAt(digits)) && digits - index < 9) digits++;
      const delimiter = at(text, digits);
      if (
        (delimiter === DOT || delimiter === RIGHT_PAREN) &&
        (digits + 1 >= end || isSpaceOrTab(text.charCodeAt(digits + 1)))
      ) {
        prefix.items++;
        prefix.listItems++;
        index = digits + 1;
        continue;
      }
      break;
    }
    if (code === LEFT_BRACKET && at(text, index + 1) === CARET) {
      const labelEnd = footnoteLabelEnd(text, index + 2, end);
      if (labelEnd >= 0) {
        prefix.items++;
        index = labelEnd + 2;
        continue;
      }
    }
    break;
  }
  prefix.contentStart = index;
  return prefix;
}

/** The `]` of a footnote definition label followed by `:`, or -1 (labels stop at 999 characters, as micromark's). */
function footnoteLabelEnd(text: string, start: number, end: number): number {
  for (let index = start; index < end && index - start < 1000; index++) {
    const code = text.charCodeAt(index);
    if (code === BACKSLASH) index++;
    else if (code === RIGHT_BRACKET) return at(text, index + 1) === COLON ? index : -1;
  }
  return -1;
}
