import { formatDateTime } from 'content-schema/format';
import { previewStatusAt, type PreviewLink, type PreviewLinkStatus } from 'content-schema/preview';
import { relativeTime } from 'content-schema/relative-time';

/** A link's status now: the server's is as of its answer, and an active link may have expired since. */
export function statusNow(link: PreviewLink, now: Date): PreviewLinkStatus {
  return link.status === 'active' ? previewStatusAt(link, now) : link.status;
}

/** When the link stopped or stops working, and whether anyone opened it: "Expires 1 Mar 2026, 10:00 · Not opened yet". */
export function linkDetails(link: PreviewLink, status: PreviewLinkStatus, now: Date): string {
  const until =
    status === 'revoked' && link.revokedAt
      ? `Revoked ${formatDateTime(link.revokedAt)}`
      : `${status === 'expired' ? 'Expired' : 'Expires'} ${formatDateTime(link.expiresAt)}`;
  const opened = link.lastUsedAt ? `Last opened ${relativeTime(link.lastUsedAt, now)}` : 'Not opened yet';
  return `${until} · ${opened}`;
}
