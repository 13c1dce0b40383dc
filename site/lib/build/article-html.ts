/**
 * Page-level touches to the sanitised article HTML: code blocks and tables may scroll sideways on
 * small screens, and a scrollable region must be reachable by keyboard (WCAG 2.1.1), so they get
 * tabindex="0". The sanitiser has already run; this only adds an attribute to known tags.
 */
export function withScrollableFocus(html: string): string {
  return html.replace(/<(pre|table)>/g, '<$1 tabindex="0">');
}
