/**
 * The redaction worker: rewrites bundles without removed posts (redact.ts) in its own thread, at normal priority,
 * so that an unpublish's redaction (a few hundred index files read, rewritten and written) runs while the main
 * thread renders the pages of the same publish. See `redact` in purge.ts for the other side.
 */
import { redactBundle } from './redact.ts';
import { answerCalls } from './worker-calls.ts';

export interface RedactRequest {
  bundlesDir: string;
  name: string;
  ids: string[];
}

answerCalls(({ bundlesDir, name, ids }: RedactRequest) => redactBundle(bundlesDir, name, ids));
