/**
 * Forwards each new reader message by email (SMTP_URL + MESSAGES_FORWARD_TO), after it is stored and off the
 * reader's request. A failure is logged without the SMTP credentials and never reaches the reader.
 */
import nodemailer from 'nodemailer';
import { MESSAGE_TYPE_LABELS, type MessageDetail } from 'content-schema/messages';
import { redactSecrets, smtpSecrets } from '../mail/mailer.ts';

export interface ForwarderConfig {
  smtpUrl?: string;
  to?: string;
  from?: string;
  siteUrl: string;
}

export type MessageForwarder = ReturnType<typeof createMessageForwarder>;

/** Header text: one line, bounded (a reader's subject must not add headers). */
const oneLine = (s: string, max = 150) => s.replace(/[\r\n\t]+/g, ' ').slice(0, max);

/** The plain-text email of one message. */
export function forwardedEmail(m: MessageDetail, siteUrl: string): { subject: string; text: string; replyTo?: string } {
  const from =
    m.type === 'tip' && m.anonymous
      ? 'Anonymous (no contact information stored)'
      : [m.name, m.email ? `<${m.email}>` : null, m.contactInfo].filter(Boolean).join(' ') || 'Not given';
  const lines = [
    `${MESSAGE_TYPE_LABELS[m.type]} from the ${new URL(siteUrl).host} website`,
    '',
    `Subject: ${m.subject}`,
    `From: ${from}`,
    ...(m.topic ? [`Message type: ${m.topic}`] : []),
    ...(m.urgency ? [`Urgency: ${m.urgency}`] : []),
    ...(m.articleUrl ? [`Article: ${m.articleUrl}`] : []),
    `Received: ${m.createdAt}`,
    '',
    m.body,
    ...(m.source ? ['', 'Sources:', m.source] : []),
    '',
    `Open it in the Inbox: ${siteUrl}/admin/inbox/${m.id}`,
  ];
  return {
    subject: oneLine(`[${MESSAGE_TYPE_LABELS[m.type]}] ${m.subject}`),
    text: lines.join('\n'),
    ...(m.email ? { replyTo: m.email } : {}),
  };
}

/** Null when forwarding is not configured. */
export function createMessageForwarder(config: ForwarderConfig) {
  const { smtpUrl, to } = config;
  if (!smtpUrl || !to) return null;
  const secrets = smtpSecrets(smtpUrl);
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // Bounded, so a hanging server cannot keep forwards piling up.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const from = config.from ?? `Northwire website <no-reply@${new URL(config.siteUrl).hostname}>`;

  async function forward(message: MessageDetail): Promise<void> {
    const email = forwardedEmail(message, config.siteUrl);
    try {
      await transport.sendMail({ from, to, ...email });
    } catch (err) {
      const text = err instanceof Error ? err.message : String(err);
      const code = (err as { code?: unknown }).code;
      console.error(
        `[messages] forwarding message ${message.id} failed:`,
        redactSecrets(`${code ? `${String(code)} ` : ''}${text}`, secrets),
      );
    }
  }

  return { forward, close: () => transport.close() };
}
