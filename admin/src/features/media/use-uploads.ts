import { useCallback, useReducer } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Media } from 'content-schema/media';
import { mediaQueryKeys } from './api/keys.ts';
import { uploadMedia } from './api/upload-media.ts';
import { createLimiter } from './upload-queue.ts';
import { uploadErrorMessage, uploadsReducer } from './upload-state.ts';

/**
 * The server processes at most four uploads at once and answers 429 beyond; one queue for the whole admin keeps
 * this tab within that, however many files are dropped, pasted or chosen, and on whichever screen.
 */
const uploadQueue = createLimiter(4);
let nextKey = 1;

/**
 * Uploads files to the library through the shared queue and tracks each one for its progress bar or refusal.
 * `upload` answers, once every file of the call has an answer, the images added, in the files' order (a refused
 * file adds none; its message stays in `uploads` until dismissed).
 */
export function useUploads() {
  const queryClient = useQueryClient();
  const [uploads, dispatch] = useReducer(uploadsReducer, []);

  const upload = useCallback(
    async (files: readonly File[]): Promise<{ key: number; media: Media }[]> => {
      const batch = files.map((file) => ({ key: nextKey++, file }));
      dispatch({ type: 'queued', files: batch.map(({ key, file }) => ({ key, name: file.name, size: file.size })) });
      const answers = await Promise.all(
        batch.map(({ key, file }) =>
          uploadQueue
            .run(() => {
              dispatch({ type: 'started', key });
              return uploadMedia(file, (sent) => dispatch({ type: 'progress', key, sent }));
            })
            .then(
              (media) => {
                dispatch({ type: 'done', key, media });
                void queryClient.invalidateQueries({ queryKey: mediaQueryKeys.lists });
                return { key, media };
              },
              (error: unknown) => {
                dispatch({ type: 'failed', key, error: uploadErrorMessage(error) });
                return null;
              },
            ),
        ),
      );
      return answers.filter((a) => a !== null);
    },
    [queryClient],
  );

  const dismiss = useCallback((keys: readonly number[]) => dispatch({ type: 'dismissed', keys }), []);

  return { uploads, upload, dismiss };
}

export type Uploads = ReturnType<typeof useUploads>;
