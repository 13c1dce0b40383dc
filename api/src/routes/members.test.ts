/**
 * Subscribing: double opt-in through a real SMTP server on loopback, the mails parsed as a mail client would, the
 * confirmation and one-click unsubscribe links followed as a reader and a mail client would.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CONFIRM_CHOOSE_ONE,
  CONFIRM_LINK_HOURS,
  CONFIRM_LINK_INVALID,
  SUBSCRIBE_CHECK_EMAIL,
  SUBSCRIBE_CONSENT_TEXT,
  SUBSCRIBE_EMAIL_INVALID,
  SUBSCRIBE_NEWSLETTER_UNKNOWN,
  UNSUBSCRIBE_LINK_INVALID,
} from 'content-schema/members';
import { memberConsents, memberNewsletters, memberTokens, members } from '../db/schema-members.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../services/mail/smtp-sink.ts';
import { SUBSCRIBE_LIMIT_PER_ADDRESS, SUBSCRIBE_LIMIT_PER_NETWORK } from '../services/members/index.ts';
import { ORIGIN, testApp } from '../test-utils.ts';

let sink: SmtpSink;
let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());
afterEach(() => t.cleanup());

const setup = async (env: Record<string, string> = { SMTP_URL: sink.url }) => {
  t = await testApp({ env });
  sink.mails.length = 0;
};

const subscribe = (body: unknown, ip = '203.0.113.7') =>
  t.call('POST', '/api/members/subscribe', body, { 'X-Forwarded-For': ip });

/** The link in a mail's plain-text part that starts with `prefix`. */
function linkIn(mail: ReceivedMail, prefix: string): string {
  const found = (mail.parsed.text ?? '').match(new RegExp(`${prefix.replace(/[?.]/g, '\\$&')}\\S+`));
  if (!found) throw new Error(`no ${prefix} link in:\n${mail.parsed.text}`);
  return found[0];
}
const pathOf = (link: string) => link.slice(ORIGIN.length);
const memberOf = async (email: string) => (await t.db.select().from(members).where(eq(members.email, email)))[0];

describe('subscribing to newsletters (double opt-in)', () => {
  it('mails a link; opening it only asks; confirming it subscribes, records consent and welcomes with one-click unsubscribe', async () => {
    await setup();
    const res = await subscribe({ email: ' Reader@Example.TEST ', newsletters: ['friday-deep-dive'], form: 'article' });
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ ok: true, message: SUBSCRIBE_CHECK_EMAIL });
    const [mail] = await sink.waitFor(1);
    expect(mail!.to).toEqual(['reader@example.test']);
    expect(mail!.parsed.subject).toBe('Confirm your subscription to Northwire');
    expect(mail!.parsed.text).toContain('Friday Deep Dive');
    expect(mail!.parsed.text).toContain(`${CONFIRM_LINK_HOURS} hours`);
    const confirm = linkIn(mail!, `${ORIGIN}/subscribe/confirm?token=`);
    expect(mail!.parsed.html).toContain(confirm.replace(/&/g, '&amp;'));
    expect(mail!.raw).not.toMatch(/^List-Unsubscribe/im);
    expect((await memberOf('reader@example.test'))?.status).toBe('pending');
    // Only the token's hash is stored.
    const tokens = await t.db.select().from(memberTokens);
    expect(tokens).toHaveLength(1);
    expect(JSON.stringify(tokens)).not.toContain(confirm.split('token=')[1]);

    // A mail scanner opening the link confirms nothing: the page asks, with a button.
    const page = await t.call('GET', pathOf(confirm));
    expect(page.status).toBe(200);
    expect(page.text).toContain('Confirm subscription</button>');
    expect(page.text).toContain('reader@example.test');
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    expect(page.headers.get('Content-Security-Policy')).toContain("form-action 'self'");
    expect((await memberOf('reader@example.test'))?.status).toBe('pending');

    const token = new URL(confirm).searchParams.get('token')!;
    const done = await t.call('POST', '/subscribe/confirm', new URLSearchParams({ token }));
    expect(done.status).toBe(200);
    expect(done.text).toContain('Subscription confirmed');
    const member = (await memberOf('reader@example.test'))!;
    expect(member.status).toBe('active');
    expect(member.confirmedAt).toEqual(t.clock.now());
    expect(await t.db.select().from(memberNewsletters).where(eq(memberNewsletters.memberId, member.id))).toHaveLength(
      1,
    );
    const consents = await t.db.select().from(memberConsents);
    expect(consents.map((c) => [c.action, c.form, c.newsletters, c.text, c.at])).toEqual([
      ['subscribed', 'article', ['friday-deep-dive'], SUBSCRIBE_CONSENT_TEXT, t.clock.now()],
    ]);

    // The welcome mail carries the list's headers (RFC 2369, RFC 8058).
    const welcome = (await sink.waitFor(2))[1]!;
    expect(welcome.parsed.subject).toBe('You are subscribed to Friday Deep Dive');
    const unsubscribe = linkIn(welcome, `${ORIGIN}/unsubscribe?m=`);
    expect(welcome.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/im);
    expect(welcome.raw.replace(/\r\n\s+/g, ' ')).toContain(`List-Unsubscribe: <${unsubscribe}>`);
    expect(welcome.raw).toMatch(/^List-ID: Northwire newsletters <newsletters\.127\.0\.0\.1>\r$/im);

    // The link works once.
    const again = await t.call('POST', '/subscribe/confirm', new URLSearchParams({ token }));
    expect(again.status).toBe(400);
    expect(again.text).toContain(CONFIRM_LINK_INVALID);
    expect(await t.db.select().from(memberConsents)).toHaveLength(1);

    // One-click unsubscribe: a mail client POSTs the header's link with the RFC 8058 body, no cookie, no Origin.
    const oneClick = await t.call('POST', pathOf(unsubscribe), 'List-Unsubscribe=One-Click', {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: undefined as unknown as string,
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.text).toContain('Unsubscribed');
    expect((await memberOf('reader@example.test'))?.status).toBe('unsubscribed');
    expect(await t.db.select().from(memberNewsletters)).toEqual([]);
    expect((await t.db.select().from(memberConsents)).map((c) => [c.action, c.newsletters])).toEqual([
      ['subscribed', ['friday-deep-dive']],
      ['unsubscribed', ['friday-deep-dive']],
    ]);
  });

  it('answers the same for a known address, subscribes to the default newsletters when none is chosen', async () => {
    await setup();
    const first = await subscribe({ email: 'known@example.test' });
    const second = await subscribe({
      email: 'known@example.test',
      newsletters: ['daily-analysis', 'friday-deep-dive'],
    });
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(second.json).toEqual(first.json);
    const mails = await sink.waitFor(2);
    expect(mails[0]!.parsed.text).toContain('Daily Analysis from Northwire');
    expect(mails[1]!.parsed.text).toContain('Daily Analysis and Friday Deep Dive');
    expect(await t.db.select().from(members)).toHaveLength(1);
  });

  it('the confirmation page offers every newsletter, the asked-for ones ticked; the choice made there is kept', async () => {
    await setup();
    await subscribe({ email: 'chooser@example.test', newsletters: ['friday-deep-dive'] });
    const link = linkIn((await sink.waitFor(1))[0]!, `${ORIGIN}/subscribe/confirm?token=`);
    const page = await t.call('GET', pathOf(link));
    expect(page.text).toMatch(/value="daily-analysis">/);
    expect(page.text).toMatch(/value="friday-deep-dive" checked>/);
    expect(page.text).toContain(SUBSCRIBE_CONSENT_TEXT);
    const token = new URL(link).searchParams.get('token')!;
    const none = await t.call('POST', '/subscribe/confirm', new URLSearchParams({ token, choice: '1' }));
    expect(none.status).toBe(400);
    expect(none.text).toContain(CONFIRM_CHOOSE_ONE);
    const form = new URLSearchParams([
      ['token', token],
      ['choice', '1'],
      ['newsletters', 'daily-analysis'],
    ]);
    const done = await t.call('POST', '/subscribe/confirm', form);
    expect(done.status).toBe(200);
    expect(done.text).toContain('<strong>Daily Analysis</strong> will come to chooser@example.test');
    const member = (await memberOf('chooser@example.test'))!;
    const rows = await t.db.select().from(memberNewsletters).where(eq(memberNewsletters.memberId, member.id));
    expect(rows).toHaveLength(1);
    expect((await t.db.select().from(memberConsents)).map((c) => c.newsletters)).toEqual([['daily-analysis']]);
    expect((await sink.waitFor(2))[1]!.parsed.subject).toBe('You are subscribed to Daily Analysis');
  });

  it('refuses an expired, forged or malformed link, and changes nothing', async () => {
    await setup();
    await subscribe({ email: 'late@example.test' });
    const token = new URL(linkIn((await sink.waitFor(1))[0]!, `${ORIGIN}/subscribe/confirm?token=`)).searchParams.get(
      'token',
    )!;
    t.clock.set(new Date(t.clock.now().getTime() + CONFIRM_LINK_HOURS * 3_600_000 + 1));
    for (const value of [token, `${token.slice(0, -1)}A`, 'short', '']) {
      const page = await t.call('GET', `/subscribe/confirm?token=${encodeURIComponent(value)}`);
      expect(page.status).toBe(400);
      expect(page.text).toContain(CONFIRM_LINK_INVALID);
      const post = await t.call('POST', '/subscribe/confirm', new URLSearchParams({ token: value }));
      expect(post.status).toBe(400);
    }
    expect((await memberOf('late@example.test'))?.status).toBe('pending');
    expect(await t.db.select().from(memberConsents)).toEqual([]);
  });

  it('refuses an oversized form to the mail pages before reading it', async () => {
    await setup();
    const big = new URLSearchParams({ token: 'x'.repeat(20_000) });
    for (const path of ['/subscribe/confirm', '/unsubscribe?m=1&s=x']) {
      const res = await t.call('POST', path, big);
      expect(res.status, path).toBe(413);
    }
  });

  it('refuses a forged unsubscribe link', async () => {
    await setup();
    const link = await t.ctx.members.unsubscribeLink(1);
    const forged = link.replace(/s=.(.*)$/, 's=A$1');
    for (const path of [
      pathOf(forged),
      '/unsubscribe?m=1',
      '/unsubscribe?m=x&s=y',
      pathOf(link).replace('m=1', 'm=2'),
    ]) {
      const res = await t.call('POST', path);
      expect(res.status, path).toBe(400);
      expect(res.text).toContain(UNSUBSCRIBE_LINK_INVALID);
    }
  });

  it('refuses bad input with the form’s words, and sends nothing', async () => {
    await setup();
    const cases: [unknown, string][] = [
      [{ email: 'not-an-address' }, SUBSCRIBE_EMAIL_INVALID],
      [{ email: 'a@example.test\r\nBcc: victim@example.test' }, SUBSCRIBE_EMAIL_INVALID],
      [{ email: `${'a'.repeat(250)}@example.test` }, 'Email must be at most 254 characters'],
      [{ email: '' }, 'Email is required'],
      [{ email: 'a@example.test', newsletters: ['no-such-newsletter'] }, SUBSCRIBE_NEWSLETTER_UNKNOWN],
      [{ email: 'a@example.test', newsletters: ['Bad Slug'] }, SUBSCRIBE_NEWSLETTER_UNKNOWN],
      [
        { email: 'a@example.test', website: 'http://spam.example' },
        'Your subscription could not be accepted. Please try again later.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await subscribe(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toBe(message);
    }
    expect(await t.db.select().from(members)).toEqual([]);
    expect(sink.mails).toEqual([]);
  });

  it('limits mails per address silently and requests per network with 429', async () => {
    await setup();
    for (let i = 0; i < SUBSCRIBE_LIMIT_PER_ADDRESS.limit + 2; i++) {
      expect((await subscribe({ email: 'flood@example.test' }, `198.51.100.${i}`)).status).toBe(202);
    }
    await sink.waitFor(SUBSCRIBE_LIMIT_PER_ADDRESS.limit);
    expect(sink.mails).toHaveLength(SUBSCRIBE_LIMIT_PER_ADDRESS.limit);
    for (let i = 0; i < SUBSCRIBE_LIMIT_PER_NETWORK.limit; i++)
      await subscribe({ email: `n${i}@example.test` }, '192.0.2.9');
    const limited = await subscribe({ email: 'one-more@example.test' }, '192.0.2.9');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('a form posted without JavaScript goes on to the check-your-inbox page, or to a refusal page', async () => {
    await setup();
    const form = new URLSearchParams([
      ['email', 'form@example.test'],
      ['newsletters', 'daily-analysis'],
      ['newsletters', 'friday-deep-dive'],
      ['form', 'footer'],
      ['website', ''],
    ]);
    const res = await t.call('POST', '/api/members/subscribe', form);
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/subscribe/sent');
    expect((await sink.waitFor(1))[0]!.parsed.text).toContain('Daily Analysis and Friday Deep Dive');
    const sent = await t.call('GET', '/subscribe/sent');
    expect(sent.text).toContain(SUBSCRIBE_CHECK_EMAIL);
    const refused = await t.call('POST', '/api/members/subscribe', new URLSearchParams({ email: 'nope' }));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Your subscription was not sent');
    expect(refused.text).toContain(SUBSCRIBE_EMAIL_INVALID);
  });

  it('without SMTP_URL keeps every mail in the outbox, which only the admin can read', async () => {
    await setup({});
    expect((await subscribe({ email: 'outbox@example.test' })).status).toBe(202);
    expect((await t.call('GET', '/api/mail/outbox')).status).toBe(401);
    await t.login();
    const outbox = await t.call('GET', '/api/mail/outbox');
    expect(outbox.status).toBe(200);
    expect(outbox.json.total).toBe(1);
    expect(outbox.json.mails[0]).toMatchObject({
      to: 'outbox@example.test',
      from: 'Northwire <newsletter@127.0.0.1>',
      subject: 'Confirm your subscription to Northwire',
    });
    expect(outbox.json.mails[0].text).toContain(`${ORIGIN}/subscribe/confirm?token=`);
    expect(sink.mails).toEqual([]);
  });

  it('lists the newsletters offered', async () => {
    await setup();
    const res = await t.call('GET', '/api/members/newsletters');
    expect(res.json.map((n: { slug: string; byDefault: boolean }) => [n.slug, n.byDefault])).toEqual([
      ['daily-analysis', true],
      ['friday-deep-dive', false],
    ]);
  });
});
