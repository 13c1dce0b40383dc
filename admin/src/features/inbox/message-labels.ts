import {
  MessageFilterSchema,
  type MessageDetail,
  type MessageFilter,
  type MessageSummary,
} from 'content-schema/messages';
import type { BadgeVariant } from '../../components/ui/badge.tsx';
import { formatDateTime } from 'content-schema/format';

export const STATUS_VARIANT: Record<MessageSummary['status'], BadgeVariant> = {
  new: 'default',
  in_progress: 'secondary',
  answered: 'outline',
  closed: 'outline',
};

/** "24 Nov 2026, 14:05" in the editor's own time zone. */
export function receivedAt(iso: string): string {
  return formatDateTime(iso);
}

/** The message the address opens (/inbox/:id), or null for none or an id that is not one. */
export function selectedMessage(idParam: string | undefined): number | null {
  return idParam && /^\d{1,15}$/.test(idParam) ? Number(idParam) : null;
}

/** The filter in the address (?type=&status=), anything unknown ignored. */
export function filterFromSearch(params: URLSearchParams): MessageFilter {
  const parsed = MessageFilterSchema.safeParse({
    type: params.get('type') || undefined,
    status: params.get('status') || undefined,
  });
  return parsed.success ? parsed.data : {};
}

/** The address's query for a filter: only what is chosen. */
export function searchOfFilter(filter: MessageFilter): URLSearchParams {
  const search = new URLSearchParams();
  if (filter.type) search.set('type', filter.type);
  if (filter.status) search.set('status', filter.status);
  return search;
}

/** The sender's name and free contact text, as given ("Ada · +46 70 …"), without the email. */
export function senderDetails(message: Pick<MessageDetail, 'name' | 'contactInfo'>): string {
  return [message.name, message.contactInfo].filter(Boolean).join(' · ');
}

/** A reply by email, its subject "Re: " the message's. */
export function replyHref(message: Pick<MessageDetail, 'email' | 'subject'>): string {
  return `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;
}
