import { z } from 'zod';

/** The largest row id a request may name: 15 digits, the same bound the API puts on ids in paths. */
export const MAX_ID = 999_999_999_999_999;

/** A row id in a request body: a positive whole number up to MAX_ID, with one message for every way it can be wrong. */
export const idField = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);
