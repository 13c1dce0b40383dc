/**
 * The warm renderer as a worker thread of the API process (api/src/services/site-renderer.ts starts it):
 * it loads the compiled site once and answers requests to render changes or the whole site, and does
 * background refreshes while it has nothing urgent to do. Being a thread, it cannot outlive its process.
 * It also renders previews (a draft's article page, returned as a string, never written). With `previewOnly`
 * (an instance that does not build the site) it does nothing else: no renders into the folder, no background work.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Jobs } from './jobs.ts';
import { PreviewRenderSchema, type PreviewRender } from 'content-schema/preview';
import type { RenderChange } from 'content-schema/render';
import { openRenderer } from './renderer/index.ts';
import { apiSource } from './source.ts';

export interface WorkerOptions {
  distDir: string;
  siteRoot: string;
  siteUrl: string;
  apiUrl: string;
  /** Only previews: this instance does not build the site, so it must never touch the site folder. */
  previewOnly?: boolean;
}

export type WorkerRequest =
  | { id: number; type: 'status' }
  | { id: number; type: 'changes'; changes: RenderChange[]; through: number }
  | { id: number; type: 'full'; cursor: number }
  | { id: number; type: 'preview'; input: PreviewRender };

export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

const port = parentPort!;
const options = workerData as WorkerOptions;
const jobs = new Jobs();
const renderer = await openRenderer({
  distDir: options.distDir,
  siteRoot: options.siteRoot,
  siteUrl: options.siteUrl,
  source: apiSource(options.apiUrl),
  checkpoint: jobs.checkpoint,
});

let backgroundQueued = false;
/**
 * Queues background refreshes as one long job that yields to publishes between steps, and to a full render
 * waiting behind it (drawing a cold site's share images can take minutes; the full render re-queues whatever is
 * still missing, and this job is queued again once it is done).
 */
function background(): void {
  if (backgroundQueued || options.previewOnly) return;
  backgroundQueued = true;
  void jobs
    .long(async (checkpoint) => {
      while (!jobs.longWaiting && (await renderer.backgroundStep())) await checkpoint();
    })
    .catch((err: unknown) =>
      console.error('[renderer] background refresh failed:', err instanceof Error ? err.message : err),
    )
    .finally(() => {
      backgroundQueued = false;
    });
}

/**
 * Search compaction (re-indexing a shard the publishes' delta names) waits until no change has come for this long:
 * it takes a core for a second or more, and a burst of publishes on a small machine would wait for it. Posts are
 * findable meanwhile through the delta, which each publish writes itself.
 */
const SEARCH_QUIET_MS = 2_000;
let quietTimer: NodeJS.Timeout | null = null;
function searchWhenQuiet(): void {
  if (quietTimer) clearTimeout(quietTimer);
  quietTimer = setTimeout(() => {
    quietTimer = null;
    searchInBackground();
  }, SEARCH_QUIET_MS);
}

let searching: Promise<void> | null = null;
/** Search indexing runs beside the jobs (pagefind works in its own process); never two at once. */
function searchInBackground(): void {
  if (options.previewOnly) return;
  searching ??= (async () => {
    while (await renderer.searchStep());
  })()
    .catch((err: unknown) =>
      console.error('[renderer] search indexing failed:', err instanceof Error ? err.message : err),
    )
    .finally(() => {
      searching = null;
    });
}

async function status() {
  return {
    version: renderer.version,
    needsFull: renderer.needsFull(),
    cursor: renderer.cursor(),
    liveDir: renderer.liveDir(),
    pendingBackground: renderer.pendingBackground(),
    // Opening the search index writes into the folder, which a preview-only renderer must never do.
    searchPending: options.previewOnly ? 0 : (await renderer.searchPending()) + (searching ? 1 : 0),
  };
}

async function handle(req: WorkerRequest): Promise<unknown> {
  if (options.previewOnly && req.type !== 'preview' && req.type !== 'status') {
    throw new Error('This renderer only renders previews (the instance does not build the site)');
  }
  switch (req.type) {
    case 'status':
      return status();
    case 'preview':
      // Ahead of long work like a publish: one article page, a few milliseconds.
      return jobs.urgent(() => renderer.preview(PreviewRenderSchema.parse(req.input)));
    case 'changes':
      return jobs.urgent(() => renderer.applyChanges(req.changes, req.through));
    case 'full':
      // renderAll calls jobs.checkpoint itself (openRenderer's `checkpoint`).
      return jobs.long(() => renderer.renderAll(req.cursor));
  }
}

port.on('message', (req: WorkerRequest) => {
  handle(req).then(
    (value) => {
      port.postMessage({ id: req.id, ok: true, value } satisfies WorkerReply);
      if (req.type === 'changes') {
        background();
        searchWhenQuiet();
      } else if (req.type === 'full') {
        background();
        searchInBackground();
      }
    },
    (err: unknown) =>
      port.postMessage({
        id: req.id,
        ok: false,
        error: err instanceof Error ? (err.stack ?? err.message) : String(err),
      } satisfies WorkerReply),
  );
});
port.postMessage({ id: 0, ok: true, value: await status() } satisfies WorkerReply);
background();
searchInBackground();
