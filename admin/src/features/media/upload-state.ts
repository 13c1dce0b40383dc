/** The uploads a screen started, as plain data: what each file is doing, and what the bars and alerts show. */
import type { Media } from 'content-schema/media';
import { isApiError } from '../../lib/api-client.ts';
import { UploadRefused } from './api/upload-media.ts';

interface UploadFile {
  /** Tells apart two files of the same name. */
  key: number;
  name: string;
  size: number;
}

/**
 * One file's upload: waiting for a place (at most four run at once), sending its bytes, being processed by the
 * server (once every byte is sent), done with the library's image, or refused with the reason to show.
 */
export type Upload = UploadFile &
  (
    | { status: 'queued' | 'processing' }
    | { status: 'sending'; sent: number }
    | { status: 'done'; media: Media }
    | { status: 'failed'; error: string }
  );

export type UploadEvent =
  | { type: 'queued'; files: UploadFile[] }
  | { type: 'started'; key: number }
  | { type: 'progress'; key: number; sent: number }
  | { type: 'done'; key: number; media: Media }
  | { type: 'failed'; key: number; error: string }
  | { type: 'dismissed'; keys: readonly number[] };

function patch(uploads: Upload[], key: number, next: (u: Upload) => Upload): Upload[] {
  return uploads.map((u) => (u.key === key ? next(u) : u));
}

export function uploadsReducer(uploads: Upload[], event: UploadEvent): Upload[] {
  switch (event.type) {
    case 'queued':
      return [...uploads, ...event.files.map((f): Upload => ({ ...f, status: 'queued' }))];
    case 'started':
      return patch(uploads, event.key, (u) => ({ ...u, status: 'sending', sent: 0 }));
    case 'progress':
      return patch(uploads, event.key, (u) =>
        event.sent >= u.size ? { ...u, status: 'processing' } : { ...u, status: 'sending', sent: event.sent },
      );
    case 'done':
      return patch(uploads, event.key, (u) => ({ ...u, status: 'done', media: event.media }));
    case 'failed':
      return patch(uploads, event.key, (u) => ({ ...u, status: 'failed', error: event.error }));
    case 'dismissed':
      return uploads.filter((u) => !event.keys.includes(u.key));
  }
}

/**
 * How far along a progress bar is, 0 to 100: sending the bytes fills it to 90, the server's processing (decoding
 * and encoding every variant, often the longer part) holds it at 90 until the image is in the library.
 */
export function uploadPercent(upload: Upload): number {
  switch (upload.status) {
    case 'queued':
      return 0;
    case 'sending':
      return upload.size > 0 ? Math.min(90, Math.floor((upload.sent / upload.size) * 90)) : 0;
    case 'processing':
      return 90;
    case 'done':
    case 'failed':
      return 100;
  }
}

/** Whether every upload has an answer (done or refused): nothing is still on its way. */
export function allAnswered(uploads: readonly Upload[]): boolean {
  return uploads.every((u) => u.status === 'done' || u.status === 'failed');
}

/** The library's images of the finished uploads, in the order the files were given. */
export function uploadedMedia(uploads: readonly Upload[]): { key: number; media: Media }[] {
  return uploads.flatMap((u) => (u.status === 'done' ? [{ key: u.key, media: u.media }] : []));
}

const UNREACHABLE = 'The upload did not reach the server. Check your connection and try again.';

/** What a refused upload says: the server's own message (it names the problem and what to do), else the cause. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof UploadRefused) return error.message;
  if (isApiError(error)) return error.detail ?? error.message;
  if (error instanceof TypeError) return UNREACHABLE;
  return error instanceof Error ? error.message : String(error);
}
