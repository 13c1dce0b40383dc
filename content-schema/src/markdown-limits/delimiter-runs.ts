/**
 * Runs of `*`, `_` and `~`: whether micromark lets each open or close emphasis or strikethrough,
 * and which openers a closer surely cancels, so the inline depth stays an upper bound.
 */
import { CODE, isAsciiPunctuation, isEmailAtext, previousCodePoint } from './chars.ts';
import { type MarkdownPass, noteDepth, pushBarrier, RUN } from './pass.ts';

const { AT, COLON, CR, EDGE, GT, LF, PIPE, SPACE, STAR, TAB, TILDE, UNDERSCORE } = CODE;

/** Unicode whitespace and punctuation exactly as micromark classifies them around emphasis. */
const UNICODE_WHITESPACE = /\s/;
const UNICODE_PUNCTUATION = /\p{P}|\p{S}/u;
/** The character classes micromark's emphasis rules use (micromark-util-classify-character). */
const WHITESPACE = 1;
const PUNCTUATION = 2;
const OTHER = 0;

/** The class of a code point (or EDGE) next to a delimiter run. */
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

/** What a run may do, and what it surely does, however micromark reads its neighbours. */
interface RunRoles {
  mayOpen: boolean;
  mayClose: boolean;
  alwaysOpen: boolean;
  alwaysClose: boolean;
  alwaysOpenOnly: boolean;
}

function runRoles(
  text: string,
  runMarker: number,
  start: number,
  end: number,
  lineStart: number,
  lineEnd: number,
): RunRoles {
  const before = start > lineStart ? previousCodePoint(text, start) : EDGE;
  const after = end < lineEnd ? (text.codePointAt(end) ?? EDGE) : EDGE;
  // A container prefix (`>`) or a table pipe may or may not be what micromark sees next to the
  // run (it strips prefixes and splits cells), so judge the run both ways and trust only agreement.
  const befores = before === GT || before === PIPE || before === COLON ? [before, EDGE] : [before];
  const afters = after === PIPE ? [after, EDGE] : [after];
  const roles = { mayOpen: false, mayClose: false, alwaysOpen: true, alwaysClose: true, alwaysOpenOnly: true };
  for (const b of befores) {
    for (const a of afters) {
      const { open, close } = runFlags(runMarker, b, a);
      roles.mayOpen ||= open;
      roles.mayClose ||= close;
      roles.alwaysOpen &&= open;
      roles.alwaysClose &&= close;
      roles.alwaysOpenOnly &&= open && !close;
    }
  }
  return roles;
}

/**
 * A delimiter run of `*`, `_` or `~`. A closer cancels the opener on top of the stack only when
 * micromark must pair them: same marker, nothing unresolved between them on the same line, both
 * certain of their role. (An email's local part may swallow a `_` run, so one followed by `@` is
 * no sure closer.) Anything less certain leaves the opener counted, over-estimating the depth.
 */
export function delimiterRun(
  pass: MarkdownPass,
  runMarker: number,
  start: number,
  end: number,
  lineStart: number,
  lineEnd: number,
): void {
  const size = end - start;
  // GFM strikethrough takes one or two tildes; longer runs are literal text.
  if (runMarker === TILDE && size > 2) return;
  const roles = runRoles(pass.text, runMarker, start, end, lineStart, lineEnd);
  if (!roles.mayOpen && !roles.mayClose) return;

  let left = size;
  if (runMarker === TILDE) {
    if (roles.alwaysClose && closesStrikethrough(pass, size)) return;
  } else if (roles.alwaysClose && !(runMarker === UNDERSCORE && emailFollows(pass, end, lineEnd))) {
    left = closeEmphasis(pass, runMarker, left, roles.mayOpen);
    if (left === 0) return;
  }
  // The run may still close something further down, so nothing below it may be cancelled later.
  if (roles.mayClose) pushBarrier(pass);
  if (roles.mayOpen && left > 0) {
    const top = ++pass.top;
    pass.kind[top] = RUN;
    pass.marker[top] = runMarker;
    pass.remaining[top] = left;
    pass.runLength[top] = size;
    pass.openOnly[top] = roles.alwaysOpenOnly;
    pass.surelyOpen[top] = roles.alwaysOpen;
    // An emphasis level takes at least one character; a strikethrough level takes the whole run.
    pass.inlineDepth += runMarker === TILDE ? 1 : left;
    noteDepth(pass);
  }
}

/** A strikethrough closer pairs with the nearest opener of its own length. */
function closesStrikethrough(pass: MarkdownPass, size: number): boolean {
  const { top } = pass;
  if (
    top >= 0 &&
    pass.kind[top] === RUN &&
    pass.marker[top] === TILDE &&
    pass.runLength[top] === size &&
    pass.surelyOpen[top]
  ) {
    pass.top--;
    pass.inlineDepth--;
    return true;
  }
  return false;
}

/**
 * Emphasis pairs one or two characters at a time, as micromark does, against openers that cannot
 * close (their remaining length is then known). The rule of three applies when the closer may
 * also open: a run whose length is not a multiple of three cannot close an opener when their
 * lengths sum to one. Returns the closer's characters left unpaired.
 */
function closeEmphasis(pass: MarkdownPass, runMarker: number, size: number, mayOpen: boolean): number {
  let left = size;
  while (
    left > 0 &&
    pass.top >= 0 &&
    pass.kind[pass.top] === RUN &&
    pass.marker[pass.top] === runMarker &&
    pass.openOnly[pass.top]
  ) {
    const opener = pass.remaining[pass.top] ?? 0;
    if (mayOpen && left % 3 !== 0 && (opener + left) % 3 === 0) break;
    const used = opener > 1 && left > 1 ? 2 : 1;
    left -= used;
    pass.inlineDepth -= used;
    pass.remaining[pass.top] = opener - used;
    if (opener === used) pass.top--;
  }
  return left;
}

/** Whether an email's local part runs from `index` to an `@` on the line (so it may swallow a `_` run). */
function emailFollows(pass: MarkdownPass, index: number, lineEnd: number): boolean {
  if (index >= pass.emailFrom && index <= pass.emailTo) return pass.emailFound;
  const { text } = pass;
  let cursor = index;
  while (cursor < lineEnd && isEmailAtext(text.charCodeAt(cursor))) cursor++;
  pass.emailFrom = index;
  pass.emailTo = cursor;
  pass.emailFound = cursor < lineEnd && text.charCodeAt(cursor) === AT;
  return pass.emailFound;
}
