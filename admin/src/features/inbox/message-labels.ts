import type { MessageSummary } from 'content-schema/messages';
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
