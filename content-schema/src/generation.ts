/**
 * The two kinds of automated post. A file of its own without imports, because the database schema (which
 * drizzle-kit loads on its own) stores it as a column's enum.
 */
export const GENERATION_KINDS = ['daily', 'deep-dive'] as const;
export type GenerationKind = (typeof GENERATION_KINDS)[number];
