import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../../lib/clock.ts';
import { mailOutbox } from '../../db/schema-members.ts';
import { tempDb } from '../../test-utils.ts';
import { HeaderInjection, createMailer, redactSecrets, smtpSecrets } from './mailer.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

async function mailerOf(smtpUrl?: string) {
  const temp = await tempDb();
  const mailer = createMailer({
    db: temp.db,
    clock: fakeClock('2026-06-01T10:00:00Z'),
    smtpUrl,
    from: 'Northwire <newsletter@example.test>',
  });
  return { mailer, db: temp.db, cleanup: async () => (mailer.close(), await temp.cleanup()) };
}

describe('the mailer', () => {
  it('sends over SMTP with both parts and the headers given', async () => {
    const { mailer, cleanup } = await mailerOf(sink.url);
    const before = sink.mails.length;
    await mailer.send({
      to: 'reader@example.test',
      subject: 'Über the weekly — “quotes”',
      text: 'Plain part',
      html: '<p>HTML part</p>',
      headers: { 'List-Id': 'Northwire <news.example.test>' },
    });
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual(['reader@example.test']);
    expect(mail!.parsed.subject).toBe('Über the weekly — “quotes”');
    expect(mail!.parsed.text?.trim()).toBe('Plain part');
    expect(mail!.parsed.html).toContain('<p>HTML part</p>');
    expect(mail!.raw).toMatch(/^List-Id: Northwire <news\.example\.test>\r$/im);
    await cleanup();
  });

  it('refuses a line break in any header-bound text, and sends nothing', async () => {
    const { mailer, db, cleanup } = await mailerOf();
    const before = sink.mails.length;
    for (const mail of [
      { to: 'a@example.test\r\nBcc: victim@example.test', subject: 's', text: 't' },
      { to: 'a@example.test', subject: 'Hi\nBcc: victim@example.test', text: 't' },
      { to: 'a@example.test', subject: 's', text: 't', headers: { 'List-Id': 'x\r\nX-Evil: 1' } },
    ]) {
      await expect(mailer.send(mail)).rejects.toBeInstanceOf(HeaderInjection);
    }
    expect(await db.select().from(mailOutbox)).toEqual([]);
    expect(sink.mails.length).toBe(before);
    await cleanup();
  });

  it('keeps mail in the outbox when no SMTP server is configured', async () => {
    const { mailer, db, cleanup } = await mailerOf();
    expect(mailer.via).toBe('outbox');
    await mailer.send({ to: 'reader@example.test', subject: 'Kept', text: 'Body', headers: { 'List-Id': 'x' } });
    const rows = await db.select().from(mailOutbox);
    expect(rows.map((r) => [r.to, r.from, r.subject, r.text, r.headers])).toEqual([
      ['reader@example.test', 'Northwire <newsletter@example.test>', 'Kept', 'Body', { 'List-Id': 'x' }],
    ]);
    await cleanup();
  });

  it("reports a server's refusal with its SMTP code, and never the credentials", async () => {
    sink.refuse('gone@example.test', { code: 550, message: 'No such user here' });
    const { mailer, cleanup } = await mailerOf(`smtp://newsletter:s3cret-pass@127.0.0.1:${sink.port}`);
    const err = await mailer.send({ to: 'gone@example.test', subject: 's', text: 't' }).catch((e: unknown) => e);
    expect((err as { responseCode: number }).responseCode).toBe(550);
    sink.refuse('gone@example.test', null);
    await cleanup();
    expect(
      redactSecrets('login newsletter:s3cret-pass failed', smtpSecrets('smtp://newsletter:s3cret-pass@h:25')),
    ).toBe('login ***:*** failed');
  });
});
