const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe inside HTML or XML, in element content and in quoted attribute values alike (`&#39;` rather than
 * `&apos;`, which HTML 4 lacked; both are valid XML).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}
