import type { Context } from 'hono';
import { AppError } from './errors.ts';

/**
 * Reads a JSON body; malformed JSON is a 400, never a 500. An empty body reads as `{}`. JSON can spell a lone
 * UTF-16 surrogate (`"\ud800"`), which is not text: a libSQL server refuses the statement carrying it, so it is
 * refused here, for every database alike.
 */
export async function readJson(c: Context): Promise<unknown> {
  return parseJsonBody(await c.req.text());
}

/** `readJson` for a body already read as text. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new AppError(400, 'Request body must be valid JSON');
  }
  if (!wellFormed(value)) throw new AppError(400, 'Request body must be valid Unicode text (it has a lone surrogate)');
  return value;
}

const LONE_SURROGATE = /[\uD800-\uDFFF]/u; // with the u flag, a paired surrogate is one code point and no match

/** No string or key of a parsed JSON value holds a lone surrogate (an explicit stack: bodies may nest deeply). */
function wellFormed(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) return false;
    } else if (Array.isArray(value)) {
      stack.push(...value);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (LONE_SURROGATE.test(k)) return false;
        stack.push(v);
      }
    }
  }
  return true;
}

/** A positive integer path parameter, or 404 (an id that cannot exist names nothing). */
export function idParam(c: Context, name = 'id', notFoundMessage = 'Not found'): number {
  const raw = c.req.param(name) ?? '';
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError(404, notFoundMessage);
  return id;
}
