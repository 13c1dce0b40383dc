/**
 * The inline pass over one line of a chunk: counts the markup micromark scans for, and tracks how
 * deeply emphasis, links and autolinks may nest.
 */
import { CODE, at, countTriggers, isAsciiAlpha, isAsciiPunctuation, isSpaceOrTab, isTrigger } from './chars.ts';
import { delimiterRun } from './delimiter-runs.ts';
import { BRACKET, type MarkdownPass, noteDepth, pushBarrier } from './pass.ts';

const {
  AMPERSAND,
  AT,
  BACKSLASH,
  BACKTICK,
  BANG,
  COLON,
  GT,
  LEFT_BRACKET,
  LEFT_PAREN,
  LOWER_W,
  LT,
  PIPE,
  QUESTION,
  RIGHT_BRACKET,
  RIGHT_PAREN,
  SLASH,
  STAR,
  TILDE,
  UNDERSCORE,
  UPPER_W,
} = CODE;

/** One line of a chunk, character by character: counts markup and tracks inline nesting. */
export function scanInline(pass: MarkdownPass, lineStart: number, lineEnd: number): void {
  const { text } = pass;
  let index = lineStart;
  while (index < lineEnd) {
    const code = text.charCodeAt(index);
    if (code === BACKSLASH) {
      index = escape(pass, index, lineEnd);
      continue;
    }
    if (code === STAR || code === UNDERSCORE || code === TILDE) {
      let end = index + 1;
      while (end < lineEnd && text.charCodeAt(end) === code) end++;
      pass.chunkTriggers += end - index;
      delimiterRun(pass, code, index, end, lineStart, lineEnd);
      index = end;
      continue;
    }
    if (code === BACKTICK) {
      index = backtickRun(pass, index, lineEnd);
      continue;
    }
    if (code === LEFT_BRACKET) {
      pass.chunkTriggers++;
      pass.top++;
      pass.kind[pass.top] = BRACKET;
      pass.openBrackets++;
      noteDepth(pass);
      index++;
      continue;
    }
    if (code === RIGHT_BRACKET) {
      index = closeBracket(pass, index, lineEnd);
      continue;
    }
    if (code === LT) {
      pass.chunkTriggers++;
      const next = at(text, index + 1);
      // Raw HTML and autolinks swallow what follows; a `<` before a space or digit is text.
      if (isAsciiAlpha(next) || next === SLASH || next === BANG || next === QUESTION) {
        pushBarrier(pass);
        noteDepth(pass, 1);
      }
      index++;
      continue;
    }
    // Literal autolinks (emails, `://`, `www.`) swallow what follows; each is a link node. A
    // character reference is a node too; a pipe may start a table cell.
    if (
      code === AT ||
      (code === COLON && at(text, index + 1) === SLASH && at(text, index + 2) === SLASH) ||
      ((code === LOWER_W || code === UPPER_W) && isWwwPrefix(text, index))
    ) {
      pushBarrier(pass);
      noteDepth(pass, 1);
      pass.nodes++;
    } else if (code === AMPERSAND) pass.nodes++;
    else if (code === PIPE) pass.linePipes++;
    else if (code === BANG) pass.tokens++;
    else if (isSpaceOrTab(code)) {
      pass.tokens++;
      while (index + 1 < lineEnd && isSpaceOrTab(text.charCodeAt(index + 1))) index++;
    }
    index++;
  }
}

/** A backslash at `index`; returns where scanning resumes. */
function escape(pass: MarkdownPass, index: number, lineEnd: number): number {
  pass.nodes++;
  const next = at(pass.text, index + 1);
  // An escaped punctuation character is literal; it still costs micromark a look.
  if (index + 1 < lineEnd && isAsciiPunctuation(next)) {
    if (isTrigger(next)) pass.chunkTriggers++;
    return index + 2;
  }
  return index + 1;
}

/** A run of backticks starting at `index`; returns where scanning resumes. */
function backtickRun(pass: MarkdownPass, index: number, lineEnd: number): number {
  const { text } = pass;
  let end = index + 1;
  while (end < lineEnd && text.charCodeAt(end) === BACKTICK) end++;
  pass.chunkTriggers += end - index;
  // The next run on the line: if it has the same length and nothing between them can
  // delimit emphasis, it does not matter whether micromark makes code of them.
  let close = end;
  let clean = true;
  let triggers = 0;
  while (close < lineEnd && text.charCodeAt(close) !== BACKTICK) {
    const inner = text.charCodeAt(close);
    if (inner === STAR || inner === UNDERSCORE || inner === TILDE) clean = false;
    if (isTrigger(inner)) triggers++;
    close++;
  }
  pass.chunkTriggers += triggers;
  let closeEnd = close;
  while (closeEnd < lineEnd && text.charCodeAt(closeEnd) === BACKTICK) closeEnd++;
  if (close < lineEnd && clean && closeEnd - close === end - index) {
    pass.chunkTriggers += closeEnd - close;
    return closeEnd;
  }
  // Counted the characters up to the next run already; scanning resumes after this run.
  pass.chunkTriggers -= countTriggers(text, end, close);
  pushBarrier(pass);
  return end;
}

/** A `]` at `index`: closes the open bracket on top of the stack, if any; returns where scanning resumes. */
function closeBracket(pass: MarkdownPass, bracket: number, lineEnd: number): number {
  pass.chunkTriggers++;
  const index = bracket + 1;
  if (pass.openBrackets === 0) return index;
  if (pass.top < 0 || pass.kind[pass.top] !== BRACKET) {
    pushBarrier(pass);
    return index;
  }
  pass.top--;
  pass.openBrackets--;
  // A link destination swallows its characters; one without markup hides nothing.
  if (at(pass.text, index) !== LEFT_PAREN) return index;
  const close = plainDestinationEnd(pass.text, index + 1, lineEnd);
  if (close >= 0) return close + 1;
  pushBarrier(pass);
  return index;
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

function isWwwPrefix(text: string, index: number): boolean {
  return text.slice(index, index + 4).toLowerCase() === 'www.';
}
