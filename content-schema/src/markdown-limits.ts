/**
 * Limits on post markdown, checked in one linear pass over the text without parsing it, so the
 * check is cheap enough for every save and safe on any input.
 *
 * The renderer recurses once per nesting level (remark-rehype overflows Node's default stack past
 * about 1,100 nested lists or 2,500 nested quotes), and micromark and remark-rehype have quadratic
 * paths: every closing `*`, `]` or backtick run scans its whole paragraph, every new list item,
 * lazy line and setext heading copies the document's events so far, and table rows are padded to
 * the header's width. The pass over-estimates each of these, so whatever it accepts renders in
 * bounded time and depth; whatever it refuses gets a message an editor can act on.
 */

/** How deeply quotes, lists, footnotes, emphasis and links may nest: articles use a handful of levels. */
export const MARKDOWN_MAX_DEPTH = 32;

/** Table cells a body may render (header width × rows, since short rows are padded): beyond this it is a data dump. */
export const MARKDOWN_MAX_TABLE_CELLS = 20_000;

/**
 * The slowest rate measured for each kind of work, in nanoseconds (Node 24, the renderer's whole
 * pipeline, on a busy two-core machine), so the estimate below is an upper bound on render time.
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

/** Estimated render time a body may need; a 200,000-character article of ordinary prose needs about a third. */
const MAX_RENDER_NANOSECONDS = 1_000_000_000;

/** What `checkMarkdownLimits` tells an editor; each names the limit and what to change. */
export const MARKDOWN_LIMIT_MESSAGES = {
  depth: `Content nests quotes, lists or emphasis too deeply (at most ${MARKDOWN_MAX_DEPTH} levels)`,
  tableCells: `Content has too many table cells (at most ${MARKDOWN_MAX_TABLE_CELLS.toLocaleString('en-US')})`,
  work: 'Content has too much markup to render: split very long paragraphs, lists or tables',
} as const;

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

/** A reader-facing reason the markdown exceeds the renderer's limits, or null when it is within them. */
export function checkMarkdownLimits(markdown: string): string | null {
  const measure = measureMarkdown(markdown);
  if (measure.depth > MARKDOWN_MAX_DEPTH) return MARKDOWN_LIMIT_MESSAGES.depth;
  if (measure.tableCells > MARKDOWN_MAX_TABLE_CELLS) return MARKDOWN_LIMIT_MESSAGES.tableCells;
  if (measure.renderNanoseconds > MAX_RENDER_NANOSECONDS) return MARKDOWN_LIMIT_MESSAGES.work;
  return null;
}

const TAB = 9;
const LF = 10;
const CR = 13;
const SPACE = 32;
const BANG = 33;
const HASH = 35;
const RIGHT_PAREN = 41;
const LEFT_PAREN = 40;
const STAR = 42;
const PLUS = 43;
const DASH = 45;
const DOT = 46;
const SLASH = 47;
const COLON = 58;
const LT = 60;
const EQUALS = 61;
const GT = 62;
const QUESTION = 63;
const AT = 64;
const LEFT_BRACKET = 91;
const BACKSLASH = 92;
const AMPERSAND = 38;
const RIGHT_BRACKET = 93;
const CARET = 94;
const UNDERSCORE = 95;
const BACKTICK = 96;
const PIPE = 124;
const TILDE = 126;

/** Unicode whitespace and punctuation exactly as micromark classifies them around emphasis. */
const UNICODE_WHITESPACE = /\s/;
const UNICODE_PUNCTUATION = /\p{P}|\p{S}/u;
/** The character classes micromark's emphasis rules use (micromark-util-classify-character). */
const WHITESPACE = 1;
const PUNCTUATION = 2;
const OTHER = 0;

/** A line end, the start or end of text: micromark treats all three as whitespace. */
const EDGE = -1;

function isSpaceOrTab(code: number): boolean {
  return code === SPACE || code === TAB;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isAsciiAlpha(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isAsciiPunctuation(code: number): boolean {
  return (
    (code >= 33 && code <= 47) ||
    (code >= 58 && code <= 64) ||
    (code >= 91 && code <= 96) ||
    (code >= 123 && code <= 126)
  );
}

/** Characters of an email's local part (GFM autolink literals), which may swallow a `_` run. */
function isEmailAtext(code: number): boolean {
  return code === PLUS || code === DASH || code === DOT || code === UNDERSCORE || isDigit(code) || isAsciiAlpha(code);
}

function classify(codePoint: number): number {
  if (codePoint === EDGE || codePoint === SPACE || codePoint === TAB || codePoint === LF || codePoint === CR)
    return WHITESPACE;
  if (codePoint < 128) return isAsciiPunctuation(codePoint) ? PUNCTUATION : OTHER;
  const char = String.fromCodePoint(codePoint);
  if (UNICODE_WHITESPACE.test(char)) return WHITESPACE;
  return UNICODE_PUNCTUATION.test(char) ? PUNCTUATION : OTHER;
}

/** Whether a delimiter run may open and may close, by micromark's rules for `*`, `_` and `~`. */
function runFlags(marker: number, before: number, after: number): { open: boolean; close: boolean } {
  const b = classify(before);
  const a = classify(after);
  const flanking = {
    open: a === OTHER || (a === PUNCTUATION && b !== OTHER),
    close: b === OTHER || (b === PUNCTUATION && a !== OTHER),
  };
  if (marker === TILDE) return flanking;
  // `~` is an attention marker too (GFM), so it lets a neighbouring `*` or `_` run open or close.
  const open = flanking.open || after === TILDE;
  const close = flanking.close || before === TILDE;
  if (marker === STAR) return { open, close };
  return { open: open && (b !== OTHER || !close), close: close && (a !== OTHER || !open) };
}

/** Stack entries of the inline pass: a barrier, an open `[`, or an unmatched delimiter run. */
const BARRIER = 0;
const BRACKET = 1;
const RUN = 2;

/**
 * Measures, in one pass, what bounds the renderer's work: nesting depth, table cells, inline and
 * block work. Every figure is an over-estimate, so limits on it are safe and normal articles stay
 * far below them.
 */
export function measureMarkdown(markdown: string): MarkdownMeasure {
  const text = markdown;
  const length = text.length;
  const at = (index: number): number => (index < length ? text.charCodeAt(index) : EDGE);

  let depth = 0;
  let tableCells = 0;
  let inlineWork = 0;
  let blockWork = 0;
  let nodes = 0;
  let cells = 0;
  let linePipes = 0;
  let tokens = 0;

  // Block state. `openBound` bounds the containers still open before a line: they stay open
  // through blank lines and lazy lines, and a line can only continue that many by indentation.
  let openBound = 0;
  let previousBlank = true;
  let previousQuotes = 0;
  // Document events so far, approximately: one per line, per open container and per table cell.
  let events = 0;
  // A top-level fenced code block (its lines are never inline), and the end of a top-level HTML
  // block that could hide a fence line (types 1 to 5 end at a marker, the others at a blank line).
  let fenceMarker = 0;
  let fenceLength = 0;
  let htmlBlock: HtmlBlock | null = null;
  // Set once a fence line could not be placed for certain: from then on no code is skipped.
  let fencesUncertain = false;

  // Chunk state: a chunk is a run of lines no paragraph can extend past (see `splitsBefore`).
  let chunkLength = 0;
  let chunkTriggers = 0;
  let chunkBlockDepth = 0;
  let chunkHasContainer = false;
  // Tables: the width of the last delimiter-like row, for counting cells (generously), and whether
  // the lines are rows of a table certain enough to parse each row's inline content on its own.
  let tableColumns = 0;
  let tableRows = false;
  let headerCells = 0;

  // Inline state, per chunk: a stack of barriers, open brackets and unmatched delimiter runs.
  const kind: number[] = [];
  const marker: number[] = [];
  const remaining: number[] = [];
  const runLength: number[] = [];
  const openOnly: boolean[] = [];
  const surelyOpen: boolean[] = [];
  let top = -1;
  let inlineDepth = 0;
  let openBrackets = 0;

  // The last look for an email: every position in [from, to] gives the same answer, which keeps
  // runs like `a_a_a_…` linear.
  let emailFrom = -1;
  let emailTo = -1;
  let emailFound = false;
  const emailFollows = (index: number, lineEnd: number): boolean => {
    if (index >= emailFrom && index <= emailTo) return emailFound;
    let cursor = index;
    while (cursor < lineEnd && isEmailAtext(text.charCodeAt(cursor))) cursor++;
    emailFrom = index;
    emailTo = cursor;
    emailFound = cursor < lineEnd && text.charCodeAt(cursor) === AT;
    return emailFound;
  };

  // Links cannot contain bracketed links, so brackets add one level however many are open; an
  // autolink (which link text may hold) adds one more where it stands.
  const noteDepth = (autolink = 0): void => {
    const here = chunkBlockDepth + inlineDepth + (openBrackets > 0 ? 1 : 0) + autolink;
    if (here > depth) depth = here;
  };

  const pushBarrier = (): void => {
    if (top >= 0 && kind[top] === BARRIER) return;
    top++;
    kind[top] = BARRIER;
  };

  const endChunk = (): void => {
    inlineWork += chunkTriggers * chunkLength;
    chunkLength = 0;
    chunkTriggers = 0;
    chunkBlockDepth = 0;
    chunkHasContainer = false;
    top = -1;
    inlineDepth = 0;
    openBrackets = 0;
  };

  /**
   * A delimiter run of `*`, `_` or `~`. A closer cancels the opener on top of the stack only when
   * micromark must pair them: same marker, nothing unresolved between them on the same line, both
   * certain of their role. (An email's local part may swallow a `_` run, so one followed by `@` is
   * no sure closer.) Anything less certain leaves the opener counted, over-estimating the depth.
   */
  const delimiterRun = (runMarker: number, start: number, end: number, lineStart: number, lineEnd: number): void => {
    const size = end - start;
    // GFM strikethrough takes one or two tildes; longer runs are literal text.
    if (runMarker === TILDE && size > 2) return;
    const before = start > lineStart ? previousCodePoint(text, start) : EDGE;
    const after = end < lineEnd ? (text.codePointAt(end) ?? EDGE) : EDGE;
    // A container prefix (`>`) or a table pipe may or may not be what micromark sees next to the
    // run (it strips prefixes and splits cells), so judge the run both ways and trust only agreement.
    const befores = before === GT || before === PIPE || before === COLON ? [before, EDGE] : [before];
    const afters = after === PIPE ? [after, EDGE] : [after];
    let mayOpen = false;
    let mayClose = false;
    let alwaysOpen = true;
    let alwaysClose = true;
    let alwaysOpenOnly = true;
    for (const b of befores) {
      for (const a of afters) {
        const { open, close } = runFlags(runMarker, b, a);
        mayOpen ||= open;
        mayClose ||= close;
        alwaysOpen &&= open;
        alwaysClose &&= close;
        alwaysOpenOnly &&= open && !close;
      }
    }
    if (!mayOpen && !mayClose) return;

    let left = size;
    if (runMarker === TILDE) {
      // A strikethrough closer pairs with the nearest opener of its own length.
      if (
        alwaysClose &&
        top >= 0 &&
        kind[top] === RUN &&
        marker[top] === TILDE &&
        runLength[top] === size &&
        surelyOpen[top]
      ) {
        top--;
        inlineDepth--;
        return;
      }
    } else if (alwaysClose && !(runMarker === UNDERSCORE && emailFollows(end, lineEnd))) {
      // Emphasis pairs one or two characters at a time, as micromark does, against openers that
      // cannot close (their remaining length is then known). The rule of three applies when the
      // closer may also open: a run whose length is not a multiple of three cannot close an opener
      // when their lengths sum to one.
      while (left > 0 && top >= 0 && kind[top] === RUN && marker[top] === runMarker && openOnly[top]) {
        const opener = remaining[top] ?? 0;
        if (mayOpen && left % 3 !== 0 && (opener + left) % 3 === 0) break;
        const used = opener > 1 && left > 1 ? 2 : 1;
        left -= used;
        inlineDepth -= used;
        remaining[top] = opener - used;
        if (opener === used) top--;
      }
      if (left === 0) return;
    }
    // The run may still close something further down, so nothing below it may be cancelled later.
    if (mayClose) pushBarrier();
    if (mayOpen && left > 0) {
      top++;
      kind[top] = RUN;
      marker[top] = runMarker;
      remaining[top] = left;
      runLength[top] = size;
      openOnly[top] = alwaysOpenOnly;
      surelyOpen[top] = alwaysOpen;
      // An emphasis level takes at least one character; a strikethrough level takes the whole run.
      inlineDepth += runMarker === TILDE ? 1 : left;
      noteDepth();
    }
  };

  /** One line of a chunk, character by character: counts markup and tracks inline nesting. */
  const scanInline = (lineStart: number, lineEnd: number): void => {
    let index = lineStart;
    while (index < lineEnd) {
      const code = text.charCodeAt(index);
      if (code === BACKSLASH) {
        nodes++;
        const next = at(index + 1);
        // An escaped punctuation character is literal; it still costs micromark a look.
        if (index + 1 < lineEnd && isAsciiPunctuation(next)) {
          if (isTrigger(next)) chunkTriggers++;
          index += 2;
        } else index++;
        continue;
      }
      if (code === STAR || code === UNDERSCORE || code === TILDE) {
        let end = index + 1;
        while (end < lineEnd && text.charCodeAt(end) === code) end++;
        chunkTriggers += end - index;
        delimiterRun(code, index, end, lineStart, lineEnd);
        index = end;
        continue;
      }
      if (code === BACKTICK) {
        let end = index + 1;
        while (end < lineEnd && text.charCodeAt(end) === BACKTICK) end++;
        chunkTriggers += end - index;
        // The next run on the line: if it has the same length and nothing between them can
        // delimit emphasis, it does not matter whether micromark makes code of them.
        let close = end;
        let clean = true;
        while (close < lineEnd && text.charCodeAt(close) !== BACKTICK) {
          const inner = text.charCodeAt(close);
          if (inner === STAR || inner === UNDERSCORE || inner === TILDE) clean = false;
          if (isTrigger(inner)) chunkTriggers++;
          close++;
        }
        let closeEnd = close;
        while (closeEnd < lineEnd && text.charCodeAt(closeEnd) === BACKTICK) closeEnd++;
        if (close < lineEnd && clean && closeEnd - close === end - index) {
          chunkTriggers += closeEnd - close;
          index = closeEnd;
        } else {
          // Counted the characters up to the next run already; scanning resumes after this run.
          chunkTriggers -= countTriggers(text, end, close);
          pushBarrier();
          index = end;
        }
        continue;
      }
      if (code === LEFT_BRACKET) {
        chunkTriggers++;
        top++;
        kind[top] = BRACKET;
        openBrackets++;
        noteDepth();
        index++;
        continue;
      }
      if (code === RIGHT_BRACKET) {
        chunkTriggers++;
        index++;
        if (openBrackets === 0) continue;
        if (top >= 0 && kind[top] === BRACKET) {
          top--;
          openBrackets--;
          // A link destination swallows its characters; one without markup hides nothing.
          if (at(index) === LEFT_PAREN) {
            const close = plainDestinationEnd(text, index + 1, lineEnd);
            if (close >= 0) index = close + 1;
            else pushBarrier();
          }
        } else pushBarrier();
        continue;
      }
      if (code === LT) {
        chunkTriggers++;
        const next = at(index + 1);
        // Raw HTML and autolinks swallow what follows; a `<` before a space or digit is text.
        if (isAsciiAlpha(next) || next === SLASH || next === BANG || next === QUESTION) {
          pushBarrier();
          noteDepth(1);
        }
        index++;
        continue;
      }
      // Literal autolinks (emails, `://`, `www.`) swallow what follows; each is a link node. A
      // character reference is a node too; a pipe may start a table cell.
      if (
        code === AT ||
        (code === COLON && at(index + 1) === SLASH && at(index + 2) === SLASH) ||
        ((code === 119 || code === 87) && isWwwPrefix(text, index))
      ) {
        pushBarrier();
        noteDepth(1);
        nodes++;
      } else if (code === AMPERSAND) nodes++;
      else if (code === PIPE) linePipes++;
      else if (code === BANG) tokens++;
      else if (isSpaceOrTab(code)) {
        tokens++;
        while (index + 1 < lineEnd && isSpaceOrTab(text.charCodeAt(index + 1))) index++;
      }
      index++;
    }
  };

  let lineStart = 0;
  while (lineStart <= length) {
    let lineEnd = lineStart;
    while (lineEnd < length) {
      const code = text.charCodeAt(lineEnd);
      if (code === LF || code === CR) break;
      lineEnd++;
    }
    const nextLine =
      lineEnd < length && text.charCodeAt(lineEnd) === CR && at(lineEnd + 1) === LF ? lineEnd + 2 : lineEnd + 1;

    if (fenceMarker !== 0) {
      // Inside top-level fenced code: only its closing fence matters.
      if (closesFence(text, lineStart, lineEnd, fenceMarker, fenceLength)) fenceMarker = 0;
      events++;
      nodes++;
      previousBlank = false;
      lineStart = nextLine;
      continue;
    }

    const strict = strictPrefix(text, lineStart, lineEnd);
    if (strict.blank && !strict.quoted) {
      endChunk();
      tableColumns = 0;
      tableRows = false;
      headerCells = 0;
      if (htmlBlock && !htmlBlock.end) htmlBlock = null;
      events += 1 + openBound;
      previousBlank = true;
      previousQuotes = 0;
      lineStart = nextLine;
      continue;
    }

    // Top-level fenced code is never inline, so the pass skips it, where that is certain: a fence
    // line at column 0, or where no container can be open, closes every container and opens code
    // unless an HTML block holds it. A fence line that cannot be placed so ends all skipping, since
    // skipping from a misplaced fence would hide markdown as "code".
    if (strict.fence && !strict.quoted && !fencesUncertain) {
      if ((strict.indent === 0 || openBound === 0) && !htmlBlock) {
        fenceMarker = strict.fence.marker;
        fenceLength = strict.fence.length;
        endChunk();
        openBound = 0;
        events++;
        nodes++;
        previousBlank = false;
        previousQuotes = 0;
        lineStart = nextLine;
        continue;
      }
      fencesUncertain = true;
    }
    htmlBlock = trackHtmlBlock(text, lineStart, lineEnd, htmlBlock);

    // A line of nothing but quote markers ends paragraphs but still nests its quotes.
    if (strict.splitsBefore || strict.blank) {
      endChunk();
      tableColumns = 0;
    }
    // A certain table (see below) keeps going while its lines start with a pipe; each row is
    // parsed on its own, so it is a chunk of its own.
    const rowCells = text.charCodeAt(lineStart) === PIPE ? pipeCells(text, lineStart, lineEnd) : 0;
    if (tableRows && rowCells === 0) tableRows = false;
    if (tableRows) endChunk();

    const line = containerPrefix(text, lineStart, lineEnd);
    const lineDepth = line.quotes + line.items + Math.min(Math.floor(line.indent / 2), openBound);
    openBound = previousBlank ? lineDepth : Math.max(openBound, lineDepth);
    if (lineDepth > chunkBlockDepth) chunkBlockDepth = lineDepth;
    noteDepth();

    // Lines that make micromark copy its events: new list items, setext underlines, lazy lines.
    const lazy = chunkHasContainer && (line.quotes === 0 || line.quotes < previousQuotes);
    // Setext headings copy the flow's events, about three for each of the document's.
    if (strict.setextUnderline) blockWork += 3 * events;
    else if (line.listItems > 0 || lazy) blockWork += events;
    if (line.quotes > 0 || line.items > 0) chunkHasContainer = true;

    // Tables: a delimiter row fixes the width; every later line until a block start may be a row.
    if (tableColumns > 0) tableCells += tableColumns;
    else if (chunkLength > 0) {
      const columns = delimiterRowColumns(text, line.contentStart, lineEnd);
      if (columns > 0) {
        tableColumns = columns;
        tableCells += columns;
      }
    }
    // A table is certain when a header at column 0 outside any container (so not a lazy line) is
    // followed by a delimiter row at column 0 with as many cells: micromark then always makes one.
    const confirmsTable = headerCells > 0 && rowCells === headerCells && isDelimiterRow(text, lineStart, lineEnd);
    headerCells = !tableRows && !confirmsTable && openBound === 0 ? rowCells : 0;

    const triggersBefore = chunkTriggers;
    linePipes = 0;
    scanInline(lineStart, lineEnd);
    // Every line is at least one node (a block, a table row, a hard break); a new list item is
    // about three more (list, item, paragraph), a container it continues about a quarter; markup
    // adds more. A table row has at least the header's cells.
    const continued = lineDepth - line.items;
    nodes += 1 + 3 * line.items + Math.ceil(continued / 4) + chunkTriggers - triggersBefore;
    cells += tableColumns > 0 ? Math.max(linePipes, tableColumns) : linePipes;
    // A table row's cells are events of the document too.
    events += 1 + lineDepth + linePipes;
    chunkLength += lineEnd - lineStart + 1;
    pushBarrier();
    if (strict.splitsAfter || strict.blank || tableRows || confirmsTable) endChunk();
    if (confirmsTable) tableRows = true;

    previousBlank = false;
    previousQuotes = line.quotes;
    lineStart = nextLine;
  }
  endChunk();
  const renderNanoseconds =
    inlineWork * NANOSECONDS_PER.inlineWork +
    blockWork * NANOSECONDS_PER.blockWork +
    nodes * NANOSECONDS_PER.node +
    cells * NANOSECONDS_PER.cell +
    tokens * NANOSECONDS_PER.token +
    length * NANOSECONDS_PER.character;
  return { depth, tableCells, inlineWork, blockWork, nodes, cells, tokens, length, renderNanoseconds };
}

function isTrigger(code: number): boolean {
  return (
    code === STAR ||
    code === UNDERSCORE ||
    code === TILDE ||
    code === BACKTICK ||
    code === LEFT_BRACKET ||
    code === RIGHT_BRACKET ||
    code === LT
  );
}

function countTriggers(text: string, start: number, end: number): number {
  let count = 0;
  for (let index = start; index < end; index++) if (isTrigger(text.charCodeAt(index))) count++;
  return count;
}

function previousCodePoint(text: string, index: number): number {
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(index - 2) ?? low;
  }
  return low;
}

function isWwwPrefix(text: string, index: number): boolean {
  return text.slice(index, index + 4).toLowerCase() === 'www.';
}

/** The `)` ending a destination with no markup, whitespace or nesting in it, or -1. */
function plainDestinationEnd(text: string, start: number, lineEnd: number): number {
  for (let index = start; index < lineEnd; index++) {
    const code = text.charCodeAt(index);
    if (code === RIGHT_PAREN) return index;
    if (
      isSpaceOrTab(code) ||
      code === LEFT_PAREN ||
      code === LT ||
      code === GT ||
      code === BACKSLASH ||
      isTrigger(code)
    )
      return -1;
  }
  return -1;
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

interface StrictPrefix {
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
function strictPrefix(text: string, start: number, end: number): StrictPrefix {
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
    code === 49 &&
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

function at(text: string, index: number): number {
  return index < text.length ? text.charCodeAt(index) : EDGE;
}

function hasContent(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index++) if (!isSpaceOrTab(text.charCodeAt(index))) return true;
  return false;
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
function closesFence(text: string, start: number, end: number, marker: number, length: number): boolean {
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
interface HtmlBlock {
  end: RegExp | null;
}

/** Follows top-level HTML blocks only so far as to know when a fence line cannot open a fence. */
function trackHtmlBlock(text: string, start: number, end: number, open: HtmlBlock | null): HtmlBlock | null {
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

interface ContainerPrefix {
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
function containerPrefix(text: string, start: number, end: number): ContainerPrefix {
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
