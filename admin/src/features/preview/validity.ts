import {
  PREVIEW_VALIDITY_UNITS,
  PreviewLinkInputSchema,
  type PreviewLinkInput,
  type PreviewLinkStatus,
  type PreviewValidityUnit,
} from 'content-schema/preview';

export type ValidityResult = { ok: true; input: PreviewLinkInput } | { ok: false; message: string };

/** Whether a value from the unit select is a unit. */
export function isValidityUnit(value: string): value is PreviewValidityUnit {
  return (PREVIEW_VALIDITY_UNITS as readonly string[]).includes(value);
}

/**
 * The request body for what the editor typed: a whole number of hours or days, within the API's bounds (1 hour
 * to 90 days), checked with the same schema the API uses so the message is the same.
 */
export function validityFromFields(amount: string, unit: PreviewValidityUnit): ValidityResult {
  const trimmed = amount.trim();
  const number = /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  const parsed = PreviewLinkInputSchema.safeParse({ amount: number, unit });
  if (parsed.success) return { ok: true, input: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid validity' };
}

export const STATUS_LABEL: Record<PreviewLinkStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};
