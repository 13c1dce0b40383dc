import { describe, expect, it } from 'vitest';
import { countWords, markdownToPlainText, renderMarkdown, sanitizeSchema } from './markdown.ts';

describe('renderMarkdown renders every construct the editor offers', () => {
  it.each([
    ['h1', '# Title', '<h1>Title</h1>'],
    ['h2', '## Section', '<h2>Section</h2>'],
    ['h3', '### Sub', '<h3>Sub</h3>'],
    ['h4 (allowed too)', '#### Deep', '<h4>Deep</h4>'],
    ['h6 (allowed too)', '###### Deepest', '<h6>Deepest</h6>'],
    ['bold', '**bold**', '<p><strong>bold</strong></p>'],
    ['italic', '*italic* and _also_', '<p><em>italic</em> and <em>also</em></p>'],
    ['inline code, escaped', '`a < b`', '<p><code>a &#x3C; b</code></p>'],
    [
      'fenced code keeps its language class',
      '```ts\nconst a = 1;\n```',
      '<pre><code class="language-ts">const a = 1;\n</code></pre>',
    ],
    ['fenced code without a language', '```\nplain\n```', '<pre><code>plain\n</code></pre>'],
    [
      'absolute link opens in a new tab',
      '[Site](https://example.com/a)',
      '<p><a href="https://example.com/a" target="_blank" rel="noopener noreferrer">Site</a></p>',
    ],
    ['plain http link opens in a new tab too', '[x](http://example.com)', 'target="_blank" rel="noopener noreferrer"'],
    ['relative link stays in the same tab', '[About](/about)', '<p><a href="/about">About</a></p>'],
    [
      'mailto link stays in the same tab',
      '[Mail](mailto:tips@example.com)',
      '<p><a href="mailto:tips@example.com">Mail</a></p>',
    ],
    ['in-page link follows the prefixed ids', '[Jump](#intro)', '<p><a href="#user-content-intro">Jump</a></p>'],
    [
      'GFM bare URL becomes an external link',
      'See https://example.com today',
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">https://example.com</a>',
    ],
    [
      'absolute image: lazy, alt kept',
      '![A chart](https://cdn.example.com/c.png)',
      '<p><img src="https://cdn.example.com/c.png" alt="A chart" loading="lazy"></p>',
    ],
    ['root-relative image', '![Logo](/img/logo.png)', '<img src="/img/logo.png" alt="Logo" loading="lazy">'],
    ['page-relative image degrades to its alt text', '![Logo](img/logo.png)', '<p><span>Logo</span></p>'],
    ['protocol-relative image degrades to its alt text', '![Logo](//evil.example/x.png)', '<p><span>Logo</span></p>'],
    [
      'data: image degrades to its alt text',
      '![Pixel](data:image/png;base64,iVBORw0KGgo=)',
      '<p><span>Pixel</span></p>',
    ],
    ['bullet list', '- one\n- two', '<ul>\n<li>one</li>\n<li>two</li>\n</ul>'],
    ['numbered list', '1. one\n2. two', '<ol>\n<li>one</li>\n<li>two</li>\n</ol>'],
    ['numbered list with a start', '3. three\n4. four', '<ol start="3">'],
    ['blockquote', '> Quoted', '<blockquote>\n<p>Quoted</p>\n</blockquote>'],
    ['paragraphs', 'One\n\nTwo', '<p>One</p>\n<p>Two</p>'],
    ['hard line break', 'One  \nTwo', '<p>One<br>\nTwo</p>'],
    ['strikethrough', '~~gone~~', '<p><del>gone</del></p>'],
    [
      'GFM table with alignment',
      '| a | b |\n|---|:-:|\n| 1 | 2 |',
      '<table>\n<thead>\n<tr>\n<th>a</th>\n<th align="center">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td align="center">2</td>\n</tr>\n</tbody>\n</table>',
    ],
    ['task list', '- [x] done', '<li class="task-list-item"><input type="checkbox" checked disabled> done</li>'],
    [
      'footnote reference points at its prefixed id',
      'Claim[^1]\n\n[^1]: Source',
      '<a href="#user-content-fn-1" id="user-content-fnref-1"',
    ],
    ['footnote definition carries that id', 'Claim[^1]\n\n[^1]: Source', '<li id="user-content-fn-1">'],
  ])('%s', (_name, markdown, expected) => {
    expect(renderMarkdown(markdown)).toContain(expected);
  });

  it('renders an empty document as an empty string', () => {
    expect(renderMarkdown('')).toBe('');
  });

  it('shows raw HTML in a code span as text, not markup', () => {
    expect(renderMarkdown('`<b>x</b>`')).toBe('<p><code>&#x3C;b>x&#x3C;/b></code></p>');
  });
});

describe('sanitizeSchema', () => {
  it('allows only web and mail links and web images', () => {
    expect(sanitizeSchema.protocols?.href).toEqual(['http', 'https', 'mailto']);
    expect(sanitizeSchema.protocols?.src).toEqual(['http', 'https']);
  });

  it.each(['script', 'style', 'iframe', 'form', 'object', 'embed', 'svg', 'meta', 'base', 'link'])(
    'does not allow <%s>',
    (tag) => {
      expect(sanitizeSchema.tagNames).not.toContain(tag);
    },
  );

  it('does not let authors set target, rel, style or loading themselves', () => {
    const everywhere = sanitizeSchema.attributes?.['*'] ?? [];
    for (const name of ['target', 'rel', 'style', 'loading', 'srcDoc', 'onClick'])
      expect(everywhere).not.toContain(name);
  });
});

/** Every start or end tag; rehype-stringify double-quotes attribute values and escapes `"` in them, so this is exact. */
const TAG = /<\/?[a-z][a-z0-9]*(?:\s+[^\s"'=<>/]+(?:="[^"]*")?)*\s*\/?>/gi;
const ATTRIBUTE = /\s([^\s"'=<>/]+)(?:="([^"]*)")?/g;

/** What a browser would see in an attribute value: references decoded, URL whitespace and controls removed. */
function decodeValue(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(
      /&(colon|tab|newline|amp|quot|lt|gt);/gi,
      (_m, name: string) =>
        ({ colon: ':', tab: '\t', newline: '\n', amp: '&', quot: '"', lt: '<', gt: '>' })[name.toLowerCase()] ?? '',
    )
    .replace(/[\s\u0000-\u001f]/g, '');
}

/** Every attribute of every tag in the output, values decoded. */
function attributesOf(html: string): { name: string; value: string }[] {
  return (html.match(TAG) ?? []).flatMap((tag) =>
    [...tag.matchAll(ATTRIBUTE)].map(([, name = '', value = '']) => ({
      name: name.toLowerCase(),
      value: decodeValue(value),
    })),
  );
}

describe('renderMarkdown neutralises XSS vectors', () => {
  it.each([
    ['script tag', '<script>alert(1)</script>'],
    ['script tag split over lines', '<script\n>alert(1)</script\n>'],
    ['script in a paragraph', 'Hello <script src="https://evil.example/x.js"></script> world'],
    ['img onerror', '<img src=x onerror=alert(1)>'],
    ['img onerror with quotes', '<img src="x" onerror="alert(document.cookie)">'],
    ['svg onload', '<svg onload=alert(1)>'],
    ['svg/onload without a space', '<svg/onload=alert(1)>'],
    ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ['iframe javascript src', '<iframe src="javascript:alert(1)"></iframe>'],
    ['javascript: link', '[click](javascript:alert(1))'],
    ['javascript: link, mixed case', '[click](JaVaScRiPt:alert(1))'],
    ['javascript: link, leading space', '[click]( javascript:alert(1))'],
    ['javascript: link, entity-encoded tab', '[click](jav&#x09;ascript:alert(1))'],
    ['javascript: link, entity-encoded letter', '[click](&#106;avascript:alert(1))'],
    ['javascript: link, encoded colon', '[click](javascript&#58;alert(1))'],
    ['javascript: link, percent-encoded', '[click](javascript%3Aalert(1))'],
    ['javascript: reference link', '[click][x]\n\n[x]: javascript:alert(1)'],
    ['javascript: autolink', '<javascript:alert(1)>'],
    ['data:text/html link', '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['vbscript: link', '[click](vbscript:msgbox(1))'],
    ['markdown image with javascript: src', '![x](javascript:alert(1))'],
    ['markdown image with data:svg src', '![x](data:image/svg+xml,<svg onload=alert(1)>)'],
    ['raw anchor with javascript: href', '<a href="javascript:alert(1)">x</a>'],
    ['raw anchor with onclick', '<a href="https://ok.example" onclick="alert(1)">x</a>'],
    ['style tag', '<style>body{background:url(javascript:alert(1))}</style>'],
    ['style attribute', '<p style="background:url(javascript:alert(1))">x</p>'],
    ['form and input', '<form action="https://evil.example"><input name="p" type="password"></form>'],
    ['button formaction', '<button formaction="javascript:alert(1)">x</button>'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
    ['base href', '<base href="javascript:alert(1)//">'],
    ['link stylesheet', '<link rel="stylesheet" href="javascript:alert(1)">'],
    ['object data', '<object data="javascript:alert(1)"></object>'],
    ['embed src', '<embed src="javascript:alert(1)">'],
    ['HTML comment hiding a script', '<!-- --><script>alert(1)</script><!-- -->'],
    ['script inside an HTML comment', 'text <!-- <script>alert(1)</script> --> more'],
    ['nested brackets', '[[x](javascript:alert(1))](https://ok.example)'],
    ['nested image in a link', '[![x](javascript:alert(1))](javascript:alert(2))'],
    ['details ontoggle', '<details open ontoggle=alert(1)>'],
    ['math/xlink href', '<math><a xlink:href="javascript:alert(1)">x</a></math>'],
    ['raw HTML inside a table cell', '| a |\n|---|\n| <img src=x onerror=alert(1)> |'],
    ['link title breaking out of the attribute', '[x](https://ok.example "a\\" onmouseover=\\"alert(1)")'],
  ])('%s', (_name, markdown) => {
    const html = renderMarkdown(markdown);
    // Element names cannot hide in text: text never holds a raw `<` (it is written as &#x3C;).
    for (const banned of [
      '<script',
      '<form',
      '<iframe',
      '<style',
      '<object',
      '<embed',
      '<svg',
      '<meta',
      '<base',
      '<link',
      '<input',
    ])
      expect(html.toLowerCase()).not.toContain(banned);
    // Attributes are checked on the markup only: a payload may survive as harmless visible text
    // (the autolink `<javascript:alert(1)>` shows its own text, a link title may quote ` onmouseover=`),
    // but never as an attribute name or a URL the browser would follow.
    expect(html.replace(TAG, '')).not.toContain('<');
    for (const { name, value } of attributesOf(html)) {
      expect(name).not.toMatch(/^on|^srcdoc$|^style$|^formaction$|^xlink:href$/);
      expect(value).not.toMatch(/javascript:|vbscript:|data:/i);
    }
  });

  it.each([
    ['<script>alert(1)</script>', ''],
    ['<img src=x onerror=alert(1)>', ''],
    ['[click](javascript:alert(1))', '<p><span>click</span></p>'],
    ['<a href="javascript:alert(1)">x</a>', '<p>x</p>'],
  ])('renders %j exactly as %j', (markdown, expected) => {
    expect(renderMarkdown(markdown)).toBe(expected);
  });
});

describe('markdownToPlainText', () => {
  it.each([
    ['strips inline marks', '**Bold** and *italic* and `code` and ~~gone~~', 'Bold and italic and code and gone'],
    ['puts blocks on separate lines', '# Title\n\nFirst para.\n\n- a\n- b', 'Title\nFirst para.\na\nb'],
    ['keeps link text, drops the URL', 'Read [the report](https://example.com).', 'Read the report.'],
    ['drops images', 'Before ![a chart](https://x.example/c.png) after', 'Before after'],
    ['drops raw HTML', '<div>hidden</div>\n\nShown', 'Shown'],
    ['keeps code blocks', '```js\nlet x = 1;\n```', 'let x = 1;'],
    ['collapses whitespace', 'a   b\tc', 'a b c'],
    ['splits table cells', '| a | b |\n|---|---|\n| 1 | 2 |', 'a\nb\n1\n2'],
    ['handles empty input', '', ''],
  ])('%s', (_name, markdown, expected) => {
    expect(markdownToPlainText(markdown)).toBe(expected);
  });
});

describe('countWords', () => {
  it.each([
    ['', 0],
    ['one', 1],
    ['# Heading\n\nTwo words.', 3],
    ['**bold** *italic*', 2],
    ['Dash — is not a word - either', 6],
    ['[a link](https://example.com/with/many/segments)', 2],
    ['Åre och Malmö', 3],
  ])('%j has %i words', (markdown, expected) => {
    expect(countWords(markdown)).toBe(expected);
  });
});
