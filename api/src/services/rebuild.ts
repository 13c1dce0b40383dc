import type { BuildChange } from '../db/schema.ts';

/** What a public change asks of the site: a reason for the log and the posts it touched. */
export interface RebuildRequest {
  reason: string;
  changes: BuildChange[];
}
