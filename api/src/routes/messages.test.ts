import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MESSAGE_NOT_ACCEPTED,
  MIN_FILL_MS,
  MessageDetailSchema,
  MessageListSchema,
  type MessageType,
} from 'content-schema/messages';
import { openDb } from '../db/client.ts';
import { MESSAGE_LIMITS_PER_ADDRESS } from '../services/operations/messages.ts';
import { CONTACT_MESSAGE, ORIGIN, postBody, testApp } from '../test-utils.ts';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
const others: T[] = [];
afterEach(async () => {
  await t.ctx.operations.messages.idle();
  for (const o of others.splice(0)) await o.cleanup();
  await t.cleanup();
});

const contact = (over: Record<string, unknown> = {}) => ({ ...CONTACT_MESSAGE, ...over });
const tip = (over: Record<string, unknown> = {}) => ({
  type: 'tip',
  subject: 'Data centre permit',
  tip: 'The permit was granted last week without a grid study.',
  source: 'Municipal minutes, 12 May',
  contactInfo: 'signal: @someone',
  anonymous: false,
  urgency: 'high',
  website: '',
  ...over,
});
const correction = (over: Record<string, unknown> = {}) => ({
  type: 'correction',
  articleUrl: `${ORIGIN}/post/grid-queues-are-the-real-bottleneck`,
  correction: 'The second paragraph says 2023; the report is from 2024.',
  source: 'https://example.org/report-2024',
  contactInfo: '',
  website: '',
  ...over,
});

/**
 * A reader: no session, from the given address (behind one trusted proxy). A message body without a `stamp` key is
 * sent with the stamp its form's page was served with, long enough ago; `stamp: undefined` sends none.
 */
async function send(body: unknown, ip = '203.0.113.10', app: T = t) {
  const form = typeof body === 'object' && body !== null && !('stamp' in body) ? (body as { type?: unknown }) : null;
  const stamped =
    form && typeof form.type === 'string' && ['contact', 'tip', 'correction'].includes(form.type)
      ? { ...form, stamp: await app.stamp(form.type as MessageType) }
      : body;
  return app.call('POST', '/api/messages', stamped, { 'X-Forwarded-For': ip, Cookie: undefined as unknown as string });
}

async function stored(): Promise<number> {
  const res = await t.db.$client.execute('SELECT count(*) AS n FROM reader_messages');
  return Number(res.rows[0]!.n);
}

async function inbox(query = '') {
  await t.login();
  const res = await t.call('GET', `/api/messages${query}`);
  expect(res.status).toBe(200);
  return MessageListSchema.parse(res.json);
}

describe('POST /api/messages (anonymous)', () => {
  it('stores each form and the Inbox lists them, newest first, with the unread count', async () => {
    t = await testApp({ env: { TRUST_PROXY: '1' } });
    await t.login();
    const post = (await t.call('POST', '/api/posts', postBody({ published: true }))).json;
    t.logout();
    for (const body of [contact(), tip(), correction()]) {
      const res = await send(body);
      expect(res.status, res.text).toBe(201);
      expect(res.json).toMatchObject({ ok: true, id: expect.any(Number) });
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    const list = await inbox();
    expect(list.unread).toBe(3);
    expect(list.items.map((m) => [m.type, m.status, m.read, m.from])).toEqual([
      ['correction', 'new', false, null],
      ['tip', 'new', false, 'signal: @someone'],
      ['contact', 'new', false, 'Ada Reader'],
    ]);
    const [c, tp, ct] = list.items;
    const detail = MessageDetailSchema.parse((await t.call('GET', `/api/messages/${c!.id}`)).json);
    // A correction names its article: the published post, by slug and id.
    expect(detail).toMatchObject({
      type: 'correction',
      postId: post.id,
      postSlug: post.slug,
      articleUrl: `${ORIGIN}/post/${post.slug}`,
      body: 'The second paragraph says 2023; the report is from 2024.',
      source: 'https://example.org/report-2024',
      contactInfo: null,
      notes: '',
    });
    expect((await t.call('GET', `/api/messages/${tp!.id}`)).json).toMatchObject({
      urgency: 'high',
      contactInfo: 'signal: @someone',
      anonymous: false,
      subject: 'Data centre permit',
    });
    expect((await t.call('GET', `/api/messages/${ct!.id}`)).json).toMatchObject({
      topic: 'press',
      name: 'Ada Reader',
      email: 'ada@example.org',
      subject: 'Interview request',
      body: 'Could we talk about your grid coverage?',
    });
    // Filters.
    expect((await inbox('?type=tip')).items.map((m) => m.id)).toEqual([tp!.id]);
    expect((await inbox('?status=closed')).items).toEqual([]);
    expect((await t.call('GET', '/api/messages?status=spam')).status).toBe(400);
    // No address, user agent or cookie is stored with a message.
    const columns = await t.db.$client.execute('SELECT * FROM reader_messages');
    expect(JSON.stringify(columns.rows)).not.toContain('203.0.113.10');
  });

  it('a correction for an unknown or draft article is stored without a post', async () => {
    t = await testApp();
    await t.login();
    const draft = (await t.call('POST', '/api/posts', postBody({ title: 'Draft only' }))).json;
    t.logout();
    expect((await send(correction({ articleUrl: `/post/${draft.slug}` }))).status).toBe(201);
    expect((await send(correction({ articleUrl: 'somewhere else entirely' }))).status).toBe(201);
    const items = (await inbox()).items;
    for (const m of items) {
      const d = (await t.call('GET', `/api/messages/${m.id}`)).json;
      expect(d).toMatchObject({ postId: null, postSlug: null });
    }
  });

  it('an anonymous tip stores no contact, whatever was sent', async () => {
    t = await testApp();
    expect((await send(tip({ anonymous: true, contactInfo: 'me@example.org' }))).status).toBe(201);
    const [m] = (await inbox()).items;
    expect(m!.from).toBeNull();
    expect((await t.call('GET', `/api/messages/${m!.id}`)).json).toMatchObject({
      anonymous: true,
      contactInfo: null,
      name: null,
      email: null,
    });
    const raw = await t.db.$client.execute('SELECT * FROM reader_messages');
    expect(JSON.stringify(raw.rows)).not.toContain('me@example.org');
  });

  it.each([
    ['the hidden field filled', async () => ({ website: 'http://spam.example' })],
    ['sent too fast', async () => ({ stamp: await t.stamp('contact', MIN_FILL_MS - 1) })],
    ['sent instantly', async () => ({ stamp: await t.stamp('contact', 0) })],
    ['no stamp', async () => ({ stamp: undefined })],
  ])('refuses a submission with %s, with one message for every check, storing nothing', async (_what, over) => {
    t = await testApp();
    const res = await send(contact(await over()));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: MESSAGE_NOT_ACCEPTED });
    expect(await stored()).toBe(0);
    expect((await t.call('GET', '/api/notifications', undefined, {})).status).toBe(401);
    await t.login();
    expect((await t.call('GET', '/api/notifications')).json).toEqual([]);
    // A person who waited a little more gets through.
    t.logout();
    expect((await send(contact({ stamp: await t.stamp('contact', MIN_FILL_MS) }))).status).toBe(201);
  });

  it.each([
    [contact({ message: 'x'.repeat(10_001) }), 'Message must be at most 10,000 characters', 'message'],
    [contact({ subject: 's'.repeat(201) }), 'Subject must be at most 200 characters', 'subject'],
    [contact({ email: 'not-an-email' }), 'Enter a valid email address', 'email'],
    [contact({ name: '   ' }), 'Full name is required', 'name'],
    [tip({ tip: '' }), 'Detailed information is required', 'tip'],
    [tip({ source: 'x'.repeat(5001) }), 'Sources & evidence must be at most 5,000 characters', 'source'],
    [correction({ articleUrl: 'u'.repeat(501) }), 'Article URL must be at most 500 characters', 'articleUrl'],
    [
      correction({ correction: 'c'.repeat(10_001) }),
      'Correction details must be at most 10,000 characters',
      'correction',
    ],
    [{ ...contact(), type: 'newsletter' }, 'Unknown form', 'type'],
    [{ ...contact(), stamp: 42 }, 'Invalid form', 'stamp'],
  ])('refuses a body beyond the bounds with the schema message (%#)', async (body, message, path) => {
    t = await testApp();
    const res = await send(body);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
    expect(res.json.issues[0].path).toBe(path);
    expect(await stored()).toBe(0);
  });

  it('refuses malformed and oversized bodies without a 500', async () => {
    t = await testApp();
    expect((await send('{not json')).status).toBe(400);
    expect((await send('[]')).status).toBe(400);
    expect((await send(JSON.stringify({ ...contact(), message: 'y'.repeat(1_100_000) }))).status).toBe(413);
    expect(await stored()).toBe(0);
  });

  it('refuses a post from another origin (the forms post from the site itself)', async () => {
    t = await testApp();
    expect((await t.call('POST', '/api/messages', contact(), { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await t.call('POST', '/api/messages', contact(), { Origin: undefined as unknown as string })).status).toBe(
      403,
    );
    expect(
      (
        await t.call('POST', '/api/messages', contact({ stamp: await t.stamp('contact') }), {
          Origin: undefined as unknown as string,
          'Sec-Fetch-Site': 'same-origin',
        })
      ).status,
    ).toBe(201);
    expect(await stored()).toBe(1);
  });
});

describe('limits per address, shared by every instance', () => {
  it('answers 429 with Retry-After past the allowance, counted across two instances; other addresses go on', async () => {
    t = await testApp({ env: { TRUST_PROXY: '1' } });
    const other = await testApp({ db: await openDb(t.url), url: t.url, dir: t.dir, env: { TRUST_PROXY: '1' } });
    others.push(other);
    const { limit, windowMs } = MESSAGE_LIMITS_PER_ADDRESS;
    for (let i = 0; i < limit; i++) expect((await send(tip(), '198.51.100.7', i % 2 ? other : t)).status).toBe(201);
    for (const app of [t, other]) {
      const refused = await send(tip(), '198.51.100.7', app);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(windowMs / 1000);
      expect(refused.json.error).toMatch(
        /^Too many messages from your connection\. Please try again in \d+ minutes?; your text is still in the form\.$/,
      );
    }
    expect(await stored()).toBe(limit);
    // Someone else is not affected.
    expect((await send(tip(), '198.51.100.8')).status).toBe(201);
    // Bot-check refusals count too, so a script cannot probe forever.
    // The window ends: the address may send again.
    t.clock.advance(windowMs + 1000);
    expect((await send(tip(), '198.51.100.7')).status).toBe(201);
    // Only a hash of the address is kept, never the address.
    const limits = await t.db.$client.execute('SELECT key FROM rate_limits');
    expect(JSON.stringify(limits.rows)).not.toContain('198.51.100');
  });

  it('takes its allowance from MESSAGES_PER_ADDRESS', async () => {
    t = await testApp({ env: { TRUST_PROXY: '1', MESSAGES_PER_ADDRESS: '2' } });
    for (let i = 0; i < 2; i++) expect((await send(tip(), '198.51.100.9')).status).toBe(201);
    expect((await send(tip(), '198.51.100.9')).status).toBe(429);
  });

  it('bot-check refusals use up the allowance too', async () => {
    t = await testApp({ env: { TRUST_PROXY: '1' } });
    const young = await t.stamp('tip', 5);
    for (let i = 0; i < MESSAGE_LIMITS_PER_ADDRESS.limit; i++)
      expect((await send(tip({ stamp: young }))).status).toBe(400);
    expect((await send(tip())).status).toBe(429);
    expect(await stored()).toBe(0);
  });
});

describe('the Inbox (signed in)', () => {
  it('refuses every admin endpoint to anonymous callers', async () => {
    t = await testApp();
    expect((await send(contact())).status).toBe(201);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/messages'],
      ['GET', '/api/messages/unread-count'],
      ['GET', '/api/messages/1'],
      ['PUT', '/api/messages/1', { status: 'closed' }],
      ['DELETE', '/api/messages/1'],
      ['GET', '/api/messages/settings'],
      ['PUT', '/api/messages/settings', { retentionDays: 1 }],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    await t.login();
    expect((await t.call('GET', '/api/messages/1')).json).toMatchObject({ status: 'new', read: false });
    expect((await t.call('GET', '/api/messages/settings')).json).toEqual({ retentionDays: 365 });
  });

  it('changes status, notes and read; unknown ids are 404; bad input is 400', async () => {
    t = await testApp();
    const { id } = (await send(correction())).json;
    await t.login();
    expect((await t.call('GET', '/api/messages/unread-count')).json).toEqual({ unread: 1 });
    const read = await t.call('PUT', `/api/messages/${id}`, { read: true });
    expect(read.json).toMatchObject({ read: true, status: 'new' });
    expect((await t.call('GET', '/api/messages/unread-count')).json).toEqual({ unread: 0 });
    t.clock.advance(60_000);
    const res = await t.call('PUT', `/api/messages/${id}`, {
      status: 'in_progress',
      notes: 'Checked the 2024 report.',
    });
    expect(res.json).toMatchObject({
      status: 'in_progress',
      notes: 'Checked the 2024 report.',
      updatedAt: '2026-06-01T10:01:00.000Z',
    });
    expect((await t.call('PUT', `/api/messages/${id}`, { status: 'spam' })).json.error).toBe('Unknown status');
    expect((await t.call('PUT', `/api/messages/${id}`, {})).json.error).toBe('Nothing to update');
    expect((await t.call('PUT', `/api/messages/${id}`, { notes: 'n'.repeat(10_001) })).status).toBe(400);
    expect((await t.call('PUT', '/api/messages/999', { status: 'closed' })).status).toBe(404);
    expect((await t.call('GET', '/api/messages/999')).status).toBe(404);
    expect((await t.call('GET', '/api/messages/abc')).status).toBe(404);
    expect((await t.call('DELETE', `/api/messages/${id}`)).status).toBe(200);
    expect((await t.call('DELETE', `/api/messages/${id}`)).status).toBe(404);
  });

  it('a new message raises one grouped notification pointing at it', async () => {
    t = await testApp();
    const first = (await send(contact())).json;
    const second = (await send(tip())).json;
    await t.login();
    const list = (await t.call('GET', '/api/notifications')).json as {
      title: string;
      count: number;
      message: string;
      actionUrl: string;
    }[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      title: 'New Reader Message',
      count: 2,
      message: 'News tip: “Data centre permit”',
      actionUrl: `/admin/inbox/${second.id}`,
    });
    expect(first.id).toBeLessThan(second.id);
  });
});

describe('retention', () => {
  it('deletes messages older than the retention setting, keeps recent ones; the setting is shared by instances', async () => {
    t = await testApp();
    const old = (await send(contact({ subject: 'Old' }))).json;
    t.clock.advance(20 * 86_400_000);
    const recent = (await send(contact({ subject: 'Recent' }))).json;
    t.clock.advance(11 * 86_400_000); // old is 31 days old, recent 11
    await t.login();
    expect((await t.call('PUT', '/api/messages/settings', { retentionDays: 0 })).json.error).toBe(
      'Retention must be at least 1 day',
    );
    expect((await t.call('PUT', '/api/messages/settings', { retentionDays: 3651 })).status).toBe(400);
    // With the default (365 days) nothing goes.
    expect(await t.ctx.operations.messages.purge()).toMatchObject({ messages: 0 });
    expect((await t.call('PUT', '/api/messages/settings', { retentionDays: 30 })).json).toEqual({ retentionDays: 30 });
    const other = await testApp({ db: await openDb(t.url), url: t.url, dir: t.dir });
    others.push(other);
    other.clock.set(t.clock.now());
    expect(await other.ctx.operations.messages.settings()).toEqual({ retentionDays: 30 });
    // The other instance's job applies the setting stored by this one.
    expect(await other.ctx.operations.messages.purge()).toMatchObject({ messages: 1 });
    // (On an embedded replica, this instance reads the other's delete within its sync interval.)
    await vi.waitFor(async () => expect((await t.call('GET', `/api/messages/${old.id}`)).status).toBe(404), {
      timeout: 5000,
    });
    expect((await t.call('GET', `/api/messages/${recent.id}`)).status).toBe(200);
  });

  it('the job also drops rate-limit counters whose window is long over', async () => {
    t = await testApp();
    await send(contact());
    const count = async () => Number((await t.db.$client.execute('SELECT count(*) AS n FROM rate_limits')).rows[0]!.n);
    expect(await count()).toBe(2); // the address's and everyone's
    t.clock.advance(3 * 60 * 60_000);
    expect(await t.ctx.operations.messages.purge()).toMatchObject({ limits: 2 });
    expect(await count()).toBe(0);
  });
});

/** Just enough SMTP (RFC 5321) for nodemailer: greeting, EHLO, MAIL, RCPT, DATA, QUIT. `refuse` fails the DATA. */
function smtpServer(
  opts: { refuse?: boolean; echoAuth?: boolean } = {},
): Promise<{ server: Server; port: number; mails: { from: string; to: string[]; data: string }[] }> {
  const mails: { from: string; to: string[]; data: string }[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let mail = { from: '', to: [] as string[], data: '' };
    socket.write('220 test.smtp ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            if (opts.refuse) socket.write('554 5.7.1 Message refused\r\n');
            else {
              mails.push(mail);
              socket.write('250 2.0.0 Queued\r\n');
            }
            mail = { from: '', to: [], data: '' };
          } else mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO')
          socket.write(`250-test.smtp\r\n${opts.echoAuth ? '250-AUTH PLAIN\r\n' : ''}250 8BITMIME\r\n`);
        // A careless server that repeats the credentials it refused, so the log line carries them unless redacted.
        else if (cmd === 'AUTH') {
          const plain = Buffer.from(line.split(' ')[2] ?? '', 'base64')
            .toString('utf8')
            .split('\0')
            .join(' ');
          socket.write(`535 5.7.8 Authentication failed for${plain}\r\n`);
        } else if (cmd === 'HELO') socket.write('250 test.smtp\r\n');
        else if (cmd === 'MAIL') {
          mail.from = line;
          socket.write('250 OK\r\n');
        } else if (cmd === 'RCPT') {
          mail.to.push(line);
          socket.write('250 OK\r\n');
        } else if (cmd === 'DATA') {
          inData = true;
          socket.write('354 End with <CRLF>.<CRLF>\r\n');
        } else if (cmd === 'QUIT') {
          socket.end('221 Bye\r\n');
        } else if (cmd === 'RSET' || cmd === 'NOOP') socket.write('250 OK\r\n');
        else socket.write('502 Not implemented\r\n');
      }
    });
    socket.on('error', () => {});
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, mails });
    }),
  );
}

describe('forwarding by email (SMTP_URL, MESSAGES_FORWARD_TO)', () => {
  it('forwards each stored message to the configured address, after the reader has the answer', async () => {
    const smtp = await smtpServer();
    try {
      t = await testApp({
        env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MESSAGES_FORWARD_TO: 'desk@northwire.example' },
      });
      const res = await send(contact({ subject: 'Interview\r\nBcc: victim@example.org' }));
      expect(res.status).toBe(201);
      await t.ctx.operations.messages.idle();
      expect(smtp.mails).toHaveLength(1);
      const mail = smtp.mails[0]!;
      expect(mail.to).toEqual(['RCPT TO:<desk@northwire.example>']);
      expect(mail.from).toBe('MAIL FROM:<no-reply@127.0.0.1>');
      // A line break in the reader's subject cannot add a header.
      const headers = mail.data.slice(0, mail.data.indexOf('\n\n'));
      expect(headers).toContain('Subject: [Contact] Interview Bcc: victim@example.org');
      expect(headers).not.toMatch(/^Bcc:/m);
      expect(headers).toContain('Reply-To: ada@example.org');
      expect(mail.data).toContain('Could we talk about your grid coverage?');
      expect(mail.data).toContain(`Open it in the Inbox: ${ORIGIN}/admin/inbox/${res.json.id}`);
      // Refused messages are not forwarded.
      await send(contact({ website: 'x' }));
      await t.ctx.operations.messages.idle();
      expect(smtp.mails).toHaveLength(1);
    } finally {
      smtp.server.close();
    }
  });

  it('an anonymous tip is forwarded without contact; a failing server never fails the reader nor logs the password', async () => {
    const smtp = await smtpServer({ refuse: true });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      t = await testApp({
        env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MESSAGES_FORWARD_TO: 'desk@northwire.example' },
      });
      expect((await send(tip({ anonymous: true }))).status).toBe(201);
      await t.ctx.operations.messages.idle();
      expect(errors).toHaveBeenCalledWith(
        expect.stringContaining('[messages] forwarding message'),
        expect.stringContaining('Message refused'),
      );
      expect(await stored()).toBe(1);
    } finally {
      errors.mockRestore();
      smtp.server.close();
    }
  });

  it('never logs the SMTP credentials', async () => {
    const smtp = await smtpServer({ echoAuth: true });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      t = await testApp({
        env: {
          SMTP_URL: `smtp://mailer:S3cretPassw0rd@127.0.0.1:${smtp.port}`,
          MESSAGES_FORWARD_TO: 'desk@northwire.example',
        },
      });
      expect((await send(contact())).status).toBe(201);
      await t.ctx.operations.messages.idle();
      expect(errors).toHaveBeenCalledWith(
        expect.stringContaining('[messages] forwarding message'),
        expect.stringContaining('Authentication failed'),
      );
      expect(JSON.stringify(errors.mock.calls)).not.toContain('S3cretPassw0rd');
      expect(JSON.stringify(errors.mock.calls)).not.toContain('mailer');
      expect(smtp.mails).toHaveLength(0);
    } finally {
      errors.mockRestore();
      smtp.server.close();
    }
  });
});
