import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it('escapes the five characters that can end text or an attribute, and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
    expect(escapeHtml('Grid queues — 14 GW')).toBe('Grid queues — 14 GW');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
