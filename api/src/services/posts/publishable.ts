/**
 * What may not go live, refused wherever a body would: an unfinished AI draft (the AI writers' placeholders, prompts
 * or note, docs/decisions/020-unfinished-drafts-stay-drafts.md), and a library image without alt text
 * (docs/decisions/023-library-images-in-posts.md).
 */
import { findUnfinished, unfinishedMessage } from 'content-schema/unfinished';
import { missingAltMessage } from 'content-schema/media';
import { AppError } from '../../lib/errors.ts';
import type { PostRow } from './rows.ts';

/** What decides whether a body may go live: its text, and the library images it shows without alt text. */
export type PublishableBody = Pick<PostRow, 'content' | 'imagesWithoutAlt'>;

/** Why a body may not go live (unfinished, or an image without alt text), or null when it may. */
export function unpublishableReason(post: PublishableBody): string | null {
  const unfinished = findUnfinished(post.content);
  if (unfinished) return unfinishedMessage(unfinished);
  return post.imagesWithoutAlt.length > 0 ? missingAltMessage(post.imagesWithoutAlt) : null;
}

/**
 * Throws 400 naming what is unfinished or which image lacks alt text, when the post may not go live: on the body,
 * and on the feature image too when it is one of the images without alt text.
 */
export function assertPublishable(post: PublishableBody, featureFileName?: string | null): void {
  const reason = unpublishableReason(post);
  if (!reason) return;
  const issues = [{ path: 'content', message: reason }];
  if (featureFileName && post.imagesWithoutAlt.includes(featureFileName))
    issues.push({ path: 'featureImage', message: reason });
  throw new AppError(400, reason, { issues });
}
