/**
 * Where processed media files live: a folder (one machine, or one every instance shares) or an S3-compatible
 * bucket (MEDIA_S3_*). Names are the content's hash (process.ts), so a file is written once and never changed: a
 * put of a name already there changes nothing. Every write is complete or absent (a temporary file renamed into
 * place; an S3 PUT), so a crash mid-upload leaves no half-file.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AwsClient } from 'aws4fetch';

/** A media file's name, as processing writes it: checked before it reaches a path or a key. */
export const MEDIA_FILE = /^[0-9a-f]{32}\.(avif|webp|jpg|png)$/;

export interface MediaStore {
  put(file: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when there is none. */
  read(file: string): Promise<Buffer | null>;
  remove(file: string): Promise<void>;
}

function checkName(file: string): string {
  if (!MEDIA_FILE.test(file)) throw new Error(`not a media file name: ${file}`);
  return file;
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
  const url = (file: string) =>
    `${options.endpoint.replace(/\/$/, '')}/${encodeURIComponent(options.bucket)}/${checkName(file)}`;
  const fail = async (what: string, res: Response): Promise<never> => {
    const detail = (await res.text().catch(() => '')).replace(/\s+/g, ' ').slice(0, 300);
    throw new Error(`media store: ${what} answered ${res.status} ${detail}`);
  };
  return {
    async put(file, data) {
      const res = await client.fetch(url(file), {
        method: 'PUT',
        body: new Uint8Array(data),
        headers: { 'Content-Type': contentTypeOf(file), 'Cache-Control': 'public, max-age=31536000, immutable' },
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
  };
}
