/**
 * Corrections to published articles: what the article said that was wrong, what is right, and when it
 * was corrected. A correction is public: it shows on the article (a dated notice and the "Updated" time), in the
 * corrections log at /corrections, in the article's structured data and in the feeds.
 *
 * A correction cannot be taken back quietly. It may be changed or withdrawn only within
 * CORRECTION_EDIT_WINDOW_MS of being recorded (a slip noticed at once); after that the honest way to fix a
 * correction is to record another one that corrects it.
 */
import { z } from 'zod';

/** How long after recording a correction its text may still be changed or the correction withdrawn. */
export const CORRECTION_EDIT_WINDOW_MS = 30 * 60 * 1000;
/** How far ahead of the server's clock a "corrected at" time may be (clock skew between the browser and server). */
export const CORRECTION_FUTURE_SKEW_MS = 5 * 60 * 1000;
export const CORRECTION_TEXT_MAX = 2000;

export const CORRECTION_DRAFT_REFUSED =
  'Corrections can only be recorded on a published article; edit the draft instead.';
export const CORRECTION_LOCKED =
  'This correction is older than 30 minutes and is part of the public record; record a further correction instead.';
export const CORRECTION_NOT_FOUND = 'Correction not found';
export const CORRECTION_IN_FUTURE = 'The correction time cannot be in the future';
export const CORRECTION_BEFORE_PUBLICATION = 'The correction time cannot be before the article was published';

const text = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(CORRECTION_TEXT_MAX, `${label} must be at most ${CORRECTION_TEXT_MAX.toLocaleString('en-US')} characters`);

/** An instant with an offset (`2026-11-24T10:00:00Z`, `…+01:00`); the admin sends the browser's local time as UTC. */
const instant = z
  .string({ error: 'Corrected at must be a date and time' })
  .max(40, 'Corrected at must be a date and time')
  .pipe(z.iso.datetime({ offset: true, error: 'Corrected at must be a date and time with a time zone' }));

/** Body of POST /api/posts/{id}/corrections. `correctedAt` defaults to now. */
export const CorrectionInputSchema = z
  .object({
    wrong: text('What was wrong'),
    right: text('What is right'),
    correctedAt: instant.optional(),
  })
  .strict();
export type CorrectionInput = z.infer<typeof CorrectionInputSchema>;

/** Body of PUT /api/corrections/{id} (within the edit window): any of the fields. */
export const CorrectionUpdateSchema = CorrectionInputSchema.partial().strict();
export type CorrectionUpdate = z.infer<typeof CorrectionUpdateSchema>;

/** A correction as the editor sees it. */
export const CorrectionSchema = z.object({
  id: z.number().int().positive(),
  postId: z.number().int().positive(),
  wrong: z.string(),
  right: z.string(),
  correctedAt: z.string(),
  recordedBy: z.string().nullable(),
  createdAt: z.string(),
  /** Until when it may still be changed or withdrawn (ISO); after that it is part of the record. */
  editableUntil: z.string(),
});
export type Correction = z.infer<typeof CorrectionSchema>;

export const CorrectionListSchema = z.object({ corrections: z.array(CorrectionSchema) });

/** A correction as readers see it (on the article, in the feeds): no internal fields. */
export const PublicCorrectionSchema = z.object({
  id: z.number().int().positive(),
  wrong: z.string(),
  right: z.string(),
  correctedAt: z.string(),
});
export type PublicCorrection = z.infer<typeof PublicCorrectionSchema>;

/** One line of the public corrections log: the correction and the article it corrects. */
export const CorrectionLogEntrySchema = PublicCorrectionSchema.extend({
  postId: z.number().int().positive(),
  slug: z.string(),
  title: z.string(),
  category: z.string(),
});
export type CorrectionLogEntry = z.infer<typeof CorrectionLogEntrySchema>;

/** GET /api/site/corrections: every correction of a published article, newest first. */
export const SiteCorrectionsSchema = z.object({ corrections: z.array(CorrectionLogEntrySchema) });
export type SiteCorrections = z.infer<typeof SiteCorrectionsSchema>;

/** Newest first: by correction time, then by the later record. */
export function compareCorrectionsNewestFirst(a: PublicCorrection, b: PublicCorrection): number {
  const diff = Date.parse(b.correctedAt) - Date.parse(a.correctedAt);
  return diff !== 0 && !Number.isNaN(diff) ? diff : b.id - a.id;
}
