/**
 * Test support: serve a search folder over HTTP and query it with pagefind's own browser bundle, run in Node
 * (without a Worker, pagefind searches on the calling thread), applying the manifest's hiding exactly as the
 * browser client does (visibleResults from site/lib/browser/pagefind.ts). Also: records, folder snapshots, the
 * files of a folder that name a word, and the pagefind processes a given process has started.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { visibleResults } from '../../lib/browser/pagefind.ts';
import { listFiles } from './files.ts';
import type { SearchManifest } from './manifest.ts';
import type { SearchRecord } from './bundle.ts';

export interface Served {
  url: string;
  /** What is served at the root; change it to serve another folder. */
  root: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json', '.html': 'text/html' };

/** A static server for `root` (cache-less), optionally with extra routes (path → [type, body]). */
export async function serveFolder(
  root: string,
  extra: (path: string) => Promise<[string, string] | null> = async () => null,
): Promise<Served> {
  const served: Served = { url: '', root, close: () => new Promise<void>((r) => server.close(() => r())) };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const route = await extra(path);
      if (route) {
        res.writeHead(200, { 'content-type': route[0], 'cache-control': 'no-store' }).end(route[1]);
        return;
      }
      const file = normalize(join(served.root, path));
      if (!file.startsWith(served.root)) return res.writeHead(403).end();
      try {
        const body = await readFile(file);
        res
          .writeHead(200, {
            'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
            'cache-control': 'no-store',
          })
          .end(body);
      } catch {
        res.writeHead(404).end();
      }
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const address = server.address();
  served.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return served;
}

interface NodePagefind {
  mergeIndex(path: string, options?: object): Promise<void>;
  search(
    term: string,
    options?: object,
  ): Promise<{ results: { id: string; data: () => Promise<{ url: string; meta: Record<string, string> }> }[] }>;
}

/**
 * Searches the search folder served at `base` (the URL of the folder holding manifest.json, local copy at
 * `dir`) with pagefind's browser bundle: the hits a reader would see, as { url, card } in result order.
 */
export async function searchFolder(
  dir: string,
  base: string,
  term: string,
  category = '',
): Promise<{ url: string; slug: string; title: string }[]> {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as SearchManifest;
  const [runtime, ...rest] = manifest.bundles;
  const mod = (await import(pathToFileURL(join(dir, runtime!.path, 'pagefind.js')).href)) as {
    createInstance(options: object): NodePagefind & { init(): Promise<void> };
  };
  const pf = mod.createInstance({ basePath: `${base}/${runtime!.path}` });
  await pf.init();
  for (const b of rest) await pf.mergeIndex(`${base}/${b.path}`);
  const { results } = await pf.search(term, category ? { filters: { category } } : {});
  const visible = await visibleResults(manifest, results);
  const data = await Promise.all(visible.map((r) => r.data()));
  return data.map((d) => {
    const card = JSON.parse(d.meta.card ?? '{}') as { slug: string; title: string };
    return { url: d.url, slug: card.slug, title: card.title };
  });
}

/**
 * A word only post `postId` has: letters only, and no other indexed word is a prefix of it (pagefind answers a
 * word it lacks with the longest indexed word that prefixes it, per bundle: 'uniq2' would find 'uniq' in 'uniq4').
 */
export function own(postId: number): string {
  let s = '';
  for (let n = postId; n > 0; n = Math.floor(n / 26)) s = String.fromCharCode(97 + (n % 26)) + s;
  return `zq${s}`;
}

/** A small post: a shared word ('common'), one word of its own (own(id)), and filler. */
export function record(postId: number, extra = '', category = 'Deep Dive'): SearchRecord {
  const title = `Post number ${postId}`;
  return {
    postId,
    url: `/post/post-${postId}`,
    title,
    category,
    text: `This common body belongs to ${own(postId)}. ${extra} It talks about grids, storage and capital.`.trim(),
    card: {
      slug: `post-${postId}`,
      title,
      excerpt: `Excerpt of post ${postId}.`,
      category,
      readTime: 3,
      authorName: 'Test Writer',
      createdAt: new Date(Date.UTC(2024, 0, postId)).toISOString(),
      tags: ['test'],
    },
  };
}

/** Every file of a folder as 'path sha-ish length' lines plus the bytes, for exact comparison. */
export async function snapshot(dir: string): Promise<Record<string, string>> {
  return Object.fromEntries((await listFiles(dir)).map(([path, bytes]) => [path, bytes.toString('base64')]));
}

/** Pids of running pagefind binaries whose parent is `parentPid` (Linux /proc). */
export function pagefindChildren(parentPid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const comm = /\((.*)\)/.exec(stat)?.[1] ?? '';
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (comm.startsWith('pagefind') && Number(fields[1]) === parentPid && fields[0] !== 'Z') out.push(Number(name));
    } catch {
      // gone
    }
  }
  return out;
}

/** Every running pagefind binary (Linux /proc), for checking that none outlives its parent. */
export function allPagefindProcesses(): number[] {
  return readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .filter((n) => {
      try {
        const stat = readFileSync(`/proc/${n}/stat`, 'utf8');
        return (
          (/\((.*)\)/.exec(stat)?.[1] ?? '').startsWith('pagefind') && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** The bytes of a file as a reader may get them: as stored, and decompressed when they are gzip or brotli. */
function readable(bytes: Buffer): string[] {
  const out = [bytes.toString('latin1')];
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      out.push(...readable(gunzipSync(bytes)));
    } catch {
      // not gzip after all
    }
  }
  try {
    const data = brotliDecompressSync(bytes);
    if (data.length > 0) out.push(data.toString('latin1'));
  } catch {
    // not brotli
  }
  return out;
}

/** Every file under `dir` (relative paths) whose name or (decompressed) content holds `word`, case-insensitively. */
export function filesNaming(dir: string, word: string): string[] {
  const needle = word.toLowerCase();
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = join(at, entry.name);
      const path = relative(dir, full).split(sep).join('/');
      if (entry.isDirectory()) {
        if (path.toLowerCase().includes(needle)) found.push(`${path}/`);
        walk(full);
      } else if (
        path.toLowerCase().includes(needle) ||
        readable(readFileSync(full)).some((text) => text.toLowerCase().includes(needle))
      ) {
        found.push(path);
      }
    }
  };
  walk(dir);
  return found.sort();
}
