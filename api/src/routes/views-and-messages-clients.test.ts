/**
 * Who a reader is, for the beacon limiter and the message allowance, as a real server sees it: requests over a
 * socket to node:http (the front cache first, as server.ts serves), with X-Forwarded-For rotated on every request.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGE_LIMITS_PER_ADDRESS } from '../services/operations/messages.ts';
import { VIEW_LIMITS } from '../services/operations/views-limiter.ts';
import { ORIGIN, postBody, testApp } from '../test-utils.ts';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const BEACONS = 40;

let t: Awaited<ReturnType<typeof testApp>>;
let server: Server;
let base = '';
let slug = '';

/**
 * The application over node:http on 127.0.0.1 (the socket peer of every request below), with a published post. The
 * views are written inline: what is tested is who the limiter counts, not the writer thread.
 */
async function serve(trustProxy: string) {
  t = await testApp({ env: { TRUST_PROXY: trustProxy, VIEWS_WRITER: 'inline' } });
  await t.login();
  slug = (await t.call('POST', '/api/posts', postBody({ published: true }))).json.slug;
  t.logout();
  server = createServer(t.front.listener(getRequestListener(t.app.fetch)));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await new Promise((r) => server.close(r));
  await t.ctx.operations.messages.idle();
  await t.cleanup();
});

/** One beacon per request, each naming a different reader in X-Forwarded-For; their statuses, in order. */
async function rotatedBeacons(): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < BEACONS; i++) {
    const res = await fetch(`${base}/api/views`, {
      method: 'POST',
      headers: {
        Origin: ORIGIN,
        'Content-Type': 'text/plain;charset=UTF-8',
        'User-Agent': UA,
        'X-Forwarded-For': `198.51.100.${i + 1}`,
      },
      body: JSON.stringify({ slug, event: 'view' }),
    });
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  return statuses;
}

/** The views counted, once the writer has written them. */
async function viewsCounted(): Promise<number> {
  await t.ctx.operations.views.flush();
  await t.db.$replica?.catchUp(Date.now());
  const res = await t.db.$client.execute('SELECT coalesce(sum(views), 0) AS n FROM post_stats_daily');
  return Number(res.rows[0]!.n);
}

/**
 * Reader tips, each naming a different sender in X-Forwarded-For; their statuses, in order. The allowance is counted
 * before the bot checks (a refused message uses it up too), so what matters here is only which answers are 429.
 */
async function rotatedMessages(count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${base}/api/messages`, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${i + 1}` },
      body: JSON.stringify({
        type: 'tip',
        subject: `Tip ${i}`,
        tip: 'The permit was granted last week without a grid study.',
        source: '',
        contactInfo: '',
        anonymous: true,
        urgency: 'normal',
        website: '',
        elapsedMs: 12_000,
      }),
    });
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  return statuses;
}

describe('a client that reaches the server directly is one client, whatever X-Forwarded-For says', () => {
  // The trusted proxies are elsewhere (10.0.0.0/8); this socket's peer, 127.0.0.1, is not one of them.
  it('40 beacons with a new X-Forwarded-For each count as one reader, within one budget', async () => {
    await serve('10.0.0.0/8,::1');
    const statuses = await rotatedBeacons();
    expect(statuses.slice(0, VIEW_LIMITS.burst).every((s) => s === 204)).toBe(true);
    expect(statuses.slice(VIEW_LIMITS.burst).every((s) => s === 429)).toBe(true);
    expect(await viewsCounted()).toBe(1);
  });

  it('a new X-Forwarded-For on every message does not get past the allowance per address', async () => {
    await serve('10.0.0.0/8,::1');
    const { limit } = MESSAGE_LIMITS_PER_ADDRESS;
    const statuses = await rotatedMessages(limit + 2);
    expect(statuses.map((s) => s === 429)).toEqual([...Array<boolean>(limit).fill(false), true, true]);
  });
});

describe('behind a trusted proxy, each address it forwards for is its own client', () => {
  // Here the socket's peer (127.0.0.1) is the configured proxy, so the address it appended is believed.
  it('40 beacons from 40 forwarded addresses are 40 readers', async () => {
    await serve('loopback');
    expect(await rotatedBeacons()).toEqual(Array<number>(BEACONS).fill(204));
    expect(await viewsCounted()).toBe(BEACONS);
  });

  it('messages from forwarded addresses each have their own allowance', async () => {
    await serve('127.0.0.1');
    const { limit } = MESSAGE_LIMITS_PER_ADDRESS;
    const statuses = await rotatedMessages(limit + 2);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
  });
});
