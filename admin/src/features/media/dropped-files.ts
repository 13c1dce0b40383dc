/** What a drop or a paste carries, as a DataTransfer has it. */
export interface Transfer {
  files: ArrayLike<File>;
  types: readonly string[];
}

/**
 * The files of a drop or a paste to upload, or none when the browser's own handling is wanted (text moved or
 * pasted). A paste that carries text as well as files is text: a word processor's copy holds a picture of the text
 * beside the text itself.
 */
export function filesToUpload(transfer: Transfer | null, kind: 'drop' | 'paste'): File[] {
  if (!transfer || transfer.files.length === 0) return [];
  if (kind === 'paste' && transfer.types.includes('text/plain')) return [];
  return Array.from(transfer.files);
}

/** Whether a drag carries files (so the field accepts the drop instead of the browser opening them). */
export function carriesFiles(transfer: Pick<Transfer, 'types'>): boolean {
  return transfer.types.includes('Files');
}
