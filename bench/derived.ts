/**
 * Derived bodies (markdown → sanitised HTML + search text, as the API stores them) of the realistic corpus
 * (bench/corpus.ts), computed in worker threads and cached in bench/results/, keyed by the corpus size and the
 * renderer's source, so a second run starts in seconds.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Db } from '../api/src/db/client.ts';
import { posts } from '../api/src/db/schema.ts';
import { generatePost } from './corpus.ts';
import { fmt, ROOT } from './lib.ts';

export interface Derived {
  html: string | null;
  searchText: string | null;
  renderError: string | null;
}

/** Derived bodies of corpus posts 0..n-1, computed in parallel and cached on disk. */
export async function derivedBodies(n: number): Promise<Derived[]> {
  const renderer = createHash('sha256')
    .update(readFileSync(join(ROOT, 'content-schema/src/markdown.ts')))
    .update(readFileSync(join(ROOT, 'api/src/services/derive.ts')))
    .digest('hex')
    .slice(0, 12);
  const dir = join(ROOT, 'bench/results');
  const file = join(dir, `corpus-${n}-${renderer}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Derived[];
  const workers = Math.max(1, availableParallelism());
  const started = performance.now();
  const parts = await Promise.all(
    Array.from({ length: workers }, (_, w) => {
      const worker = new Worker(
        `import { workerData, parentPort } from 'node:worker_threads';
         const { generatePost } = await import(${JSON.stringify(join(ROOT, 'bench/corpus.ts'))});
         const { deriveBody } = await import(${JSON.stringify(join(ROOT, 'api/src/services/derive.ts'))});
         const out = [];
         for (let i = workerData.from; i < workerData.to; i++) out.push(deriveBody(generatePost(i).content).body);
         parentPort.postMessage(out);`,
        { eval: true, workerData: { from: Math.floor((n * w) / workers), to: Math.floor((n * (w + 1)) / workers) } },
      );
      return new Promise<Derived[]>((res, rej) => {
        worker.once('message', res);
        worker.once('error', rej);
      });
    }),
  );
  const all = parts.flat();
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify(all));
  console.log(`derived ${fmt(n)} bodies in ${fmt((performance.now() - started) / 1000, 1)} s (cached in ${file})`);
  return all;
}

/** Inserts corpus posts 0..n-1, published, with their derived bodies, 250 to a statement. */
export async function seedCorpus(db: Db, n: number, bodies: Derived[], featureImages: number[] = []): Promise<void> {
  for (let i = 0; i < n; i += 250) {
    const rows = [];
    for (let j = i; j < Math.min(n, i + 250); j++) {
      const p = generatePost(j);
      const featureImage = featureImages.length
        ? { id: featureImages[j % featureImages.length]!, focusX: 50, focusY: 40 }
        : null;
      rows.push({
        ...p,
        ...bodies[j]!,
        featureImage,
        published: true,
        updatedAt: p.createdAt,
        publishedAt: p.createdAt,
      });
    }
    await db.insert(posts).values(rows);
  }
}
