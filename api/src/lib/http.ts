import type { Context } from 'hono';
import { AppError } from './errors.ts';

/** Reads a JSON body; malformed JSON is a 400, never a 500. An empty body reads as `{}`. */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError(400, 'Request body must be valid JSON');
  }
}

/** A positive integer path parameter, or 404 (an id that cannot exist names nothing). */
export function idParam(c: Context, name = 'id', notFoundMessage = 'Not found'): number {
  const raw = c.req.param(name) ?? '';
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError(404, notFoundMessage);
  return id;
}
