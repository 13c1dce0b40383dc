import type { Run } from 'content-schema/automation';
import { formatCount } from 'content-schema/format';
import { isApiError } from '../../lib/api-client.ts';

/** A post length as the settings show it: "1,000–1,500 words". */
export function wordRange(words: { min: number; max: number }): string {
  return `${formatCount(words.min)}–${formatCount(words.max)} words`;
}

/** The id of a status card's title, from the title: "Today's Schedule" → automation-card-today-s-schedule. */
export function statusCardId(title: string): string {
  return `automation-card-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
}

/** Why a manual generation failed: the server's message when it sent one. */
export function generationFailure(error: Error): string {
  return isApiError(error) ? (error.detail ?? error.message) : error.message;
}

/** A generation attempt in the recent runs: "Daily post · scheduled slot 2026-06-01", "Deep Dive · manual". */
export function describeRun(run: Pick<Run, 'kind' | 'trigger' | 'slotDate'>): string {
  const what = run.kind === 'deep-dive' ? 'Deep Dive' : 'Daily post';
  const how = run.trigger === 'schedule' ? `scheduled slot ${run.slotDate ?? ''}`.trim() : 'manual';
  return `${what} · ${how}`;
}

/**
 * How full the generation progress bar is after `elapsedMs`: the server reports no partial progress, so the bar
 * starts at 5% and eases towards 95%.
 */
export function progressAt(elapsedMs: number): number {
  return Math.round(90 * (1 - Math.exp(-elapsedMs / 8000))) + 5;
}
