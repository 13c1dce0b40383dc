/**
 * The sweep of files no image names, on a real libSQL file, with the folder store and with an S3 bucket (s3rver on
 * loopback): a file an interrupted upload left is removed once it is older than the grace period, a file an image
 * names never is, and neither is one a row comes to name while the sweep runs.
 */
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { media } from '../../db/schema-media.ts';
import { fakeClock, systemClock } from '../../lib/clock.ts';
import { tempDb } from '../../test-utils.ts';
import { createMediaService } from './index.ts';
import { folderMediaStore, parseListing, s3MediaStore, type MediaStore } from './store.ts';
import { SWEEP_GRACE_MS, sweepOrphans } from './sweep.ts';
import { solid, startS3 } from './test-support.ts';

const BUCKET = 'northwire-sweep';
let s3: Awaited<ReturnType<typeof startS3>>;
let folders: string;
beforeAll(async () => {
  s3 = await startS3(BUCKET);
  folders = mkdtempSync(join(tmpdir(), 'media-sweep-'));
});
afterAll(async () => {
  await s3.close();
  rmSync(folders, { recursive: true, force: true });
});

let db: Awaited<ReturnType<typeof tempDb>>;
beforeEach(async () => {
  db = await tempDb();
});
afterEach(() => db.cleanup());

const orphan = (n: number) => `${n.toString(16).padStart(2, '0').repeat(16)}.avif`;
const later = () => fakeClock(new Date(Date.now() + SWEEP_GRACE_MS + 60_000));
const filesIn = async (store: MediaStore) => {
  const out: string[] = [];
  for await (const f of store.list()) out.push(f.file);
  return out.sort();
};

describe.each([
  ['a folder', (run: string) => folderMediaStore(join(folders, run))],
  [
    'an S3 bucket',
    () =>
      s3MediaStore({
        endpoint: s3.endpoint,
        bucket: BUCKET,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      }),
  ],
])('the sweep over %s', (_where, open) => {
  it('removes old files no image names, and keeps every file of the library and every young file', async () => {
    const store = open(`run-${Date.now()}`);
    const library = createMediaService({ db: db.db, clock: systemClock, store });
    const image = await library.upload(await solid(1200, 800).jpeg().toBuffer(), 'kept.jpg');
    await store.put(orphan(1), Buffer.from('left by an upload that never wrote its row'));
    const kept = [...image.variants.map((v) => v.file), image.fallback.file].sort();

    // Everything is young: nothing goes.
    expect(await sweepOrphans({ db: db.db, clock: systemClock, store })).toEqual({ files: 0, leftovers: 0 });
    expect(await filesIn(store)).toEqual([...kept, orphan(1)].sort());

    // An hour on, the orphan goes and the image's files stay.
    expect((await sweepOrphans({ db: db.db, clock: later(), store })).files).toBe(1);
    expect(await filesIn(store)).toEqual(kept);
    expect(await library.read(image.fallback.file)).not.toBeNull();
    // The bucket is shared by the next test: leave it empty.
    await store.remove(image.fallback.file);
    for (const v of image.variants) await store.remove(v.file);
  });

  it('keeps a file that a row comes to name while the sweep is running', async () => {
    const store = open(`late-${Date.now()}`);
    await store.put(orphan(2), Buffer.from('bytes'));
    const variant = { format: 'avif', width: 800, height: 600, bytes: 5, file: orphan(2) } as const;
    // The row is written after the sweep read the library's names, before it reaches the file.
    const racing: MediaStore = {
      ...store,
      async *list() {
        for await (const f of store.list()) {
          await db.db.insert(media).values({
            fileName: 'late.jpg',
            width: 800,
            height: 600,
            bytes: 5,
            variants: [variant],
            fallback: { ...variant, format: 'jpeg' },
            updatedAt: new Date(),
          });
          yield f;
        }
      },
    };
    expect((await sweepOrphans({ db: db.db, clock: later(), store: racing })).files).toBe(0);
    expect(await store.read(orphan(2))).not.toBeNull();
    await store.remove(orphan(2));
  });
});

describe('the folder store’s leftovers', () => {
  it('removes a temporary file of an interrupted write once it is old, and nothing else', async () => {
    const dir = join(folders, 'leftovers');
    const store = folderMediaStore(dir);
    await store.put(orphan(3), Buffer.from('a whole file'));
    const temp = join(dir, '.tmp-123-0123456789ab');
    writeFileSync(temp, 'half a file');
    writeFileSync(join(dir, 'notes.txt'), 'not ours');
    const old = new Date(Date.now() - 2 * SWEEP_GRACE_MS);
    utimesSync(temp, old, old);

    expect(await store.removeLeftovers(new Date(Date.now() - SWEEP_GRACE_MS))).toBe(1);
    expect(readdirSync(dir).sort()).toEqual([orphan(3), 'notes.txt']);
  });
});

describe('a bucket listing', () => {
  it('reads keys, times and the next page’s token', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><IsTruncated>true</IsTruncated>
      <Contents><Key>${orphan(4)}</Key><LastModified>2026-11-27T10:00:00.000Z</LastModified></Contents>
      <Contents><Key>a&amp;b.txt</Key><LastModified>2026-11-27T11:00:00.000Z</LastModified></Contents>
      <NextContinuationToken>tok&amp;en</NextContinuationToken></ListBucketResult>`;
    expect(parseListing(xml)).toEqual({
      files: [
        { file: orphan(4), writtenAt: new Date('2026-11-27T10:00:00.000Z') },
        { file: 'a&b.txt', writtenAt: new Date('2026-11-27T11:00:00.000Z') },
      ],
      next: 'tok&en',
    });
    expect(parseListing(xml.replace('<IsTruncated>true', '<IsTruncated>false')).next).toBeNull();
  });
});
