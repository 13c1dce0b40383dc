/**
 * The reader forms posted without JavaScript: the same fields as a form, the same schema and checks as
 * the JSON the islands send, and answers a browser can show: 303 to the confirmation page, or a page of refusal.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FORM_NOT_STAMPED,
  formStampPlaceholder,
  MESSAGE_NOT_ACCEPTED,
  MESSAGE_SENT_PAGES,
  MIN_FILL_MS,
  STAMP_MAX_AGE_MS,
  type MessageType,
} from 'content-schema/messages';
import { SITE_NAME } from 'content-schema/site';
import { FORM_PAGE_CSP } from '../lib/form-post.ts';
import { MESSAGE_LIMITS_PER_ADDRESS } from '../services/operations/messages.ts';
import { CONTACT_MESSAGE, ORIGIN, testApp } from '../test-utils.ts';

let t: Awaited<ReturnType<typeof testApp>>;
afterEach(async () => {
  await t.ctx.operations.messages.idle();
  await t.cleanup();
});

/** What each form's page posts (its `name` attributes), before the reader's own values. */
const FORMS: Record<MessageType, Record<string, string>> = {
  contact: { ...CONTACT_MESSAGE },
  tip: {
    type: 'tip',
    subject: 'Data centre permit',
    urgency: 'urgent',
    tip: 'The permit was granted last week without a grid study.',
    source: '',
    contactInfo: 'signal: @someone',
    website: '',
  },
  correction: {
    type: 'correction',
    articleUrl: `${ORIGIN}/post/grid-queues`,
    correction: 'The second paragraph says 2023; the report is from 2024.',
    source: '',
    contactInfo: '',
    website: '',
  },
};

const PAGES: Record<MessageType, string> = { contact: '/contact', tip: '/tip', correction: '/corrections' };

/**
 * A browser posting a form from the site's page (Origin and Referer as browsers send them; no session), with the
 * stamp the page was served with long enough ago.
 */
async function post(type: MessageType, over: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const stamp = await t.stamp(type);
  return t.call('POST', '/api/messages', new URLSearchParams({ ...FORMS[type], stamp, ...over }), {
    Referer: `${ORIGIN}${PAGES[type]}`,
    'X-Forwarded-For': '203.0.113.20',
    ...headers,
  });
}

/** The stamp with one character of its signature changed: its first, or (`at: -1`) its last. */
function forged(stamp: string, at: 0 | -1 = 0): string {
  const [time, signature] = stamp.split('.') as [string, string];
  const i = at === 0 ? 0 : signature.length - 1;
  const other = signature[i] === 'A' ? 'B' : 'A';
  return `${time}.${signature.slice(0, i)}${other}${signature.slice(i + 1)}`;
}

/** The stamp's signature in another spelling of the same bytes (the last character's two unused bits set). */
function respelled(stamp: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const last = alphabet.indexOf(stamp.at(-1)!);
  return `${stamp.slice(0, -1)}${alphabet[last ^ 1]}`;
}

/** The stamp claiming its page was served a minute earlier, under the signature of the real time. */
function backdated(stamp: string): string {
  const [at, signature] = stamp.split('.');
  return `${Number(at) - 60_000}.${signature}`;
}

async function stored(): Promise<Record<string, unknown>[]> {
  const res = await t.db.$client.execute('SELECT * FROM reader_messages ORDER BY id');
  return res.rows as unknown as Record<string, unknown>[];
}

/** The list items of a refusal page. */
const listed = (html: string) => [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]);

describe('POST /api/messages as a form (no JavaScript)', () => {
  it.each(['contact', 'tip', 'correction'] as const)(
    'stores a %s form and sends the browser on to its confirmation page',
    async (type) => {
      t = await testApp();
      const res = await post(type);
      expect(res.status, res.text).toBe(303);
      expect(res.headers.get('Location')).toBe(MESSAGE_SENT_PAGES[type]);
      expect(res.text).toBe('');
      expect(res.headers.get('set-cookie')).toBeNull();
      const rows = await stored();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ type, status: 'new' });
    },
  );

  it('stores the fields as the JSON path does: the select, the urgency, empty optional text as nothing', async () => {
    t = await testApp();
    await post('contact');
    await post('tip', { source: 'Municipal minutes' });
    const [contact, tip] = await stored();
    expect(contact).toMatchObject({
      topic: 'press',
      name: 'Ada Reader',
      email: 'ada@example.org',
      body: 'Could we talk about your grid coverage?',
    });
    expect(tip).toMatchObject({
      urgency: 'urgent',
      anonymous: 0,
      contact_info: 'signal: @someone',
      source: 'Municipal minutes',
    });
  });

  it('a ticked anonymous box stores no contact (without JavaScript the contact field stays enabled)', async () => {
    t = await testApp();
    expect((await post('tip', { anonymous: 'true' })).status).toBe(303);
    const [tip] = await stored();
    expect(tip).toMatchObject({ anonymous: 1, contact_info: null });
    expect(JSON.stringify(tip)).not.toContain('@someone');
  });

  it('accepts multipart/form-data too', async () => {
    t = await testApp();
    const form = new FormData();
    for (const [k, v] of Object.entries(FORMS.correction)) form.set(k, v);
    form.set('stamp', await t.stamp('correction'));
    const res = await t.call('POST', '/api/messages', form);
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(MESSAGE_SENT_PAGES.correction);
    expect(await stored()).toHaveLength(1);
  });

  it('refuses an invalid form with a page listing every field message in the schema’s words, storing nothing', async () => {
    t = await testApp();
    const res = await post('contact', { name: ' ', email: 'not-an-email', subject: '', message: 'm'.repeat(10_001) });
    expect(res.status).toBe(400);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html; charset=utf-8/i);
    expect(listed(res.text)).toEqual([
      'Full name is required',
      'Enter a valid email address',
      'Subject is required',
      'Message must be at most 10,000 characters',
    ]);
    expect(res.text).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(res.text).toContain(`<title>Not sent | ${SITE_NAME}</title>`);
    expect(res.text).toContain(`<a href="/">${SITE_NAME}</a>`);
    expect(res.text).toContain('<a href="/contact">Back to the form</a>');
    expect(res.headers.get('Content-Security-Policy')).toBe(FORM_PAGE_CSP);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.text).not.toMatch(/<script/i);
    expect(await stored()).toHaveLength(0);
  });

  it.each([
    ['an unknown form', { type: 'newsletter' }, ['Unknown form']],
    ['a tip without its details', { type: 'tip', subject: 'x', tip: '' }, ['Detailed information is required']],
    ['an unknown urgency', { ...FORMS.tip, urgency: 'whenever' }, ['Choose an urgency level']],
  ])('refuses %s with the schema message', async (_what, over, messages) => {
    t = await testApp();
    const res = await t.call('POST', '/api/messages', new URLSearchParams(over as Record<string, string>));
    expect(res.status).toBe(400);
    expect(listed(res.text)).toEqual(messages);
    // No Referer: the way back is the home page.
    expect(res.text).toContain('<a href="/">Back to the form</a>');
  });

  it('links back only to a page of the site, escaped', async () => {
    t = await testApp();
    const foreign = await post('contact', { name: '' }, { Referer: 'https://evil.example/contact' });
    expect(foreign.text).toContain('<a href="/">Back to the form</a>');
    const query = await post('correction', { correction: '' }, { Referer: `${ORIGIN}/corrections?article=a-b&x="<i>` });
    expect(query.text).toContain('<a href="/corrections?article=a-b&amp;x=%22%3Ci%3E">Back to the form</a>');
  });

  it('the hidden field filled is refused as for JSON (400, one message for every bot check), storing nothing', async () => {
    t = await testApp();
    const res = await post('contact', { website: 'http://spam.example' });
    expect(res.status).toBe(400);
    expect(listed(res.text)).toEqual([MESSAGE_NOT_ACCEPTED]);
    expect(await stored()).toHaveLength(0);
  });

  it('accepts a form posted from its page once the minimum fill time has passed since the page was served', async () => {
    t = await testApp();
    expect((await post('contact', { stamp: await t.stamp('contact', MIN_FILL_MS) })).status).toBe(303);
    expect((await post('contact', { stamp: await t.stamp('contact', STAMP_MAX_AGE_MS) })).status).toBe(303);
    expect(await stored()).toHaveLength(2);
  });

  it.each([
    ['without a stamp', async () => undefined],
    ['with an empty stamp', async () => ''],
    [
      'with a stamp sent sooner than the minimum fill time after its page',
      async () => t.stamp('contact', MIN_FILL_MS - 1),
    ],
    ['with a stamp from a page served more than a day ago', async () => t.stamp('contact', STAMP_MAX_AGE_MS + 1)],
    ['with a stamp from a page served in the future', async () => t.stamp('contact', -60_000)],
    ['with a forged signature', async () => forged(await t.stamp('contact'))],
    ['with the last character of its signature changed', async () => forged(await t.stamp('contact'), -1)],
    ['with its signature spelled another way', async () => respelled(await t.stamp('contact'))],
    ['with an older time under a valid signature', async () => backdated(await t.stamp('contact'))],
    ['with the stamp of another form', async () => t.stamp('tip')],
    ['with a stamp of its own making', async () => `${t.clock.now().getTime() - 60_000}.${'A'.repeat(43)}`],
    ['with text that is no stamp', async () => 'soon'],
  ])('refuses a form post %s as a bot (400, the one message), storing nothing', async (_what, stampOf) => {
    t = await testApp();
    const stamp = await stampOf();
    const fields = { ...FORMS.contact, ...(stamp === undefined ? {} : { stamp }) };
    const res = await t.call('POST', '/api/messages', new URLSearchParams(fields), { Referer: `${ORIGIN}/contact` });
    expect(res.status).toBe(400);
    expect(listed(res.text)).toEqual([MESSAGE_NOT_ACCEPTED]);
    expect(await stored()).toHaveLength(0);
  });

  it('refuses a form from a page served with its placeholder (no server stamped it), with words that say so, storing nothing', async () => {
    t = await testApp();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const stamp = formStampPlaceholder('contact');
      const res = await t.call('POST', '/api/messages', new URLSearchParams({ ...FORMS.contact, stamp }), {
        Referer: `${ORIGIN}/contact`,
      });
      expect(res.status).toBe(400);
      expect(listed(res.text)).toEqual([FORM_NOT_STAMPED]);
      const json = await t.call('POST', '/api/messages', { ...FORMS.contact, stamp });
      expect(json.status).toBe(400);
      expect(json.json).toEqual({ error: FORM_NOT_STAMPED });
      // Whoever runs the site learns of it from the log.
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/served without its stamp/));
      // Another form's placeholder, or a filled honeypot, is no better.
      const tip = await t.call('POST', '/api/messages', { ...FORMS.tip, stamp: formStampPlaceholder('tip') });
      expect(tip.json).toEqual({ error: FORM_NOT_STAMPED });
      const bot = await t.call('POST', '/api/messages', { ...FORMS.contact, stamp, website: 'x' });
      expect(bot.json).toEqual({ error: MESSAGE_NOT_ACCEPTED });
      expect(await stored()).toHaveLength(0);
    } finally {
      logged.mockRestore();
    }
  });

  it('holds JSON to the same stamp, whatever fill time a client claims', async () => {
    t = await testApp();
    const claimed = await t.call('POST', '/api/messages', { ...FORMS.contact, elapsedMs: 60_000 });
    expect(claimed.status).toBe(400);
    expect(claimed.json).toEqual({ error: MESSAGE_NOT_ACCEPTED });
    const young = await t.call('POST', '/api/messages', { ...FORMS.contact, stamp: await t.stamp('contact', 500) });
    expect(young.json).toEqual({ error: MESSAGE_NOT_ACCEPTED });
    const stamped = await t.call('POST', '/api/messages', { ...FORMS.contact, stamp: await t.stamp('contact') });
    expect(stamped.status).toBe(201);
    expect(await stored()).toHaveLength(1);
  });

  it('counts toward the same limits per address, and says so as a page with Retry-After', async () => {
    t = await testApp({ env: { TRUST_PROXY: '1' } });
    for (let i = 0; i < MESSAGE_LIMITS_PER_ADDRESS.limit; i++) expect((await post('tip')).status).toBe(303);
    const res = await post('tip');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(listed(res.text)[0]).toMatch(/^Too many messages from your connection\./);
    // The JSON path shares the count.
    const json = await t.call(
      'POST',
      '/api/messages',
      { ...FORMS.tip, stamp: await t.stamp('tip') },
      { 'X-Forwarded-For': '203.0.113.20' },
    );
    expect(json.status).toBe(429);
    expect(await stored()).toHaveLength(MESSAGE_LIMITS_PER_ADDRESS.limit);
  });

  it('refuses a form posted from another origin (403), storing nothing', async () => {
    t = await testApp();
    expect((await post('contact', {}, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await post('contact', {}, { Origin: 'null' })).status).toBe(403);
    expect(await stored()).toHaveLength(0);
  });

  it('refuses a form body that does not parse with a 400, never a 500', async () => {
    t = await testApp();
    const res = await t.call('POST', '/api/messages', '--x\r\nnot a part', {
      'Content-Type': 'multipart/form-data; boundary=x',
    });
    expect(res.status).toBe(400);
    expect(await stored()).toHaveLength(0);
  });
});
