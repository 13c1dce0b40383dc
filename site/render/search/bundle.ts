/**
 * Writing one pagefind bundle into the search folder: pagefind indexes the records into a private staging
 * folder, the output is trimmed to what a reader loads and its fragments rewritten (below), and the folder's
 * writer renames it to a name derived from its content (`placeBundle`). A bundle folder is never changed after
 * that rename, so a reader holding an older manifest keeps reading consistent files until the folder is collected
 * (or, when it holds a removed post, removed at once: see redact.ts).
 *
 * Fragment rewrite. Pagefind stores each record's whole text in its fragment (the file a hit's `data()`
 * loads), about 4 KB gzipped for a 1,500-word post; the site only shows cards, so the text is replaced by
 * '' (saving ~100 KB per 24 cards). The card itself is added to the fragment's meta here rather than given
 * to pagefind, because pagefind (≥ 1.5) indexes every meta field: a `card` JSON meta made every post match
 * "slug", "excerpt", "authorname"… Pagefind is given a synthetic URL `/{bundle key}/{post id}/{digest}` so
 * that (a) the same post in a shard and in the delta gets different result ids (ids are hashes of the
 * fragment and would otherwise be equal), (b) a fragment maps back to its post, and (c) a change to the
 * card or URL alone still changes the id. The real URL is written back into the fragment.
 */
import { readdir, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { PostCard } from '../../lib/shared/post-card.ts';
import { hashFiles, listFiles, sha256, tempDirName } from './files.ts';
import { readPagefindFile, writePagefindFile } from './pagefind-files.ts';
import { runPagefind, type PagefindRecord } from './pagefind-run.ts';
import { WorkerCalls } from './worker-calls.ts';

/** One post as the search index receives it (the renderer's stored plain text, never HTML). */
export interface SearchRecord {
  postId: number;
  /** The article's URL, e.g. '/post/some-slug'. */
  url: string;
  title: string;
  category: string;
  /** Plain text of the body. */
  text: string;
  card: PostCard;
}

/**
 * A written bundle: its folder name and the result id (fragment hash) of each post, sorted by post id. Until the
 * search folder's writer puts it in place (`placeBundle`), it lies in `staging`.
 */
export interface BuiltBundle {
  name: string;
  posts: [postId: number, id: string][];
  staging: string;
}

/** Runs pagefind for one bundle into a folder (tests may substitute it). */
export type PagefindRunner = (records: PagefindRecord[], outputPath: string, chunkSize: number) => Promise<void>;

export interface BuildOptions {
  bundlesDir: string;
  key: string;
  records: SearchRecord[];
  chunkSize: number;
}

/**
 * A build worker thread (build-worker.ts), started on first use: it runs a whole bundle build (pagefind, fragment
 * rewrite, hashing), so the server's own heap sees only the records, and `close()` gives the worker's memory back.
 * A small young generation: a bundle build's allocations (records, pagefind's answers) die young, and V8's default
 * let this heap sit at ~160 MiB (~50 MiB used) beside the server's through a full index.
 */
export class BuildWorker {
  private calls = new WorkerCalls<BuildOptions, BuiltBundle | null>(new URL('./build-worker.ts', import.meta.url), {
    name: 'search build worker',
    youngMb: 16,
  });

  build(options: BuildOptions): Promise<BuiltBundle | null> {
    return this.calls.call(options);
  }

  close(): Promise<void> {
    return this.calls.close();
  }
}

/** The index text of a post: the excerpt (shown under the title on the article page) and the body. */
function contentOf(r: SearchRecord): string {
  return r.card.excerpt ? `${r.card.excerpt}\n\n${r.text}` : r.text;
}

/** What stays in a bundle folder; pagefind also writes its UI scripts and styles, which the site does not use. */
const INDEX_FILE = /^(pagefind-entry\.json|pagefind\.[^/]+\.pf_meta|(index|filter|fragment)\/[^/]+)$/;
const RUNTIME_FILE = /^(pagefind\.js|pagefind-worker\.js|wasm\.en\.pagefind)$/;

async function trim(staging: string, keepRuntime: boolean): Promise<void> {
  for (const entry of await readdir(staging, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(staging, join(entry.parentPath, entry.name)).split('\\').join('/');
    if (!INDEX_FILE.test(path) && !(keepRuntime && RUNTIME_FILE.test(path))) await rm(join(staging, path));
  }
  for (const sub of await readdir(staging, { withFileTypes: true })) {
    if (sub.isDirectory() && (await readdir(join(staging, sub.name))).length === 0)
      await rm(join(staging, sub.name), { recursive: true });
  }
}

/** The folder name of a finished staging folder: `{key}-{content hash}`. */
async function nameOf(staging: string, key: string): Promise<string> {
  return `${key}-${hashFiles(await listFiles(staging))}`;
}

/**
 * Renames a finished staging folder to its name; an identical bundle already there is reused. Done by the folder's
 * writer (not the build worker), so that it lists the name as in flight before the folder appears and collection
 * can never remove a folder a build is about to commit.
 */
export async function placeBundle(bundlesDir: string, staging: string, name: string): Promise<string> {
  try {
    await rename(staging, join(bundlesDir, name));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw err;
    // Same content, same name: keep the existing folder, marked fresh so a grace period counts from now.
    await rm(staging, { recursive: true, force: true });
    const now = new Date();
    await utimes(join(bundlesDir, name), now, now);
  }
  return name;
}

/**
 * Indexes `records` (sorted by post id, ids unique) as the bundle `key` ('s12' for shard 12, 'd' for the
 * delta) under `bundlesDir`. Null when no record has anything to index (pagefind skips empty records).
 */
export async function buildBundle(opts: BuildOptions, run: PagefindRunner = runPagefind): Promise<BuiltBundle | null> {
  const { bundlesDir, key, records } = opts;
  const byId = new Map(records.map((r) => [r.postId, r]));
  const input: PagefindRecord[] = records.map((r) => ({
    url: `/${key}/${r.postId}/${sha256(JSON.stringify([r.url, r.card])).slice(0, 12)}`,
    content: contentOf(r),
    meta: { title: r.title },
    filters: { category: [r.category] },
  }));
  const staging = tempDirName(bundlesDir);
  try {
    await run(input, staging, opts.chunkSize);
    await trim(staging, false);
    const posts: [number, string][] = [];
    const fragmentDir = join(staging, 'fragment');
    const names = await readdir(fragmentDir).catch(() => [] as string[]);
    for (const file of names) {
      const path = join(fragmentDir, file);
      const data = JSON.parse(readPagefindFile(await readFile(path)).toString('utf8')) as {
        url: string;
        word_count: number;
        filters: Record<string, string[]>;
        meta: Record<string, string>;
      };
      const postId = Number(new RegExp(`^/${key}/(\\d+)/`).exec(data.url)?.[1]);
      const record = byId.get(postId);
      if (!record) throw new Error(`unexpected pagefind fragment ${file} (${data.url})`);
      // Same key order as pagefind's own fragments.
      const fragment = {
        url: record.url,
        content: '',
        word_count: data.word_count,
        filters: data.filters,
        meta: { ...data.meta, card: JSON.stringify(record.card), bundle: key },
        anchors: [],
      };
      await writeFile(path, writePagefindFile(JSON.stringify(fragment)));
      posts.push([postId, file.replace(/\.pf_fragment$/, '')]);
    }
    if (posts.length === 0) {
      await rm(staging, { recursive: true, force: true });
      return null;
    }
    posts.sort((a, b) => a[0] - b[0]);
    return { name: await nameOf(staging, key), posts, staging };
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  }
}

/** A word no reader types; the runtime bundle's only record, hidden by the manifest. */
const SENTINEL = 'zzpagefindruntimesentinelzz';

/**
 * The runtime bundle: pagefind's browser script, its worker and WebAssembly, with a one-record index so it
 * can be the primary instance that the shards and the delta are merged into. It depends only on the
 * pagefind version, so its URLs stay the same (and cached) across publishes.
 */
export async function buildRuntimeBundle(
  bundlesDir: string,
  run: PagefindRunner = runPagefind,
): Promise<{ name: string; sentinel: string; version: string }> {
  const staging = tempDirName(bundlesDir);
  try {
    await run([{ url: '/r/0/', content: SENTINEL, meta: {}, filters: {} }], staging, 20_000);
    await trim(staging, true);
    const fragments = await readdir(join(staging, 'fragment'));
    if (fragments.length !== 1) throw new Error('pagefind wrote no runtime index');
    const entry = JSON.parse(await readFile(join(staging, 'pagefind-entry.json'), 'utf8')) as { version: string };
    const sentinel = fragments[0]!.replace(/\.pf_fragment$/, '');
    return {
      name: await placeBundle(bundlesDir, staging, await nameOf(staging, 'r')),
      sentinel,
      version: entry.version,
    };
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  }
}
