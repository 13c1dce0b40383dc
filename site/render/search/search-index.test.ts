/**
 * The incremental search index against the real pagefind binary, on small data (shards of 3 posts), queried
 * with pagefind's own browser bundle (test-support.ts) applying the manifest's hiding as the browser does.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchRecord } from './bundle.ts';
import { openSearchIndex } from './index.ts';
import type { SearchManifest } from './manifest.ts';
import {
  allPagefindProcesses,
  filesNaming,
  own,
  pagefindChildren,
  record,
  searchFolder,
  serveFolder,
  snapshot,
  type Served,
} from './test-support.ts';

const SHARD = 3;
let root: string;
let server: Served;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'search-index-'));
  server = await serveFolder(root);
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

let folders = 0;
/** A fresh search folder (served at `${server.url}/${name}`). */
function folder(): { dir: string; base: string } {
  const name = `f${++folders}`;
  return { dir: join(root, name), base: `${server.url}/${name}` };
}

const find = (f: { dir: string; base: string }, term: string, category = '') =>
  searchFolder(f.dir, f.base, term, category);
const slugs = async (f: { dir: string; base: string }, term: string, category = '') =>
  (await find(f, term, category)).map((h) => h.slug).sort();
const manifestOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as SearchManifest;
const posts = (ids: number[], extra: (id: number) => string = () => '') => ids.map((id) => record(id, extra(id)));

describe('search index', () => {
  it('finds what rebuild indexed, within a category, and only through the text (not the card JSON)', async () => {
    const f = folder();
    const index = await openSearchIndex(f.dir, { shardSize: SHARD, graceMs: 0 });
    await index.rebuild([...posts([1, 2, 3, 4]), record(5, '', 'Deal Watch')]);
    expect(await slugs(f, 'common')).toEqual(['post-1', 'post-2', 'post-3', 'post-4', 'post-5']);
    expect(await slugs(f, own(4))).toEqual(['post-4']);
    expect(await slugs(f, 'common', 'Deal Watch')).toEqual(['post-5']);
    expect(await slugs(f, 'authorname')).toEqual([]);
    expect(manifestOf(f.dir).bundles.map((b) => b.key)).toEqual(['r', 's0', 's1']);
    const [hit] = await find(f, own(2));
    expect(hit).toEqual({ url: '/post/post-2', slug: 'post-2', title: 'Post number 2' });
  });

  it('apply makes a post findable at once and hides its stale copy; remove hides', async () => {
    const f = folder();
    const index = await openSearchIndex(f.dir, { shardSize: SHARD, graceMs: 0 });
    await index.rebuild(posts([1, 2, 3, 4, 5]));

    // An edit: the new text is found, the old text is not, and the post counts once.
    await index.apply({
      upsert: [{ ...record(2, 'zebraquux'), text: 'Rewritten common body zebraquux.' }],
      remove: [],
    });
    expect(await slugs(f, 'zebraquux')).toEqual(['post-2']);
    expect(await slugs(f, own(2))).toEqual([]);
    expect(await slugs(f, 'common')).toEqual(['post-1', 'post-2', 'post-3', 'post-4', 'post-5']);
    expect(index.pending()).toBe(1);

    // A new post in a new shard, and an edit of the same post again (the delta keeps only the latest).
    await index.apply({ upsert: [record(9, 'newcomer'), record(2, 'okapiword')], remove: [] });
    expect(await slugs(f, 'newcomer')).toEqual(['post-9']);
    expect(await slugs(f, 'zebraquux')).toEqual([]);
    expect(await slugs(f, 'okapiword')).toEqual(['post-2']);

    // Removing a post from a shard, and removing a post that lives only in the delta.
    await index.apply({ upsert: [], remove: [4, 9] });
    expect(await slugs(f, own(4))).toEqual([]);
    expect(await slugs(f, 'newcomer')).toEqual([]);
    expect(await slugs(f, 'common')).toEqual(['post-1', 'post-2', 'post-3', 'post-5']);
    expect(index.pending()).toBe(3);

    // Republishing a removed post.
    await index.apply({ upsert: [record(4)], remove: [] });
    expect(await slugs(f, own(4))).toEqual(['post-4']);
    expect(pagefindChildren(process.pid)).toEqual([]);
  });

  it('compact empties the delta, and the folder is then byte-identical to a rebuild from the same records', async () => {
    const v1 = posts([1, 2, 3, 4, 5, 6, 7]);
    const db = new Map<number, SearchRecord>(v1.map((r) => [r.postId, r]));
    const a = folder();
    const index = await openSearchIndex(a.dir, { shardSize: SHARD, graceMs: 0 });
    await index.rebuild(v1);
    const change = async (upsert: SearchRecord[], remove: number[]) => {
      for (const r of upsert) db.set(r.postId, r);
      for (const id of remove) db.delete(id);
      await index.apply({ upsert, remove });
    };
    await change([record(2, 'edited')], []);
    await change([record(11, 'brandnew')], []); // shard 3, which did not exist
    await change([], [4, 5, 6]); // empties shard 1
    await change([{ ...record(7), card: { ...record(7).card, readTime: 9 } }], []); // card-only change
    expect(index.pending()).toBe(6);

    const loads: string[] = [];
    await index.compact(async ({ from, to }) => {
      loads.push(`${from}-${to}`);
      return [...db.values()].filter((r) => r.postId >= from && r.postId <= to);
    });
    expect(loads).toEqual(['1-3', '4-6', '7-9', '10-12']);
    expect(index.pending()).toBe(0);
    expect(manifestOf(a.dir).bundles.map((b) => [b.key, b.hide.length])).toEqual([
      ['r', 1],
      ['s0', 0],
      ['s2', 0],
      ['s3', 0],
    ]);
    expect(await slugs(a, 'common')).toEqual(['post-1', 'post-11', 'post-2', 'post-3', 'post-7']);
    expect(await slugs(a, 'edited')).toEqual(['post-2']);

    const b = folder();
    const fresh = await openSearchIndex(b.dir, { shardSize: SHARD, graceMs: 0 });
    await fresh.rebuild([...db.values()].sort((x, y) => x.postId - y.postId));
    expect(await snapshot(a.dir)).toEqual(await snapshot(b.dir));
    expect(pagefindChildren(process.pid)).toEqual([]);
  });

  it('an interrupted compact leaves a readable, correct manifest, and a later compact finishes the job', async () => {
    const db = new Map(posts([1, 2, 3, 4, 5, 6]).map((r) => [r.postId, r]));
    const f = folder();
    let index = await openSearchIndex(f.dir, { shardSize: SHARD, graceMs: 0 });
    await index.rebuild(db.values());
    db.set(2, record(2, 'firstshard'));
    db.set(5, record(5, 'secondshard'));
    db.delete(6);
    await index.apply({ upsert: [db.get(2)!, db.get(5)!], remove: [6] });

    const failing = index.compact(async ({ from, to }) => {
      if (from > 1) throw new Error('database went away');
      return [...db.values()].filter((r) => r.postId >= from && r.postId <= to);
    });
    await expect(failing).rejects.toThrow('database went away');
    // Shard 0 was compacted and committed; shard 1's changes are still pending and still shown correctly.
    expect(index.pending()).toBe(2);
    expect(manifestOf(f.dir).bundles.map((b) => b.key)).toEqual(['r', 's0', 's1', 'd']);
    expect(await slugs(f, 'firstshard')).toEqual(['post-2']);
    expect(await slugs(f, 'secondshard')).toEqual(['post-5']);
    expect(await slugs(f, 'common')).toEqual(['post-1', 'post-2', 'post-3', 'post-4', 'post-5']);

    // A restart picks up where it stopped.
    index = await openSearchIndex(f.dir, { shardSize: SHARD, graceMs: 0 });
    expect(index.pending()).toBe(2);
    await index.compact(async ({ from, to }) => [...db.values()].filter((r) => r.postId >= from && r.postId <= to));
    const b = folder();
    const fresh = await openSearchIndex(b.dir, { shardSize: SHARD, graceMs: 0 });
    await fresh.rebuild([...db.values()]);
    expect(await snapshot(f.dir)).toEqual(await snapshot(b.dir));
  });

  it('a process killed in the middle of compaction leaves no pagefind running and a consistent folder', async () => {
    const f = folder();
    const big = 5000; // one shard holds the whole (slow) load below
    const index = await openSearchIndex(f.dir, { shardSize: big, graceMs: 0 });
    await index.rebuild(posts([1, 2, 3]));
    await index.apply({ upsert: [record(2, 'killtest')], remove: [] });
    const before = manifestOf(f.dir);

    // A child process compacts shard 0, loading 3,000 posts of 600 words, so pagefind is busy when it is killed.
    const script = `
      import { openSearchIndex } from ${JSON.stringify(new URL('./index.ts', import.meta.url).href)};
      import { record } from ${JSON.stringify(new URL('./test-support.ts', import.meta.url).href)};
      const index = await openSearchIndex(${JSON.stringify(f.dir)}, { graceMs: 0 });
      const filler = Array.from({ length: 600 }, (_, i) => 'w' + ((i * 7919) % 5000)).join(' ');
      await index.compact(async () => { console.log('loading'); return Array.from({ length: 3000 }, (_, i) => record(i + 1, filler)); });
    `;
    const file = join(root, `kill-${folders}.mjs`);
    await writeFile(file, script);
    const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise((r) => child.once('exit', r));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('loading') && resolve());
      void exited.then(() => reject(new Error('the child exited early')));
    });
    let busy: number[] = [];
    for (let i = 0; i < 400 && busy.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 25));
      busy = pagefindChildren(child.pid!);
    }
    expect(busy.length).toBe(1);
    await new Promise((r) => setTimeout(r, 300)); // let it get into the work
    expect(allPagefindProcesses()).toContain(busy[0]);
    child.kill('SIGKILL');
    await exited;
    // pagefind exits when its stdin closes (it reads requests from the pipe our process held).
    for (let i = 0; i < 100 && allPagefindProcesses().includes(busy[0]!); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(allPagefindProcesses()).not.toContain(busy[0]);

    // The folder still serves the state before the compaction; build leftovers are cleared on open.
    expect(manifestOf(f.dir)).toEqual(before);
    expect(await slugs(f, 'killtest')).toEqual(['post-2']);
    const reopened = await openSearchIndex(f.dir, { graceMs: 0 });
    expect((await readdir(join(f.dir, 'b'))).filter((n) => n.startsWith('.tmp-'))).toEqual([]);
    expect(reopened.pending()).toBe(1);
    expect(await slugs(f, 'killtest')).toEqual(['post-2']);
  }, 60_000);

  it('changes that arrive while a compaction runs stay pending and are shown correctly', async () => {
    const db = new Map(posts([1, 2, 3, 4]).map((r) => [r.postId, r]));
    const f = folder();
    const index = await openSearchIndex(f.dir, { shardSize: SHARD, graceMs: 0 });
    await index.rebuild(db.values());
    db.set(1, record(1, 'beforecompact'));
    await index.apply({ upsert: [db.get(1)!], remove: [] });

    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const compacting = index.compact(async ({ from, to }) => {
      const rows = [...db.values()].filter((r) => r.postId >= from && r.postId <= to);
      await gate;
      return rows;
    });
    // While the compaction waits on its load, post 2 changes (same shard) and post 4 is removed.
    db.set(2, record(2, 'duringcompact'));
    db.delete(4);
    await index.apply({ upsert: [db.get(2)!], remove: [4] });
    expect(await slugs(f, 'duringcompact')).toEqual(['post-2']);
    release();
    await compacting;
    // Post 1's change is folded in; post 2's change arrived after the load and post 4 is in another shard.
    expect(index.pending()).toBe(2);
    expect(await slugs(f, 'beforecompact')).toEqual(['post-1']);
    expect(await slugs(f, 'duringcompact')).toEqual(['post-2']);
    expect(await slugs(f, own(2))).toEqual(['post-2']); // once: the shard's copy is hidden
    expect(await slugs(f, 'common')).toEqual(['post-1', 'post-2', 'post-3']);
  });

  it('remove takes the post out of every file at once, and the others are found as a fresh index finds them', async () => {
    const words = (id: number) => `${own(id)} grids ${id % 2 ? 'odd' : 'even'} storage${id}`;
    const f = folder();
    const index = await openSearchIndex(f.dir, { shardSize: SHARD, graceMs: 60_000 });
    await index.rebuild(posts([1, 2, 3, 4, 5, 6, 7], words));
    await index.apply({ upsert: [record(8, words(8)), record(2, `${words(2)} edited`)], remove: [] });
    await index.apply({ upsert: [record(9, words(9))], remove: [] }); // the delta before lingers (grace)
    expect(filesNaming(f.dir, own(5)).length).toBeGreaterThan(0);

    // Post 5 from a shard, post 8 from the delta, post 2 from both (its shard copy is stale, its new one pending).
    await index.apply({ upsert: [], remove: [5, 8, 2] });
    for (const id of [2, 5, 8]) {
      expect(filesNaming(f.dir, own(id))).toEqual([]);
      expect(filesNaming(f.dir, `post-${id}"`)).toEqual([]);
    }
    const fresh = folder();
    const rebuilt = await openSearchIndex(fresh.dir, { shardSize: SHARD, graceMs: 0 });
    await rebuilt.rebuild(posts([1, 3, 4, 6, 7, 9], words));
    for (const term of ['common', 'grids', 'odd', 'even', 'storage', own(4), own(9), 'storage6', 'stor', 'zq']) {
      expect(await slugs(f, term), term).toEqual(await slugs(fresh, term));
    }
    // And compaction, later, writes what a fresh index would.
    const db = new Map(posts([1, 3, 4, 6, 7, 9], words).map((r) => [r.postId, r]));
    await index.compact(async ({ from, to }) => [...db.values()].filter((r) => r.postId >= from && r.postId <= to));
    expect(index.pending()).toBe(0);
    expect(await slugs(f, 'grids')).toEqual(['post-1', 'post-3', 'post-4', 'post-6', 'post-7', 'post-9']);
  });

  it('a post removed while its shard is being re-indexed from records loaded before is not committed', async () => {
    const db = new Map(posts([1, 2, 3, 4]).map((r) => [r.postId, r]));
    const f = folder();
    const index = await openSearchIndex(f.dir, { shardSize: SHARD, graceMs: 60_000 });
    await index.rebuild(db.values());
    db.set(1, record(1, 'beforeremoval'));
    await index.apply({ upsert: [db.get(1)!], remove: [] });

    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const compacting = index.compact(async ({ from, to }) => {
      const rows = [...db.values()].filter((r) => r.postId >= from && r.postId <= to);
      await gate;
      return rows;
    });
    // Post 2 is loaded for its shard, then removed; post 3 is loaded, then moved to a new URL.
    db.delete(2);
    const moved = { ...record(3), url: '/post/moved-3', card: { ...record(3).card, slug: 'moved-3' } };
    db.set(3, moved);
    await index.apply({ upsert: [moved], remove: [2], purge: [3] });
    release();
    await compacting;
    expect(filesNaming(f.dir, own(2))).toEqual([]);
    expect(filesNaming(f.dir, 'post-3"')).toEqual([]);
    expect(await slugs(f, 'common')).toEqual(['moved-3', 'post-1', 'post-4']);
    expect(await slugs(f, 'beforeremoval')).toEqual(['post-1']);
  });

  it('keeps folders a reader may still use for the grace period', async () => {
    const f = folder();
    const index = await openSearchIndex(f.dir, { shardSize: SHARD, graceMs: 60_000 });
    await index.rebuild(posts([1, 2]));
    const first = manifestOf(f.dir).bundles[1]!.path;
    await index.rebuild(posts([1, 2, 3]));
    expect(manifestOf(f.dir).bundles[1]!.path).not.toBe(first);
    expect(existsSync(join(f.dir, first))).toBe(true);
  });
});
