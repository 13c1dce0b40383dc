/**
 * Calls into a worker thread: each request gets an id, the worker answers `{ id, ok, value }` or
 * `{ id, ok: false, error }` (answerCalls, on its side). The thread starts on first use; `idleMs` ends it after
 * that long without a call, and while no call is waiting it does not keep the process alive.
 */
import { parentPort, Worker } from 'node:worker_threads';

type Reply<T> = { id: number; ok: true; value: T } | { id: number; ok: false; error: string };

export interface WorkerCallsOptions {
  /** Name in errors. */
  name: string;
  /** V8's young generation, in MiB (a small one for work whose allocations die young). */
  youngMb?: number;
  /** End the thread after this long without a call (kept until `close()` when absent). */
  idleMs?: number;
}

export class WorkerCalls<Req, Res> {
  private worker: Worker | null = null;
  private nextId = 0;
  private idle: NodeJS.Timeout | null = null;
  private waiting = new Map<number, { resolve: (value: Res) => void; reject: (err: Error) => void }>();

  private readonly url: URL;
  private readonly options: WorkerCallsOptions;

  constructor(url: URL, options: WorkerCallsOptions) {
    this.url = url;
    this.options = options;
  }

  call(request: Req): Promise<Res> {
    const worker = this.start();
    const id = ++this.nextId;
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    worker.ref();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, request });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    // Not the parent's --input-type (an `node -e` parent): it is refused for a worker started from a file.
    const execArgv = process.execArgv.filter((a) => !a.startsWith('--input-type'));
    const { youngMb } = this.options;
    const worker = new Worker(this.url, {
      execArgv,
      ...(youngMb ? { resourceLimits: { maxYoungGenerationSizeMb: youngMb } } : {}),
    });
    worker.on('message', (reply: Reply<Res>) => {
      const w = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.ok) w?.resolve(reply.value);
      else w?.reject(new Error(reply.error));
      if (this.waiting.size === 0) this.rest(worker);
    });
    const fail = (err: Error) => {
      for (const w of this.waiting.values()) w.reject(err);
      this.waiting.clear();
      if (this.worker === worker) this.worker = null;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`${this.options.name} exited (${code})`)));
    this.worker = worker;
    return worker;
  }

  /** No call waiting: the thread no longer keeps the process alive, and ends after `idleMs`. */
  private rest(worker: Worker): void {
    worker.unref();
    const { idleMs } = this.options;
    if (idleMs === undefined) return;
    this.idle = setTimeout(() => {
      if (this.waiting.size === 0 && this.worker === worker) void this.close();
    }, idleMs);
    this.idle.unref();
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    if (worker) await worker.terminate();
  }
}

/** The worker's side: answers each call with `handle`'s result (or its error's message). */
export function answerCalls<Req, Res>(handle: (request: Req) => Promise<Res>): void {
  parentPort?.on('message', ({ id, request }: { id: number; request: Req }) => {
    handle(request).then(
      (value) => parentPort!.postMessage({ id, ok: true, value } satisfies Reply<Res>),
      (err: unknown) =>
        parentPort!.postMessage({
          id,
          ok: false,
          error: err instanceof Error ? err.message : String(err),
        } satisfies Reply<Res>),
    );
  });
}
