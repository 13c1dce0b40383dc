/**
 * Markup as strings, safe by construction: `html` escapes every interpolated value unless it is itself `html`,
 * so text from posts and fetched JSON can never become markup. The same function draws a card on the server
 * (Astro's `set:html`) and in the browser (`insertAdjacentHTML`), which keeps one copy of the markup and spares
 * the reader a rendering library.
 */

/** A fragment of markup produced by `html`; its string is the markup. */
export class Html {
  readonly #markup: string;
  constructor(markup: string) {
    this.#markup = markup;
  }
  toString(): string {
    return this.#markup;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for an element's content or a double-quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** An interpolated value's markup: `html` as is, a list joined, null/undefined/false as nothing, the rest escaped. */
function part(value: unknown): string {
  if (value instanceof Html) return value.toString();
  if (Array.isArray(value)) return value.map(part).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += part(values[i]) + strings[i + 1]!;
  return new Html(out);
}
