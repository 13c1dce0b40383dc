import { MAX_UPLOAD_BYTES, MEDIA_ERRORS, MediaSchema, type Media } from 'content-schema/media';
import { apiUpload } from '../../../lib/api-client.ts';

/** A file refused before it is sent: the server would refuse it with the same message. */
export class UploadRefused extends Error {
  override readonly name = 'UploadRefused';
}

/**
 * POST /api/media: the file's bytes as the body, its name URL-encoded in X-File-Name (a header carries no other
 * characters safely). A file over the limit is refused here: the server answers 413 before reading it, which a
 * browser may see only as a dropped connection.
 */
export function uploadMedia(file: File, onProgress?: (sent: number) => void): Promise<Media> {
  if (file.size > MAX_UPLOAD_BYTES) return Promise.reject(new UploadRefused(MEDIA_ERRORS.tooLarge));
  return apiUpload('/media', file, {
    headers: { 'X-File-Name': encodeURIComponent(file.name) },
    schema: MediaSchema,
    onProgress,
  });
}

/** PUT /api/media/:id/file: a new file for an image, which keeps its number, details and every post's reference. */
export function replaceMediaFile(id: number, file: File, onProgress?: (sent: number) => void): Promise<Media> {
  if (file.size > MAX_UPLOAD_BYTES) return Promise.reject(new UploadRefused(MEDIA_ERRORS.tooLarge));
  return apiUpload(`/media/${id}/file`, file, {
    method: 'PUT',
    headers: { 'X-File-Name': encodeURIComponent(file.name) },
    schema: MediaSchema,
    onProgress,
  });
}
