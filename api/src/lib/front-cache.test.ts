import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD, ORIGIN, postBody, testApp } from '../test-utils.ts';

const LIST = '/api/posts?published=true&limit=20';

let t: Awaited<ReturnType<typeof testApp>>;
let server: Server;
let base = '';
/** Requests that reached the application (the rest were answered by the front cache). */
let reached = 0;

/** The application served over node:http as server.ts serves it: the front cache first. */
async function serve() {
  t = await testApp();
  const app = getRequestListener(t.app.fetch);
  reached = 0;
  server = createServer(
    t.front.listener((req, res) => {
      reached++;
      return app(req, res);
    }),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await new Promise((r) => server.close(r));
  await t.cleanup();
});

/** The answer as sent: status, headers without the per-response ones node adds, and the bytes undecoded. */
async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { headers: { 'Accept-Encoding': 'identity', ...headers } });
  const sent = Object.fromEntries([...res.headers].filter(([k]) => !['date', 'connection', 'keep-alive'].includes(k)));
  const text = res.headers.get('content-encoding') ? '' : await res.text();
  if (!text) await res.arrayBuffer();
  return { status: res.status, headers: sent, text };
}

describe('the front cache', () => {
  it("sends a reader's repeated list or article exactly as the application did, without reaching it", async () => {
    await serve();
    await t.login();
    const created = await t.call('POST', '/api/posts', postBody({ title: 'Front story', published: true }));
    const article = `/api/posts/slug/${created.json.slug}`;
    for (const path of [LIST, article]) {
      const first = await get(path);
      const before = reached;
      const again = await get(path);
      expect(reached).toBe(before); // answered in front
      expect(again).toEqual(first);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      expect(first.headers['content-security-policy']).toContain("default-src 'none'");
    }
    // Each encoding is its own answer: brotli asked for the first time reaches the application, then not.
    const br = await fetch(`${base}${LIST}`, { headers: { 'Accept-Encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const afterBr = reached;
    const brAgain = await fetch(`${base}${LIST}`, { headers: { 'Accept-Encoding': 'br' } });
    expect(brAgain.headers.get('content-encoding')).toBe('br');
    expect(await brAgain.text()).toBe(await br.text());
    expect(reached).toBe(afterBr);
    // A reader's own cookie (not a session) is still a reader.
    await get(LIST, { Cookie: 'theme=dark' });
    expect(reached).toBe(afterBr);
  });

  it('lets a publish, an edit and an unpublish show at once', async () => {
    await serve();
    await t.login();
    const a = await t.call('POST', '/api/posts', postBody({ title: 'First front story', published: true }));
    await get(LIST);
    expect(JSON.parse((await get(LIST)).text).map((p: { title: string }) => p.title)).toEqual(['First front story']);
    await t.call('POST', '/api/posts', postBody({ title: 'Second front story', published: true }));
    expect(JSON.parse((await get(LIST)).text).map((p: { title: string }) => p.title)).toEqual([
      'Second front story',
      'First front story',
    ]);
    const article = `/api/posts/slug/${a.json.slug}`;
    await get(article);
    await get(article);
    await t.call('PUT', `/api/posts/${a.json.id}`, { title: 'First front story, corrected' });
    expect(JSON.parse((await get(article)).text).title).toBe('First front story, corrected');
    await t.call('PUT', `/api/posts/${a.json.id}`, { published: false });
    expect((await get(article)).status).toBe(404);
    expect(JSON.parse((await get(LIST)).text).map((p: { title: string }) => p.title)).toEqual(['Second front story']);
  });

  it("never holds the editor's answers, and leaves sessions, read-your-writes and conditional requests to the application", async () => {
    await serve();
    await t.login();
    await t.call('POST', '/api/posts', postBody({ title: 'Published one', published: true }));
    await t.call('POST', '/api/posts', postBody({ title: 'Secret draft', published: false }));
    // The editor signs in over HTTP and reads every post, drafts included, at the URL a reader may ask for.
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    const session = /session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0];
    const all = '/api/posts?limit=20';
    for (let i = 0; i < 2; i++) {
      const editor = await get(all, { Cookie: session });
      expect(editor.text).toContain('Secret draft');
      expect(editor.headers['cache-control']).toBe('private, no-store');
    }
    const reader = await get(all);
    expect(reader.text).not.toContain('Secret draft');
    expect(reader.text).toContain('Published one');
    // Held for readers now; a session, a read-your-writes cookie and a conditional request still reach the application.
    const held = await get(all);
    const before = reached;
    expect(held).toEqual(reader);
    await get(all, { Cookie: `theme=dark; ${session}` });
    await get(all, { Cookie: 'wrote=1' });
    const conditional = await get(all, { 'If-None-Match': held.headers.etag! });
    expect(conditional.status).toBe(304);
    expect(reached).toBe(before + 3);
  });

  it("counts a reader's beacons in front, answers them as the application does, and leaves every refusal to it", async () => {
    await serve();
    await t.login();
    const post = await t.call('POST', '/api/posts', postBody({ title: 'Counted story', published: true }));
    const slug = post.json.slug as string;
    const beacon = async (body: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}/api/views`, {
        method: 'POST',
        headers: {
          Origin: ORIGIN,
          'Content-Type': 'text/plain;charset=UTF-8',
          'User-Agent': 'Mozilla/5.0 Chrome/140.0',
          ...headers,
        },
        body,
      });
      const sent = Object.fromEntries(
        [...res.headers].filter(([k]) => !['date', 'connection', 'keep-alive'].includes(k)),
      );
      return { status: res.status, headers: sent, json: res.status === 204 ? null : await res.json() };
    };
    const counted = () => t.ctx.operations.views.totals().counted;

    const first = await beacon(JSON.stringify({ slug, event: 'view', referrer: '' }));
    expect(first.status).toBe(204);
    expect(counted()).toBe(1);
    const before = reached;
    // Answered in front from now on, with the application's headers, and counted by the same service.
    const share = await beacon(JSON.stringify({ slug, event: 'share' }));
    expect(share).toEqual(first);
    expect(counted()).toBe(2);
    // A repeat is answered alike and not counted; Do-Not-Track is not even read.
    expect((await beacon(JSON.stringify({ slug, event: 'share' }))).status).toBe(204);
    expect((await beacon(JSON.stringify({ slug, event: 'view', referrer: '' }), { DNT: '1' })).status).toBe(204);
    expect(counted()).toBe(2);
    expect(reached).toBe(before);

    // Refusals are the application's own answers (the front hands over the body it read).
    const malformed = await beacon('{"slug":');
    expect(malformed.status).toBe(400);
    expect(malformed.json).toEqual({ error: 'Request body must be valid JSON' });
    const invalid = await beacon(JSON.stringify({ event: 'view' }));
    expect(invalid.status).toBe(400);
    expect(invalid.json.issues[0].path).toBe('slug');
    expect(reached).toBe(before); // read in front, answered by the application's fetch
    // A foreign origin goes straight to the application.
    expect(
      (await beacon(JSON.stringify({ slug, event: 'leave', completion: 80 }), { Origin: 'https://evil.example' }))
        .status,
    ).toBe(403);
    expect(reached).toBe(before + 1);
    expect(counted()).toBe(2);
  });
});

/** A raw POST with a Host of the caller's choosing (fetch would not send one): status, body and the bytes read. */
function rawPost(path: string, host: string, body: string): Promise<{ status: number; text: string }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          Host: host,
          Origin: ORIGIN,
          'Content-Type': 'text/plain;charset=UTF-8',
          'Content-Length': Buffer.byteLength(body),
          'User-Agent': 'Mozilla/5.0 Chrome/140.0',
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe("the front cache's hand-off of a beacon it read", () => {
  /** A server whose front answers beacons (the application has answered one), and that post's slug. */
  async function servingBeacons(): Promise<string> {
    await serve();
    await t.login();
    const post = await t.call('POST', '/api/posts', postBody({ title: 'Handed story', published: true }));
    const slug = post.json.slug as string;
    const first = await rawPost('/api/views', new URL(base).host, JSON.stringify({ slug, event: 'view' }));
    expect(first.status).toBe(204);
    return slug;
  }
  const storedMessages = async () =>
    Number((await t.db.$client.execute('select count(*) as n from reader_messages')).rows[0]!.n);

  it('never routes by the Host header: a message smuggled in a beacon is refused as a beacon and not stored', async () => {
    await servingBeacons();
    const message = JSON.stringify({
      type: 'contact',
      name: 'Host smuggler',
      email: 'smuggler@example.com',
      subject: 'Through the beacon',
      message: 'Stored through a forged Host header.',
      // A genuine stamp: sent to /api/messages, this message would be stored.
      stamp: await t.stamp('contact'),
    });
    const answer = await rawPost('/api/views', `${new URL(base).host}/api/messages?`, message);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).issues[0].path).toBe('slug');
    expect(await storedMessages()).toBe(0);
  });

  it('never reaches another route (logout) through the Host header', async () => {
    await servingBeacons();
    const answer = await rawPost('/api/views', `${new URL(base).host}/api/auth/logout?`, '{}');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).issues[0].path).toBe('slug');
  });

  it("answers a malformed Host and bad JSON with the application's 400, never a 500", async () => {
    await servingBeacons();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const answer = await rawPost('/api/views', 'bad host', '{"slug":');
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toEqual({ error: 'Request body must be valid JSON' });
      // No unexpected error behind the answer (another test's app may still log its own background reads here).
      expect(logged.mock.calls.filter(([first]) => String(first).startsWith('[api]'))).toEqual([]);
    } finally {
      logged.mockRestore();
    }
  });
});

describe("the front cache's encodings", () => {
  it('honours q-values: a client that refuses brotli and gzip gets identity, from the application and in front', async () => {
    await serve();
    await t.login();
    await t.call('POST', '/api/posts', postBody({ title: 'Negotiated story', published: true }));
    // Held first for a client that accepts brotli: the refusing client must not be sent those bytes.
    await get(LIST, { 'Accept-Encoding': 'br, gzip' });
    await get(LIST, { 'Accept-Encoding': 'br, gzip' });
    const refusing = { 'Accept-Encoding': 'br;q=0, gzip;q=0, identity' };
    for (let i = 0; i < 2; i++) {
      const answer = await get(LIST, refusing);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(answer.text)[0].title).toBe('Negotiated story');
    }
    const gzipOnly = await fetch(`${base}${LIST}`, { headers: { 'Accept-Encoding': 'br;q=0, gzip' } });
    expect(gzipOnly.headers.get('content-encoding')).toBe('gzip');
  });
});
