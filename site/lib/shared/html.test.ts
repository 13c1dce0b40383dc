import { describe, expect, it } from 'vitest';
import { escapeHtml, html } from './html.ts';

describe('html', () => {
  it('escapes interpolated text in content and attributes', () => {
    const title = `<img src=x onerror="alert(1)"> & 'q'`;
    expect(String(html`<a title="${title}">${title}</a>`)).toBe(
      '<a title="&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;q&#39;">' +
        '&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;q&#39;</a>',
    );
  });

  it('keeps nested html, joins lists and drops null, undefined and false', () => {
    const items = ['a<', 'b'].map((t) => html`<li>${t}</li>`);
    expect(String(html`<ul>${items}</ul>${null}${undefined}${false}${0}`)).toBe('<ul><li>a&lt;</li><li>b</li></ul>0');
  });

  it('escapeHtml leaves plain text alone', () => {
    expect(escapeHtml('Plain text 123')).toBe('Plain text 123');
  });
});
