/**
 * Sending mail: over any SMTP provider (`SMTP_URL`, nodemailer with a small pool of connections), or, with none
 * configured, into the local outbox (`mail_outbox`) the admin can open, so a fresh install shows the whole journey
 * without an account anywhere. Every text that reaches a header is refused if it holds a line break: a reader's
 * input can never add a header. Errors are logged without the SMTP credentials.
 */
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema-members.ts';
import type { Clock } from '../../lib/clock.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe, List-Id…). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Where mail goes: an SMTP server, or this server's outbox. */
  readonly via: 'smtp' | 'outbox';
  readonly from: string;
  /** Sends one mail; throws when the server refuses it (the error carries the SMTP answer's code). */
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Thrown for a header value with a line break or another control character. */
export class HeaderInjection extends Error {}

const CONTROL = /[\p{Cc}\u2028\u2029]/u;

/** The mail with every header-bound text checked: a line break in any of them refuses the whole mail. */
export function checkHeaders(mail: Mail, from: string): void {
  const values = [mail.to, mail.subject, from, ...Object.entries(mail.headers ?? {}).flat()];
  if (values.some((v) => CONTROL.test(v))) throw new HeaderInjection('A mail header may not contain a line break');
}

/** The user name and password in the SMTP URL, in clear and URL-encoded. */
export function smtpSecrets(url: string): string[] {
  try {
    const u = new URL(url);
    return [u.username, u.password, decodeURIComponent(u.username), decodeURIComponent(u.password)].filter(
      (s) => s.length >= 3,
    );
  } catch {
    return [];
  }
}

/** An error's text with the secrets replaced, bounded: fit for a log. */
export function redactSecrets(text: string, secrets: string[]): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join('***');
  return out.slice(0, 500);
}

/** The SMTP answer's code of a failed send (550, 421…), when the server gave one. */
export function smtpCode(err: unknown): number | null {
  const code = (err as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' ? code : null;
}

export interface MailerConfig {
  db: Db;
  clock: Clock;
  smtpUrl?: string;
  from: string;
}

/** The SMTP mailer when SMTP_URL is set, else the outbox. */
export function createMailer(config: MailerConfig): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.from) : outboxMailer(config);
}

function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 2,
    // Bounded, so a hanging server cannot hold a sender for ever.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const secrets = smtpSecrets(url);
  return {
    via: 'smtp',
    from,
    async send(mail) {
      checkHeaders(mail, from);
      try {
        await transport.sendMail({ from, ...mail });
      } catch (err) {
        const text = redactSecrets(err instanceof Error ? err.message : String(err), secrets);
        throw Object.assign(new Error(text), { responseCode: smtpCode(err) });
      }
    },
    close: () => transport.close(),
  };
}

function outboxMailer({ db, clock, from }: MailerConfig): Mailer {
  return {
    via: 'outbox',
    from,
    async send(mail) {
      checkHeaders(mail, from);
      await db.insert(mailOutbox).values({
        to: mail.to,
        from,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        headers: mail.headers ?? {},
        createdAt: clock.now(),
      });
    },
    close: () => {},
  };
}
