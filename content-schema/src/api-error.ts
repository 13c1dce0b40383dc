import { z } from 'zod';

/** Every non-OK JSON answer of the API. */
export const ApiErrorBodySchema = z.object({
  error: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
