/**
 * Pagefind's file framing: a signature, then the payload (JSON for fragments, CBOR for the index, filter and meta
 * files), gzipped. Bundles are trimmed and rewritten through these (bundle.ts, redact.ts).
 */
import { gunzipSync, gzipSync } from 'node:zlib';

const SIGNATURE = Buffer.from('pagefind_dcd');

/** The payload of a pagefind file (gzipped or not). */
export function readPagefindFile(bytes: Buffer): Buffer {
  const data = bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE) ? bytes : gunzipSync(bytes);
  if (!data.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('not a pagefind file');
  return data.subarray(SIGNATURE.length);
}

/**
 * A pagefind file holding `payload`: gzipped as pagefind writes it, or (`gzip: false`) the signature and payload as
 * they are, which pagefind's browser script reads as well (it checks for the signature before it decompresses).
 */
export function writePagefindFile(payload: string | Uint8Array, { gzip = true } = {}): Buffer {
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const framed = Buffer.concat([SIGNATURE, bytes]);
  return gzip ? gzipSync(framed, { level: 9 }) : framed;
}
