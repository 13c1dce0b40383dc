/** Character codes the pass looks for, and the predicates it sorts characters with. */

/**
 * The character codes the pass compares against. Each module copies the ones it uses into
 * constants of its own (`const { STAR } = CODE;`): V8 reads an imported binding through its
 * module cell at every use, which in the per-character loops made the pass a fifth slower.
 */
export const CODE = {
  TAB: 9,
  LF: 10,
  CR: 13,
  SPACE: 32,
  BANG: 33,
  HASH: 35,
  RIGHT_PAREN: 41,
  LEFT_PAREN: 40,
  STAR: 42,
  PLUS: 43,
  DASH: 45,
  DOT: 46,
  SLASH: 47,
  ONE: 49,
  COLON: 58,
  LT: 60,
  EQUALS: 61,
  GT: 62,
  QUESTION: 63,
  AT: 64,
  UPPER_W: 87,
  LEFT_BRACKET: 91,
  BACKSLASH: 92,
  AMPERSAND: 38,
  RIGHT_BRACKET: 93,
  CARET: 94,
  UNDERSCORE: 95,
  BACKTICK: 96,
  LOWER_W: 119,
  PIPE: 124,
  TILDE: 126,
  /** A line end, the start or end of text: micromark treats all three as whitespace. */
  EDGE: -1,
} as const;

const { TAB, SPACE, PLUS, DASH, DOT, UNDERSCORE, STAR, TILDE, BACKTICK, LEFT_BRACKET, RIGHT_BRACKET, LT, EDGE } = CODE;

/** The code at `index`, or EDGE past the end of the text. */
export function at(text: string, index: number): number {
  return index < text.length ? text.charCodeAt(index) : EDGE;
}

/** The code point ending just before `index`, joining a surrogate pair. */
export function previousCodePoint(text: string, index: number): number {
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(index - 2) ?? low;
  }
  return low;
}

export function isSpaceOrTab(code: number): boolean {
  return code === SPACE || code === TAB;
}

/** Whether anything but spaces and tabs stands in [start, end). */
export function hasContent(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index++) if (!isSpaceOrTab(text.charCodeAt(index))) return true;
  return false;
}

export function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

export function isAsciiAlpha(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

export function isAsciiPunctuation(code: number): boolean {
  return (
    (code >= 33 && code <= 47) ||
    (code >= 58 && code <= 64) ||
    (code >= 91 && code <= 96) ||
    (code >= 123 && code <= 126)
  );
}

/** Characters of an email's local part (GFM autolink literals), which may swallow a `_` run. */
export function isEmailAtext(code: number): boolean {
  return code === PLUS || code === DASH || code === DOT || code === UNDERSCORE || isDigit(code) || isAsciiAlpha(code);
}

/** Markup whose closing character makes micromark scan its whole paragraph again. */
export function isTrigger(code: number): boolean {
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

export function countTriggers(text: string, start: number, end: number): number {
  let count = 0;
  for (let index = start; index < end; index++) if (isTrigger(text.charCodeAt(index))) count++;
  return count;
}
