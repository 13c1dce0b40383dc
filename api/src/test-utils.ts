import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MIN_FILL_MS, type MessageType } from 'content-schema/messages';
import { createApp } from './app.ts';
import { contractViolation } from './contract-check.ts';
import { migrateDb, openDb, type Db } from './db/client.ts';
import { startSqld } from './db/sqld.ts';
import { loadEnv } from './env.ts';
import { fakeClock } from './lib/clock.ts';
import { ensureAdmin } from './services/auth.ts';
import { changesBetween, type PostChange } from './services/changes.ts';
import { createServices } from './services.ts';
import type {
  PreviewRendererClient,
  RenderChange,
  RenderResult,
  SiteRendererClient,
} from './services/site-renderer.ts';

export const ORIGIN = 'http://127.0.0.1:4321';
const ROOT = resolve(import.meta.dirname, '../..');
/** The compiled site the real renderer loads. */
export const SITE_DIST = join(ROOT, 'dist');

/** Compiles the site once if no compiled bundle is there (scripts/test.sh compiles before the suites). */
export function ensureCompiled(): void {
  if (existsSync(join(SITE_DIST, 'server/entry.mjs'))) return;
  execFileSync(process.execPath, [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: 'inherit',
  });
}
export const ADMIN_PASSWORD = 'test-password-123';

/** A reader's contact message, as the contact form names its fields (all text, as a form posts them). */
export const CONTACT_MESSAGE = {
  type: 'contact',
  name: 'Ada Reader',
  email: 'ada@example.org',
  topic: 'press',
  subject: 'Interview request',
  message: 'Could we talk about your grid coverage?',
  website: '',
} as const;

/**
 * A fresh database, migrated: a libSQL file in a temporary folder, or, with TEST_DATABASE=sqld, a throwaway sqld
 * server, or with TEST_DATABASE=replica, an embedded replica of one (scripts/test.sh runs the API suites each way). `url` opens the same database from a second "instance".
 */
export async function tempDb(): Promise<{ db: Db; dir: string; url: string; cleanup: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'northwire-test-'));
  const mode = process.env.TEST_DATABASE;
  const server = mode === 'sqld' || mode === 'replica' ? await startSqld({ dir: join(dir, 'sqld') }) : null;
  const url = server?.url ?? `file:${join(dir, 'app.db')}`;
  // TEST_DATABASE=replica: this instance reads from an embedded replica of the sqld primary.
  const db = await openDb(
    url,
    undefined,
    mode === 'replica' ? { path: join(dir, 'replica.db'), syncIntervalS: 0.2 } : undefined,
  );
  await migrateDb(db);
  return {
    db,
    dir,
    url,
    cleanup: async () => {
      await db.$replica?.stop();
      db.$client.close();
      await server?.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A renderer for API tests: it records the change records the builder hands it and reports them rendered.
 * Rendering itself is tested against the compiled site in site/render/ and the browser journeys.
 */
export function recordingRenderer(opts: { fail?: () => string | null } = {}) {
  let cursor = 0;
  const batches: RenderChange[][] = [];
  const client: SiteRendererClient & { batches: RenderChange[][] } = {
    batches,
    status: async () => ({
      version: 'test',
      needsFull: false,
      cursor,
      liveDir: null,
      pendingBackground: 0,
      searchPending: 0,
    }),
    changes: async (changes, through): Promise<RenderResult> => {
      const error = opts.fail?.();
      if (error) throw new Error(error);
      batches.push(changes);
      cursor = through;
      return { written: changes.length, removed: 0, postErrors: [], cursor, live: [], durationMs: 0 };
    },
    full: async (through) => {
      cursor = through;
      return { written: 0, removed: 0, postErrors: [], cursor, live: [], durationMs: 0 };
    },
    close: async () => {},
  };
  return client;
}

export type RecordingRenderer = ReturnType<typeof recordingRenderer>;

/** The browser's cookie jar: the session, and the device cookie (sent only to /api/auth, as its Path says). */
interface CookieJar {
  session: string;
  device: string;
}

type TestAnswer = { status: number; headers: Headers; json: any; text: string };

/** The request a browser would send: same-origin `Origin` on writes, the jar's cookies, JSON or a form post. */
function browserRequest(jar: CookieJar, method: string, path: string, body: unknown, headers: Record<string, string>) {
  const form = body instanceof URLSearchParams || body instanceof FormData;
  const bytes = body instanceof Uint8Array;
  const cookies = [jar.session, path.startsWith('/api/auth') ? jar.device : ''].filter(Boolean).join('; ');
  const sent = new Headers(
    Object.entries({
      ...(method === 'GET' ? {} : { Origin: ORIGIN }),
      ...(jar.session || jar.device ? { Cookie: cookies } : {}),
      ...(body === undefined || form || bytes ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
      // A header given as undefined is left out (to send a request without Origin, for instance).
    }).filter((e): e is [string, string] => e[1] !== undefined),
  );
  const init: RequestInit = {
    method,
    headers: sent,
    body:
      body === undefined
        ? undefined
        : form || bytes || typeof body === 'string'
          ? (body as BodyInit)
          : JSON.stringify(body),
  };
  return new Request(`${ORIGIN}${path}`, init);
}

/**
 * Sends a request as the browser does and keeps the cookies it is given; fails when the answer breaks the API's
 * contract (api/src/contract-check.ts), whatever the test checks. `body`: an object is sent as JSON, a string or
 * bytes as they are, URLSearchParams or FormData as a browser's form post.
 */
async function callAsBrowser(
  app: { request: (request: Request) => Response | Promise<Response> },
  jar: CookieJar,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<TestAnswer> {
  const request = browserRequest(jar, method, path, body, headers);
  const res = await app.request(request);
  for (const set of res.headers.getSetCookie()) {
    const [, name, value] = /^(session|device)=([^;]*)/.exec(set) ?? [];
    if (name === 'session') jar.session = value ? `session=${value}` : '';
    if (name === 'device') jar.device = value ? `device=${value}` : '';
  }
  const text = await res.text();
  const violation = contractViolation(method, path, res, text, request.headers.get('Content-Type') ?? undefined);
  if (violation) throw new Error(`Contract: ${violation}`);
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/**
 * A real app over a real database file, a fake clock and a recording renderer behind the real builder.
 * `call` sends requests the way the browser does: same-origin `Origin` and the session cookie once logged in, and
 * fails the test when an answer breaks the API's contract (api/src/contract-check.ts).
 */
export async function testApp<R extends SiteRendererClient = RecordingRenderer>(
  opts: {
    db?: Db;
    url?: string;
    dir?: string;
    start?: string;
    renderer?: R;
    /** Renders preview pages (e.g. a preview-only worker renderer on the compiled site); none by default. */
    preview?: PreviewRendererClient;
    env?: Record<string, string>;
  } = {},
) {
  const temp = opts.db ? null : await tempDb();
  const db = opts.db ?? temp!.db;
  const dir = opts.dir ?? temp!.dir;
  /** The database's URL: another instance opens it with `openDb(t.url)`. */
  const url = temp?.url ?? opts.url ?? `file:${join(dir, 'app.db')}`;
  const clock = fakeClock(opts.start ?? '2026-06-01T10:00:00Z');
  const env = loadEnv({
    SITE_URL: ORIGIN,
    DATA_DIR: dir,
    DATABASE_URL: url,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD,
    ...opts.env,
  } as NodeJS.ProcessEnv);
  await ensureAdmin(db, 'admin', ADMIN_PASSWORD);
  // Typed as the renderer given, or as the recording one (with its `batches`) by default.
  const renderer = (opts.renderer ?? recordingRenderer()) as R;
  const ctx = createServices({
    db,
    env,
    clock,
    renderer,
    preview: opts.preview,
    // No site answers here: the builder records renders without checking pages.
    probe: null,
    probeApi: async () => {
      const res = await mounted.app.request(`${ORIGIN}/api/health`);
      if (!res.ok) throw new Error(`health answered ${res.status}`);
    },
  });
  const mounted = createApp(ctx);
  const { app, front } = mounted;
  const { builder, changes: changeFeed, events } = ctx;
  const jar: CookieJar = { session: '', device: '' };
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    callAsBrowser(app, jar, method, path, body, headers);

  async function login() {
    const res = await call('POST', '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  }

  return {
    app,
    /** The readers' front cache: in front of `app` only when a test serves it over node:http (see front-cache.test.ts). */
    front,
    ctx,
    db,
    dir,
    url,
    clock,
    builder,
    renderer,
    changeFeed,
    /** The change records written so far, oldest first. */
    changes: (): Promise<PostChange[]> => changesBetween(db, 0, Number.MAX_SAFE_INTEGER),
    events,
    call,
    login,
    logout: () => {
      jar.session = '';
    },
    /** A reader form's stamp, as its page is served with it `ageMs` ago (by default, long enough ago to send). */
    stamp: async (type: MessageType, ageMs = MIN_FILL_MS + 2000): Promise<string> => {
      const now = clock.now();
      clock.set(new Date(now.getTime() - ageMs));
      try {
        return await ctx.operations.messages.stamp(type);
      } finally {
        clock.set(now);
      }
    },
    /** Forgets the device cookie too: the next request comes from a browser the server has never seen. */
    forgetDevice: () => {
      jar.device = '';
    },
    /** Waits for builds and change consumers in flight, then removes the temporary folder. */
    cleanup: async () => {
      await builder.idle();
      await changeFeed.idle();
      ctx.members.close();
      await temp?.cleanup();
    },
  };
}

/** A valid post body; override what a test is about. */
export function postBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Grid queues are the real bottleneck',
    excerpt: 'Why connection queues, not chips, decide where European data centres go.',
    content: '## Why\n\nBecause **grids** take years to build.',
    category: 'Energy Future',
    tags: ['energy', ' grids ', ''],
    authorName: 'Sofie Bergström',
    readTime: 6,
    published: false,
    ...overrides,
  };
}
