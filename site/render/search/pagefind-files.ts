/**
 * Pagefind's file framing: a signature, then the payload (JSON for fragments, CBOR for the index, filter and meta
 * files), gzipped. Bundles are trimmed and rewritten through these (bundle.ts, redact.ts).
 */
import { closeSync, openSync, writevSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';

const SIGNATURE = Buffer.from('pagefind_dcd');

/**
 * The output size gzip records in its last four bytes (modulo 4 GiB), as zlib's output chunk: the file is
 * decompressed into one buffer of its size. Zlib's default, 16 KiB chunks joined at the end, made a redaction (a
 * shard's hundreds of index files, in the publish path) allocate several times the memory it reads.
 */
function sizeOf(gzipped: Buffer): number {
  const size = gzipped.length >= 18 ? gzipped.readUInt32LE(gzipped.length - 4) : 0;
  return Math.min(Math.max(size, 64), 64 * 1024 * 1024);
}

/** The payload of a pagefind file (gzipped or not). */
export function readPagefindFile(bytes: Buffer): Buffer {
  const data = bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE)
    ? bytes
    : gunzipSync(bytes, { chunkSize: sizeOf(bytes) });
  if (!data.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('not a pagefind file');
  return data.subarray(SIGNATURE.length);
}

/** A pagefind file holding `payload`, gzipped as pagefind writes it. */
export function writePagefindFile(payload: string | Uint8Array): Buffer {
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  return gzipSync(Buffer.concat([SIGNATURE, bytes]), { level: 9 });
}

/**
 * Writes `payload` to `path` as a pagefind file without gzip (pagefind's browser script reads it as well: it looks
 * for the signature before it decompresses), in one write and without joining it to the signature.
 */
export function writePagefindFileSync(path: string, payload: Uint8Array): void {
  const fd = openSync(path, 'w');
  try {
    writevSync(fd, [SIGNATURE, payload]);
  } finally {
    closeSync(fd);
  }
}
