import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  RenderResultSchema,
  RendererStatusSchema,
  type RenderChange,
  type RenderResult,
  type RendererStatus,
} from 'content-schema/render';
import type { PreviewRender } from 'content-schema/preview';

export type { RenderChange, RenderResult, RendererStatus };

/** What the builder asks of a renderer; the real one is a worker thread, tests may pass their own. */
export interface SiteRendererClient {
  status(): Promise<RendererStatus>;
  changes(changes: RenderChange[], through: number): Promise<RenderResult>;
  full(cursor: number): Promise<RenderResult>;
  close(): Promise<void>;
}

/** Renders a preview (a draft's article page) to a string; writes nothing. */
export interface PreviewRendererClient {
  preview(input: PreviewRender): Promise<string>;
}

const WORKER = resolve(import.meta.dirname, '../../../site/render/worker.ts');
const RENDERER_HEAP_MB = 512;
const RENDERER_YOUNG_MB = 16;

/**
 * The site's warm renderer (site/render/worker.ts) as a worker thread of this process: it loads the compiled
 * site once and reads published posts from this API (`apiUrl`). A thread dies with its process, so no build
 * outlives the server; if it crashes, requests in flight fail with the reason and the next request starts a
 * new one. The thread starts on the first request, so a preview-only renderer costs nothing until a preview is
 * asked for.
 */
export function workerRenderer(opts: {
  distDir: string;
  siteRoot: string;
  siteUrl: string;
  apiUrl: string;
  /** Only previews (an instance that does not build the site): the thread never touches the site folder. */
  previewOnly?: boolean;
}): SiteRendererClient & PreviewRendererClient {
  let worker: Worker | null = null;
  let ready: Promise<RendererStatus> | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  function start(): Promise<RendererStatus> {
    // The compiled site is a production build: React's development checks would double every render.
    // A heap limit makes the thread collect garbage early instead of growing towards V8's default (several GiB):
    // it holds summaries (a few MB at 10,000 posts) and one page at a time, and the whole server must stay
    // within 1.5 GiB while pagefind indexes beside it. Its young generation is kept small too: what a render
    // allocates dies young, and V8's default let the thread's heap sit at ~210 MiB (~100 MiB of it free) through
    // the first search index; with 16 MiB it holds ~105 MiB, and the server's peak at 10,000 posts fell by about a
    // quarter with the build worker's alike (`pnpm bench publish`).
    const w = new Worker(WORKER, {
      workerData: opts,
      // A thread of this process starts from a copy of its environment (which the compiled site, and the search
      // indexer it spawns, read); nothing is read from it here, only NODE_ENV is changed.
      // eslint-disable-next-line no-restricted-properties -- passes the environment on to the thread, unread
      env: { ...process.env, NODE_ENV: 'production' },
      resourceLimits: { maxOldGenerationSizeMb: RENDERER_HEAP_MB, maxYoungGenerationSizeMb: RENDERER_YOUNG_MB },
    });
    worker = w;
    ready = new Promise<RendererStatus>((resolveReady, rejectReady) => {
      pending.set(0, { resolve: (v) => resolveReady(v as RendererStatus), reject: rejectReady });
    });
    w.on('message', (msg: { id: number; ok: boolean; value?: unknown; error?: string }) => {
      const waiter = pending.get(msg.id);
      if (!waiter) return;
      pending.delete(msg.id);
      if (msg.ok) waiter.resolve(msg.value);
      else waiter.reject(new Error(msg.error ?? 'renderer failed'));
    });
    const fail = (err: Error) => {
      if (worker !== w) return;
      worker = null;
      ready = null;
      for (const waiter of pending.values()) waiter.reject(err);
      pending.clear();
    };
    w.on('error', (err) =>
      fail(new Error(`The renderer stopped: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`)),
    );
    w.on('exit', (code) => fail(new Error(`The renderer exited with code ${code}`)));
    return ready;
  }

  async function call(message: Record<string, unknown>): Promise<unknown> {
    await (ready ?? start());
    const id = nextId++;
    return new Promise<unknown>((resolveCall, rejectCall) => {
      pending.set(id, { resolve: resolveCall, reject: rejectCall });
      worker!.postMessage({ ...message, id });
    });
  }

  return {
    status: async () => RendererStatusSchema.parse(await call({ type: 'status' })),
    changes: async (changes, through) => RenderResultSchema.parse(await call({ type: 'changes', changes, through })),
    full: async (cursor) => RenderResultSchema.parse(await call({ type: 'full', cursor })),
    preview: async (input) => {
      const html = await call({ type: 'preview', input });
      if (typeof html !== 'string') throw new Error('The renderer answered a preview with something other than a page');
      return html;
    },
    close: async () => {
      const w = worker;
      worker = null;
      ready = null;
      await w?.terminate();
    },
  };
}
