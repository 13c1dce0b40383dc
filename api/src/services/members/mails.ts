/**
 * The mails a member receives about their subscription, each with a plain-text part and an email-safe HTML part
 * (inline styles, no images, no tracking pixel, links as they are).
 */
import { escapeHtml } from 'content-schema/html';
import { CONFIRM_LINK_HOURS } from 'content-schema/members';
import { SITE_NAME } from 'content-schema/site';
import type { Mail } from '../mail/mailer.ts';

const BODY =
  'font-family:Georgia,serif;font-size:16px;line-height:1.6;color:#0f172a;max-width:560px;margin:0 auto;padding:24px';
const BUTTON =
  'display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-family:system-ui,sans-serif';

function html(title: string, paragraphs: string[], action?: { href: string; label: string }): string {
  const parts = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`);
  if (action) {
    parts.push(
      `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="${BUTTON}">${escapeHtml(action.label)}</a></p>`,
    );
    parts.push(`<p style="margin:0 0 16px;font-size:14px;color:#475569">${escapeHtml(action.href)}</p>`);
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="margin:0;background:#f8fafc"><div style="${BODY}"><p style="margin:0 0 24px;font-weight:bold">${escapeHtml(SITE_NAME)}</p>${parts.join('')}</div></body></html>`;
}

/** The double opt-in mail: one link that confirms the newsletters chosen. */
export function confirmationMail(to: string, link: string, newsletterNames: string[]): Mail {
  const subject = `Confirm your subscription to ${SITE_NAME}`;
  const lines = [
    `Someone, we hope you, asked to receive ${newsletterNames.join(' and ')} from ${SITE_NAME} at this address.`,
    `Confirm within ${CONFIRM_LINK_HOURS} hours with the link below. If it was not you, ignore this mail: nothing is sent until the link is used.`,
  ];
  return {
    to,
    subject,
    text: [...lines, '', `Confirm your subscription: ${link}`, ''].join('\n\n'),
    html: html(subject, lines, { href: link, label: 'Confirm subscription' }),
  };
}

/** Sent once a subscription is confirmed; it carries the one-click unsubscribe link as every newsletter will. */
export function welcomeMail(to: string, newsletterNames: string[], unsubscribeLink: string, listId: string): Mail {
  const subject = `You are subscribed to ${newsletterNames.join(' and ')}`;
  const lines = [
    `Thank you: ${newsletterNames.join(' and ')} from ${SITE_NAME} will come to this address.`,
    'Every mail we send has a link to stop it at once.',
  ];
  return {
    to,
    subject,
    text: [...lines, '', `Unsubscribe: ${unsubscribeLink}`, ''].join('\n\n'),
    html: html(subject, lines, { href: unsubscribeLink, label: 'Unsubscribe' }),
    headers: listHeaders(unsubscribeLink, listId),
  };
}

/** RFC 2369 and RFC 8058: the list's id, and an unsubscribe link a mail client can use with one POST. */
export function listHeaders(unsubscribeLink: string, listId: string): Record<string, string> {
  return {
    'List-Id': listId,
    'List-Unsubscribe': `<${unsubscribeLink}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
