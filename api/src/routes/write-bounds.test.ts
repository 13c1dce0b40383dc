/**
 * Every write endpoint, enumerated from the router itself, fed random and extreme input: it never answers 500,
 * it answers 2xx only to a body its content-schema schema accepts, and a refused request leaves every table as
 * it was. A write route this file has no generator for fails the suite, so a new one cannot slip past.
 */
import fc from 'fast-check';
import { inspectRoutes } from 'hono/dev';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CorrectionInputSchema, CorrectionUpdateSchema } from 'content-schema/corrections';
import { MAX_ID } from 'content-schema/ids';
import { MediaDetailsInputSchema } from 'content-schema/media';
import { SubscribeInputSchema } from 'content-schema/members';
import { MessageInputSchema, MessageSettingsSchema, MessageUpdateSchema } from 'content-schema/messages';
import { PostInputSchema, PostUpdateSchema } from 'content-schema/post';
import { PreviewLinkInputSchema } from 'content-schema/preview';
import { RestoreRevisionSchema, WorkingCopyWriteSchema } from 'content-schema/revisions';
import { SchedulePayloadSchema } from 'content-schema/schedule';
import { TemplateInputSchema } from 'content-schema/template';
import { WorkflowExecuteSchema, WorkflowFormSchema, WorkflowToggleSchema } from 'content-schema/workflow';
import { GenerateInputSchema, PausedInputSchema, TopicInputSchema } from 'content-schema/automation';
import { BeaconSchema } from 'content-schema/views';
import { readerMessages } from '../db/schema-operations.ts';
import { solid } from '../services/media/test-support.ts';
import { postBody, testApp } from '../test-utils.ts';

type T = Awaited<ReturnType<typeof testApp>>;
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Rows the generators point at; each route gets a fresh set. */
interface Fixtures {
  post: number;
  published: number;
  publishedSlug: string;
  correction: number;
  schedule: number;
  template: number;
  workflow: number;
  notification: number;
  previewLink: number;
  message: number;
  /** An image of the library. */
  media: number;
  /** A revision of `post`. */
  revision: number;
}

interface WriteRoute {
  /** The schema the route validates its body with; absent when it reads no body. */
  schema?: z.ZodType;
  /** A body the schema accepts, naming the fixtures; the generators mutate it. */
  valid?: (f: Fixtures) => Json;
  /** The fixture the path's `:id` names. */
  id?: (f: Fixtures) => number;
  /** The working copy key the path's `:key` names. */
  key?: (f: Fixtures) => string;
  /** Sent as a reader (no session, a browser's user agent): the beacon ignores an editor's body. */
  reader?: true;
  /** Tables a refused request may still write, by design. */
  mayRecord?: string[];
  runs?: number;
}

const TEMPLATE = {
  name: 'Weekly funding',
  category: 'Deal Watch',
  title: '[Company] raises [Amount]',
  content: '## The round\n\n[Details]',
  tags: ['funding', 'europe'],
  readTime: 4,
};

const WORKFLOW = {
  name: 'Weekly digest',
  trigger: 'manual',
  event: null,
  actions: [
    { type: 'notify', config: { recipients: ['editor'], platforms: ['x'], destination: 'local', condition: 'all' } },
  ],
  enabled: true,
  scheduleConfig: { frequency: 'weekly', time: '09:00', days: [1] },
};

/** Cases per route: bodies are where the bounds live, so they get the most. */
const BODY_RUNS = 60;
const PATH_RUNS = 25;

/** Every non-GET route outside /api/auth, by `METHOD path` as the router reports it. */
const WRITE_ROUTES: Record<string, WriteRoute> = {
  'POST /api/posts': { schema: PostInputSchema, valid: () => postBody() },
  'PUT /api/posts/:id': { schema: PostUpdateSchema, valid: () => postBody(), id: (f) => f.post },
  'DELETE /api/posts/:id': { id: (f) => f.post },
  'POST /api/posts/:id/preview-links': {
    schema: PreviewLinkInputSchema,
    valid: () => ({ amount: 7, unit: 'days' }),
    id: (f) => f.post,
  },
  'POST /api/preview-links/:id/revoke': { id: (f) => f.previewLink },
  'POST /api/posts/:id/corrections': {
    schema: CorrectionInputSchema,
    valid: () => ({ wrong: 'It said 40 GW.', right: 'It is 14 GW.', correctedAt: '2026-06-01T10:00:00Z' }),
    id: (f) => f.published,
  },
  'PUT /api/corrections/:id': {
    schema: CorrectionUpdateSchema,
    valid: () => ({ wrong: 'It said 40 GW.', right: 'It is 14.2 GW.', correctedAt: '2026-06-01T10:00:00+00:00' }),
    id: (f) => f.correction,
  },
  'DELETE /api/corrections/:id': { id: (f) => f.correction },
  // The fixture post is at version 2: the first restore succeeds, later ones naming 2 are a 409 that writes nothing.
  'POST /api/revisions/:id/restore': {
    schema: RestoreRevisionSchema,
    valid: () => ({ version: 2 }),
    id: (f) => f.revision,
  },
  'PUT /api/working-copies/:key': {
    schema: WorkingCopyWriteSchema,
    valid: () => ({
      fields: {
        title: 'Typed so far',
        excerpt: '',
        content: '## Half a draft',
        category: '',
        tags: 'energy, grids',
        authorName: 'Sofie Bergström',
        readTime: null,
        published: false,
        seoTitle: '',
        metaDescription: '',
        focusKeyword: '',
        slug: '',
      },
      baseVersion: 1,
      // The first write; once a copy exists, this is a 409 that writes nothing.
      revision: 0,
    }),
    key: (f) => `post:${f.post}`,
  },
  'DELETE /api/working-copies/:key': { key: (f) => `post:${f.post}` },
  'POST /api/schedule-post': {
    schema: SchedulePayloadSchema,
    valid: (f) => ({ postId: f.post, publishDateTime: '2026-12-01T09:00', timezone: 'Europe/Stockholm' }),
  },
  'DELETE /api/scheduled-posts/:id': { id: (f) => f.schedule },
  'POST /api/build': { runs: 5 },
  'POST /api/templates': { schema: TemplateInputSchema, valid: () => TEMPLATE },
  'PUT /api/templates/:id': {
    schema: TemplateInputSchema,
    valid: () => ({ ...TEMPLATE, tags: 'a, b' }),
    id: (f) => f.template,
  },
  'DELETE /api/templates/:id': { id: (f) => f.template },
  'POST /api/templates/:id/use': { id: (f) => f.template },
  // An upload's body is the file: whatever these generators send is no image, refused (422) with nothing written.
  'POST /api/media': { runs: 30 },
  'PUT /api/media/:id': {
    schema: MediaDetailsInputSchema,
    valid: () => ({ alt: 'A chart of the round' }),
    id: (f) => f.media,
  },
  'PUT /api/media/:id/file': { runs: 30, id: (f) => f.media },
  'DELETE /api/media/:id': { id: (f) => f.media },
  // A generation attempt is recorded (and announced) whatever its outcome; these take no input to refuse.
  'POST /api/automation/daily-post': { runs: 3, mayRecord: ['automation_runs', 'automation_topics', 'notifications'] },
  'POST /api/automation/weekly-deepdive': {
    runs: 3,
    mayRecord: ['automation_runs', 'automation_topics', 'notifications'],
  },
  'PUT /api/automation/paused': { schema: PausedInputSchema, valid: () => ({ paused: true }) },
  'POST /api/automation/topics': {
    schema: TopicInputSchema,
    valid: () => ({ kind: 'daily', category: 'Deal Watch', topic: 'Grid queues in the Nordics', personaId: null }),
  },
  'POST /api/automation/generate': {
    schema: GenerateInputSchema,
    valid: () => ({ personaId: 'ai-strategy', topic: 'Open banking in the Nordics' }),
    runs: 30,
  },
  'POST /api/workflows': { schema: WorkflowFormSchema, valid: () => WORKFLOW },
  'POST /api/workflows/execute': { schema: WorkflowExecuteSchema, valid: (f) => ({ workflowId: f.workflow }) },
  'PUT /api/workflows/:id': { schema: WorkflowFormSchema, valid: () => WORKFLOW, id: (f) => f.workflow },
  'DELETE /api/workflows/:id': { id: (f) => f.workflow },
  'PUT /api/workflows/:id/toggle': {
    schema: WorkflowToggleSchema,
    valid: () => ({ enabled: false }),
    id: (f) => f.workflow,
  },
  'PUT /api/notifications/read-all': { runs: 5 },
  'PUT /api/notifications/:id/read': { id: (f) => f.notification },
  'DELETE /api/notifications/:id': { id: (f) => f.notification },
  // A reader's message: the limiter counts every attempt that passes the schema, refused or not.
  'POST /api/messages': {
    schema: MessageInputSchema,
    valid: () => ({
      type: 'correction',
      articleUrl: 'https://northwire.example/post/a-published-article',
      correction: 'The date is wrong.',
      source: 'The report',
      contactInfo: 'me@example.org',
      website: '',
      stamp: CORRECTION_STAMP,
    }),
    reader: true,
    mayRecord: ['rate_limits'],
  },
  'PUT /api/messages/settings': { schema: MessageSettingsSchema, valid: () => ({ retentionDays: 90 }) },
  'PUT /api/messages/:id': {
    schema: MessageUpdateSchema,
    valid: () => ({ status: 'answered', notes: 'Replied by email.', read: true }),
    id: (f) => f.message,
  },
  'DELETE /api/messages/:id': { id: (f) => f.message },
  'POST /api/members/subscribe': {
    schema: SubscribeInputSchema,
    valid: () => ({ email: 'reader@example.org', newsletters: ['daily-analysis'], form: 'footer', website: '' }),
    reader: true,
    mayRecord: ['rate_limits'],
  },
  'POST /api/views': { schema: BeaconSchema, valid: (f) => ({ slug: f.publishedSlug, event: 'view' }), reader: true },
  // The pages a mail links to (outside /api): a token or a signed link, sent as a form; anything else is refused.
  'POST /subscribe/confirm': { runs: 10 },
  'POST /unsubscribe': { runs: 10 },
  // The API's catch-all: any method on any unknown /api path.
  'ALL /api/*': { runs: 10 },
};

/** The write routes the router has: handlers (not middleware) for any method but GET, HEAD and OPTIONS. */
function writeRoutes(app: T['app']): string[] {
  const keys = inspectRoutes(app)
    .filter((r) => !r.isMiddleware && !['GET', 'HEAD', 'OPTIONS'].includes(r.method))
    .map((r) => `${r.method} ${r.path}`)
    .filter((key) => !key.split(' ')[1]!.startsWith('/api/auth/'));
  return [...new Set(keys)];
}

// One signed-in app for the file (a fresh one per route costs a password hash each); every route gets its own
// fixtures, and every case compares the tables with themselves just before it, so what earlier cases wrote is moot.
const t = await testApp();
await t.login();
/** The stamp of the correction form's page, served long enough ago: a valid message is stored. */
const CORRECTION_STAMP = await t.stamp('correction');
const ROUTES = writeRoutes(t.app);
afterAll(() => t.cleanup());

// ---- Generators ----------------------------------------------------------------------------------------------

/** A value to put in place of a field: JSON, raw JSON text that JSON.stringify cannot produce, or nothing. */
type Extreme = { json: Json; absurd?: true } | { raw: string } | { drop: true };

/**
 * Beyond every bound any field has, yet within the body limit: longer than the longest text (a post's content,
 * 200,000), more items than any list, one past the largest id. Accepting one in any field means a bound is missing.
 */
const ABSURD: Json[] = ['x'.repeat(300_001), Array(10_000).fill('tag'), MAX_ID + 1];

const LONG = 'x'.repeat(100_001);
const LONG_UNICODE = '🦊é\u0301'.repeat(40_000);
const deep = (n: number): Json => (n === 0 ? 'bottom' : { a: deep(n - 1) });

const EXTREMES: Extreme[] = [
  ...[1e308, -1e308, 1e12, 1e30, -1, 0, 0.5, 1.5, -1e-7, 2 ** 31, 2 ** 53, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER],
  ...[Number.MIN_SAFE_INTEGER, 5e-324, null, true, false, '', ' ', '\u0000', 'NaN', 'Infinity', '1e308', '-1', '7'],
  ...[LONG, LONG_UNICODE, '\u202e\u200b\ud800', {}, [], deep(200)],
  ...[Array(21).fill('tag'), Array(101).fill('x'.repeat(60)), Array(10_000).fill(1), Array(10_000).fill({})],
].map((json) => ({ json: json as Json }));

const RAW_NUMBERS = ['1e309', '-1e309', '-0', '1e-400', '123456789012345678901234567890', '1.0000000000000000000001'];

const extreme: fc.Arbitrary<Extreme> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(...EXTREMES, ...RAW_NUMBERS.map((raw) => ({ raw })), { drop: true as const }),
  },
  { weight: 1, arbitrary: fc.constantFrom(...ABSURD).map((json) => ({ json, absurd: true as const })) },
  { weight: 1, arbitrary: fc.double().map((json) => ({ json })) },
  { weight: 1, arbitrary: fc.integer().map((json) => ({ json })) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }).map((json) => ({ json })) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((json) => ({ json: json as Json })) },
);

/** Bodies that are not a JSON object at all, or beyond the 1 MB body limit. */
const RAW_BODIES = [
  '',
  'not json',
  '{',
  '[]',
  'null',
  '"text"',
  '1e309',
  '['.repeat(10_000) + ']'.repeat(10_000),
  JSON.stringify({ text: 'y'.repeat(1_100_000) }),
];

/** Paths to every value inside a body (object keys and array items), the body itself excluded. */
function valuePaths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [];
  const entries: [string | number, Json][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return entries.flatMap(([k, v]) => [[...prefix, k], ...valuePaths(v, [...prefix, k])]);
}

const SENTINEL = '\u0000raw-value\u0000';

/** The valid body with the value at `path` replaced (or dropped). */
function replaced(valid: Json, path: (string | number)[], value: Extreme): Body {
  const body = structuredClone(valid) as Record<string | number, Json>;
  let parent: Record<string | number, Json> = body;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  const last = path.at(-1)!;
  if ('drop' in value) delete parent[last];
  // defineProperty, so that a key named __proto__ is sent as a key rather than setting the clone's prototype.
  else
    Object.defineProperty(parent, last, {
      value: 'raw' in value ? SENTINEL : value.json,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  const json = JSON.stringify(body);
  const text = 'raw' in value ? json.replace(JSON.stringify(SENTINEL), value.raw) : json;
  const shown = 'drop' in value ? '(dropped)' : 'raw' in value ? value.raw : short(JSON.stringify(value.json), 60);
  return { text, absurd: 'absurd' in value, note: `${path.join('.')} ← ${shown}` };
}

function short(text: string | undefined, max = 160): string {
  if (text === undefined) return '(no body)';
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

interface Body {
  text: string | undefined;
  /** A field holds a value no bound allows: a 2xx means a bound is missing. */
  absurd?: boolean;
  /** What was changed from the valid body, for the report. */
  note?: string;
}

interface Case {
  method: string;
  path: string;
  body: Body;
  [fc.toStringMethod]: () => string;
}

/** One request, printed short when fast-check reports it (bodies can be megabytes). */
function request(method: string, path: string, body: Body): Case {
  return {
    method,
    path,
    body,
    [fc.toStringMethod]: () => `${method} ${short(path)} ${body.note ?? short(body.text)}`,
  };
}

/** Ids a path may carry: the fixture's, and everything an id is not. */
const BAD_IDS = ['0', '-1', '1e30', 'abc', '1.5', '-0', '0x10', '1e3', ' 1', 'NaN', 'Infinity', '%00', '%F0%9F%A6%8A'];
const HUGE_IDS = ['999999999999999', '9999999999999999', '9007199254740993', '1'.repeat(5000), '00000000000000000001'];

/** Keys a path may carry: the fixture's, and everything a key is not. */
function keyArb(fixture: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant(fixture) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'post:0',
        'post:-1',
        'post:999999999999999',
        'post:1e3',
        'new:short',
        `new:${'x'.repeat(65)}`,
        'draft:1',
        'post%3A1',
        '',
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }).map(encodeURIComponent) },
  );
}

function idArb(fixture: number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant(String(fixture)) },
    { weight: 2, arbitrary: fc.constantFrom(...BAD_IDS, ...HUGE_IDS) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map(encodeURIComponent) },
  );
}

function bodyArb(valid: Json | undefined): fc.Arbitrary<Body> {
  const random = fc.jsonValue({ maxDepth: 3 }).map((v) => ({ text: JSON.stringify(v) }));
  const raw = fc.constantFrom(...RAW_BODIES).map((text) => ({ text }));
  if (valid === undefined) return fc.oneof(fc.constant({ text: undefined }), random, raw);
  const paths = valuePaths(valid);
  const field = fc.tuple(fc.constantFrom(...paths), extreme).map(([p, v]) => replaced(valid, p, v));
  // Unknown keys, some named like columns a client must not set; they are dropped or refused, whatever they hold.
  const extraKey = fc
    .tuple(
      fc.constantFrom('__proto__', 'constructor', 'id', 'usageCount', 'createdAt', 'status', 'executionCount'),
      extreme,
    )
    .map(([key, value]) => ({ ...replaced(valid, [key], value), absurd: false }));
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant({ text: JSON.stringify(valid) }) },
    { weight: 6, arbitrary: field },
    { weight: 1, arbitrary: extraKey },
    { weight: 1, arbitrary: random },
    { weight: 1, arbitrary: raw },
  );
}

function caseArb(key: string, route: WriteRoute, f: Fixtures): fc.Arbitrary<Case> {
  const [method, template] = key.split(' ') as [string, string];
  const body = bodyArb(route.valid?.(f));
  if (method === 'ALL') {
    // The catch-all: writes to paths no route has.
    const segment = fc.string({ unit: 'binary', maxLength: 40 }).map(encodeURIComponent);
    return fc
      .tuple(fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE'), segment, body)
      .map(([m, s, b]) => request(m, `/api/no-such-route/${s}`, b));
  }
  if (route.id) {
    const fixture = route.id(f);
    return fc.tuple(idArb(fixture), body).map(([id, b]) => request(method, template.replace(':id', id), b));
  }
  if (route.key) {
    const fixture = route.key(f);
    return fc.tuple(keyArb(fixture), body).map(([key, b]) => request(method, template.replace(':key', key), b));
  }
  return body.map((b) => request(method, template, b));
}

/** Cases every run sends: the valid body, and each of its fields in turn holding each absurd value. */
function examples(key: string, route: WriteRoute, f: Fixtures): Case[] {
  const valid = route.valid?.(f);
  if (valid === undefined) return [];
  const [method, template] = key.split(' ') as [string, string];
  const path = route.id
    ? template.replace(':id', String(route.id(f)))
    : route.key
      ? template.replace(':key', route.key(f))
      : template;
  return [
    request(method, path, { text: JSON.stringify(valid), note: 'the valid body' }),
    ...valuePaths(valid).flatMap((p) =>
      ABSURD.map((json) => request(method, path, replaced(valid, p, { json, absurd: true }))),
    ),
  ];
}

// ---- Bounds in the schemas -----------------------------------------------------------------------------------

/** The checks zod 4 keeps on a schema (`.max()`, `.int()`, …), by kind. */
function checkKinds(schema: z.ZodType): string[] {
  const checks = (schema._zod.def as { checks?: { _zod: { def: { check: string } } }[] }).checks ?? [];
  return checks.map((c) => c._zod.def.check);
}

/**
 * Where a schema lets a value through without a bound of its own: text without a maximum length, a number
 * without its own minimum and maximum (`.int()`'s ±2^53 is not one), a list without a maximum count, or
 * anything unknown. A pipe is bounded when either side is (the value must pass both).
 */
function unbounded(schema: z.ZodType, path: string): string[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const kinds = checkKinds(schema);
  const inner = (key: string) => def[key] as z.ZodType;
  switch (def.type) {
    case 'string':
      return kinds.includes('max_length') || kinds.includes('length_equals')
        ? []
        : [`${path}: text without a maximum length`];
    case 'number':
      return kinds.includes('less_than') && kinds.includes('greater_than')
        ? []
        : [`${path}: number without a minimum and maximum`];
    case 'array':
      return [
        ...(kinds.includes('max_length') ? [] : [`${path}: list without a maximum count`]),
        ...unbounded(inner('element'), `${path}[]`),
      ];
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const catchall = def.catchall as z.ZodType | undefined;
      return [
        ...Object.entries(shape).flatMap(([k, v]) => unbounded(v, `${path}.${k}`)),
        ...(catchall && catchall._zod.def.type !== 'never' ? unbounded(catchall, `${path}.*`) : []),
      ];
    }
    case 'union':
      return (def.options as z.ZodType[]).flatMap((o) => unbounded(o, path));
    case 'pipe': {
      const before = unbounded(inner('in'), path);
      return before.length === 0 || unbounded(inner('out'), path).length === 0 ? [] : before;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return unbounded(inner('innerType'), path);
    case 'boolean':
    case 'enum':
    case 'literal':
    case 'null':
    case 'undefined':
    case 'never':
      return [];
    default:
      // transform, unknown, any, custom, …: nothing bounds what passes.
      return [`${path}: ${def.type} (unbounded)`];
  }
}

// ---- State ---------------------------------------------------------------------------------------------------

/** Waits until the work a write set off (builds, change consumers, workflow runs) has finished. */
async function settle(t: T) {
  for (let i = 0; i < 2; i++) {
    await t.builder.idle();
    await t.changeFeed.idle();
    await t.ctx.operations.workflows.idle();
  }
}

/** Every row of every table, as text, by table. */
async function snapshot(t: T): Promise<Map<string, string>> {
  const tables = await t.db.$client.execute(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`);
  const names = tables.rows.map((r) => String(r.name));
  const results = await t.db.$client.batch(
    names.map((n) => `SELECT * FROM "${n}"`),
    'read',
  );
  const text = (v: unknown) => (v instanceof ArrayBuffer ? Buffer.from(v).toString('hex') : String(v));
  return new Map(
    names.map((n, i) => [
      n,
      results[i]!.rows.map((row) => Object.values(row).map(text).join('\u0001'))
        .sort()
        .join('\n'),
    ]),
  );
}

function changedTables(before: Map<string, string>, after: Map<string, string>, allowed: string[] = []): string[] {
  return [...after.keys()].filter((n) => !allowed.includes(n) && before.get(n) !== after.get(n));
}

/** The body as the API reads it (lib/http.ts readJson): empty is `{}`, malformed is refused before any schema. */
function asRead(text: string | undefined): { ok: true; value: unknown } | { ok: false } {
  if (text === undefined || text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

async function fixtures(t: T): Promise<Fixtures> {
  const { posts, scheduler, templates, operations, automation } = t.ctx;
  const post = await posts.create(PostInputSchema.parse(postBody({ title: 'A draft to edit and schedule' })));
  const queued = await posts.create(PostInputSchema.parse(postBody({ title: 'A draft already scheduled' })));
  const published = await posts.create(
    PostInputSchema.parse(postBody({ title: 'A published article', published: true })),
  );
  const correction = await t.ctx.corrections.create(
    published.id,
    { wrong: 'It said 40 GW.', right: 'It is 14 GW.' },
    'admin',
  );
  const schedule = await scheduler.schedule(
    SchedulePayloadSchema.parse({ postId: queued.id, publishDateTime: '2026-12-01T09:00' }),
  );
  const template = await templates.create(TemplateInputSchema.parse(TEMPLATE));
  const workflow = await operations.workflows.create(
    WorkflowFormSchema.parse({
      name: 'Tell the editor',
      trigger: 'manual',
      actions: [{ type: 'notify' }],
      enabled: true,
    }),
  );
  const notification = await operations.notifications.create({
    type: 'info',
    title: 'Fixture',
    message: 'To read and remove',
  });
  const previewLink = await t.ctx.previews.create(post.id, { amount: 7, unit: 'days' }, 'admin');
  const now = t.clock.now();
  const [message] = await t.db
    .insert(readerMessages)
    .values({ type: 'tip', subject: 'A tip to triage', body: 'Details', createdAt: now, updatedAt: now })
    .returning();
  const image = await t.ctx.media.upload(await solid(64, 48).jpeg().toBuffer(), 'fixture.jpg');
  await automation.topics.seedIfEmpty();
  await posts.update(post.id, { title: 'A draft edited once' });
  const [revision] = (await t.ctx.revisions.list(post.id, { limit: 1, offset: 0 })).items;
  await settle(t);
  return {
    revision: revision!.id,
    post: post.id,
    published: published.id,
    publishedSlug: published.slug,
    correction: correction.id,
    schedule: schedule.id,
    template: template.id,
    workflow: workflow.id,
    notification: notification.id,
    previewLink: previewLink.id,
    message: message!.id,
    media: image.id,
  };
}

const READER = {
  Cookie: '',
  'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36',
};

// ---- Tests ---------------------------------------------------------------------------------------------------

describe('write endpoints under random and extreme input', () => {
  it('has a generator for every write route the router has, and no generator for a route it lacks', () => {
    expect(
      ROUTES.filter((key) => !(key in WRITE_ROUTES)),
      'write routes without a generator',
    ).toEqual([]);
    expect(
      Object.keys(WRITE_ROUTES).filter((key) => !ROUTES.includes(key)),
      'generators for missing routes',
    ).toEqual([]);
  });

  it.each(ROUTES.filter((key) => key in WRITE_ROUTES))(
    '%s: never 500, 2xx only for a body its schema accepts, nothing written when refused',
    async (key) => {
      const route = WRITE_ROUTES[key]!;
      const f = await fixtures(t);
      const always = examples(key, route, f);
      let state = await snapshot(t);
      await fc.assert(
        fc.asyncProperty(caseArb(key, route, f), async (c) => {
          const res = await t.call(c.method, c.path, c.body.text, route.reader ? READER : {});
          await settle(t);
          expect(res.status, `${c.method} ${c.path} answered ${res.status}: ${short(res.text)}`).toBeLessThan(500);
          const after = await snapshot(t);
          if (res.status < 300) {
            expect(c.body.absurd ?? false, `${res.status} for a field beyond every bound`).toBe(false);
            if (route.schema) {
              const read = asRead(c.body.text);
              expect(
                read.ok && route.schema.safeParse(read.value).success,
                `${res.status} for a body the schema refuses`,
              ).toBe(true);
            }
          } else {
            expect(changedTables(state, after, route.mayRecord), `refused with ${res.status}, yet written`).toEqual([]);
          }
          state = after;
        }),
        {
          // fast-check counts the examples among the runs.
          numRuns: always.length + (route.runs ?? (route.schema ? BODY_RUNS : PATH_RUNS)),
          examples: always.map((c) => [c]),
          endOnFailure: true,
        },
      );
    },
  );
});

describe('write schemas bound every value', () => {
  it.each(Object.entries(WRITE_ROUTES).filter(([, r]) => r.schema))(
    '%s: every text, number and list has a bound',
    (_key, route) => {
      expect(unbounded(route.schema!, 'body')).toEqual([]);
    },
  );
});

describe('numbers are bounded', () => {
  it.each([['1e12'], ['1e308'], ['1e309'], ['601'], ['4.5']])(
    'a template with read time %s is refused with 400',
    async (readTime) => {
      const before = (await t.call('GET', '/api/templates')).json;
      const body = JSON.stringify({ ...TEMPLATE, readTime: 1 }).replace('"readTime":1', `"readTime":${readTime}`);
      const res = await t.call('POST', '/api/templates', body);
      expect(res.status).toBe(400);
      expect(res.json.issues[0].path).toBe('readTime');
      expect((await t.call('GET', '/api/templates')).json).toEqual(before);
    },
  );
});
