/**
 * Where processed media files live: a folder (one machine, or one every instance shares) or an S3-compatible
 * bucket (MEDIA_S3_*). Names are the content's hash (process.ts), so a file is written once and never changed: a
 * put of a name already there changes nothing. Every write is complete or absent (a temporary file renamed into
 * place; an S3 PUT), so a crash mid-upload leaves no half-file.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AwsClient } from 'aws4fetch';

/** A media file's name, as processing writes it: checked before it reaches a path or a key. */
export const MEDIA_FILE = /^[0-9a-f]{32}\.(avif|webp|jpg|png)$/;

/** A file the store holds, and when it was last written. */
export interface StoredFile {
  file: string;
  writtenAt: Date;
}

export interface MediaStore {
  put(file: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when there is none. */
  read(file: string): Promise<Buffer | null>;
  remove(file: string): Promise<void>;
  /** Every media file the store holds (for the sweep of files no image names, sweep.ts). */
  list(): AsyncIterable<StoredFile>;
  /** Removes what an interrupted put left behind before `before` (a temporary file; nothing in a bucket). */
  removeLeftovers(before: Date): Promise<number>;
}

function checkName(file: string): string {
  if (!MEDIA_FILE.test(file)) throw new Error(`not a media file name: ${file}`);
  return file;
}

const TEMPORARY = /^\.tmp-\d+-[0-9a-f]{12}$/;

/** The names in a folder, none when it does not exist yet. */
async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** When a file was last written, or null when it is gone. */
async function writtenAt(path: string): Promise<Date | null> {
  try {
    return (await stat(path)).mtime;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Media files in a folder (DATA_DIR/media by default): one machine, or a folder every instance shares. */
export function folderMediaStore(dir: string): MediaStore {
  let made: Promise<unknown> | null = null;
  return {
    async put(file, data) {
      made ??= mkdir(dir, { recursive: true });
      await made;
      const temp = join(dir, `.tmp-${process.pid}-${randomBytes(6).toString('hex')}`);
      try {
        await writeFile(temp, data);
        await rename(temp, join(dir, checkName(file)));
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async read(file) {
      if (!MEDIA_FILE.test(file)) return null;
      try {
        return await readFile(join(dir, file));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(file) {
      await rm(join(dir, checkName(file)), { force: true });
    },
    async *list() {
      for (const file of await namesIn(dir)) {
        if (!MEDIA_FILE.test(file)) continue;
        const at = await writtenAt(join(dir, file));
        if (at) yield { file, writtenAt: at };
      }
    },
    async removeLeftovers(before) {
      let removed = 0;
      for (const name of await namesIn(dir)) {
        if (!TEMPORARY.test(name)) continue;
        const at = await writtenAt(join(dir, name));
        if (!at || at >= before) continue;
        await rm(join(dir, name), { force: true });
        removed++;
      }
      return removed;
    },
  };
}

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const CONTENT_TYPES: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** The content type of a media file, from its name. */
export const contentTypeOf = (file: string) => CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1)]!;

/**
 * Media files in an S3-compatible bucket (AWS S3, MinIO, R2…), path-style requests signed with Signature Version 4.
 * A PUT is atomic in S3: an object is there whole or not at all.
 */
export function s3MediaStore(options: S3Options): MediaStore {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region: options.region,
  });
  const bucketUrl = `${options.endpoint.replace(/\/$/, '')}/${encodeURIComponent(options.bucket)}`;
  const url = (file: string) => `${bucketUrl}/${checkName(file)}`;
  const fail = async (what: string, res: Response): Promise<never> => {
    const detail = (await res.text().catch(() => '')).replace(/\s+/g, ' ').slice(0, 300);
    throw new Error(`media store: ${what} answered ${res.status} ${detail}`);
  };
  return {
    async put(file, data) {
      const res = await client.fetch(url(file), {
        method: 'PUT',
        body: new Uint8Array(data),
        headers: {
          'Content-Type': contentTypeOf(file),
          'Cache-Control': 'public, max-age=31536000, immutable',
          // The body's hash is signed (aws4fetch would send UNSIGNED-PAYLOAD): bytes changed on the way are refused.
          'X-Amz-Content-Sha256': createHash('sha256').update(data).digest('hex'),
        },
      });
      if (!res.ok) await fail(`PUT ${file}`, res);
      await res.arrayBuffer();
    },
    async read(file) {
      if (!MEDIA_FILE.test(file)) return null;
      const res = await client.fetch(url(file));
      if (res.status === 404) {
        await res.arrayBuffer();
        return null;
      }
      if (!res.ok) await fail(`GET ${file}`, res);
      return Buffer.from(await res.arrayBuffer());
    },
    async remove(file) {
      const res = await client.fetch(url(file), { method: 'DELETE' });
      if (!res.ok && res.status !== 404) await fail(`DELETE ${file}`, res);
      await res.arrayBuffer();
    },
    async *list() {
      let token: string | null = null;
      do {
        const query = new URLSearchParams({ 'list-type': '2', ...(token ? { 'continuation-token': token } : {}) });
        const res = await client.fetch(`${bucketUrl}?${query}`);
        if (!res.ok) await fail('LIST', res);
        const page = parseListing(await res.text());
        yield* page.files.filter((f) => MEDIA_FILE.test(f.file));
        token = page.next;
      } while (token);
    },
    // A PUT is whole or absent: an interrupted one leaves nothing.
    removeLeftovers: () => Promise.resolve(0),
  };
}

const xmlText = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!);

/** One page of a ListObjectsV2 answer: its keys with their times, and the token of the next page. */
export function parseListing(xml: string): { files: StoredFile[]; next: string | null } {
  const files: StoredFile[] = [];
  for (const [, body] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const key = /<Key>([\s\S]*?)<\/Key>/.exec(body!)?.[1];
    const modified = /<LastModified>([^<]*)<\/LastModified>/.exec(body!)?.[1];
    if (key && modified) files.push({ file: xmlText(key), writtenAt: new Date(modified) });
  }
  const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
  const next = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1];
  return { files, next: truncated && next ? xmlText(next) : null };
}
