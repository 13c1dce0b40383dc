/**
 * An unfinished AI draft stays a draft: a body that still holds the AI writers' placeholders, prompts or note is
 * refused wherever it would go live (docs/decisions/020-unfinished-drafts-stay-drafts.md).
 */
import { findUnfinished, unfinishedMessage } from 'content-schema/unfinished';
import { AppError } from '../../lib/errors.ts';

/** Why a body may not go live, or null when it may. */
export function unpublishableReason(content: string): string | null {
  const unfinished = findUnfinished(content);
  return unfinished ? unfinishedMessage(unfinished) : null;
}

/** Throws 400, on the body, naming what is unfinished when the body may not go live. */
export function assertPublishable(content: string): void {
  const reason = unpublishableReason(content);
  if (reason) throw new AppError(400, reason, { issues: [{ path: 'content', message: reason }] });
}
