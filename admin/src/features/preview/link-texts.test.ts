import { describe, expect, it } from 'vitest';
import { formatDateTime } from 'content-schema/format';
import type { PreviewLink } from 'content-schema/preview';
import { linkDetails, statusNow } from './link-texts.ts';

const link: PreviewLink = {
  id: 3,
  postId: 7,
  createdBy: 'admin',
  createdAt: '2026-02-01T10:00:00.000Z',
  expiresAt: '2026-02-08T10:00:00.000Z',
  revokedAt: null,
  lastUsedAt: null,
  status: 'active',
};
const now = new Date('2026-02-02T10:00:00.000Z');

describe('statusNow', () => {
  it('keeps an active link active until it expires, then says expired', () => {
    expect(statusNow(link, now)).toBe('active');
    expect(statusNow(link, new Date('2026-02-08T10:00:00.000Z'))).toBe('expired');
  });

  it('keeps the server’s expired and revoked', () => {
    expect(statusNow({ ...link, status: 'revoked', revokedAt: '2026-02-01T11:00:00.000Z' }, now)).toBe('revoked');
    expect(statusNow({ ...link, status: 'expired' }, now)).toBe('expired');
  });
});

describe('linkDetails', () => {
  it('says when an active link expires and that nobody opened it', () => {
    expect(linkDetails(link, 'active', now)).toBe(`Expires ${formatDateTime(link.expiresAt)} · Not opened yet`);
  });

  it('says when it expired, or was revoked, and when it was last opened', () => {
    const used = { ...link, lastUsedAt: '2026-02-02T09:00:00.000Z' };
    expect(linkDetails(used, 'expired', now)).toBe(`Expired ${formatDateTime(link.expiresAt)} · Last opened 1h ago`);
    const revoked = { ...link, revokedAt: '2026-02-01T11:00:00.000Z' };
    expect(linkDetails(revoked, 'revoked', now)).toBe(`Revoked ${formatDateTime(revoked.revokedAt)} · Not opened yet`);
  });
});
