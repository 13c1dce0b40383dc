import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  countWords,
  MARKDOWN_LIMIT_MESSAGES,
  MarkdownRenderError,
  markdownToPlainText,
  nodeToText,
  renderMarkdown,
  renderPost,
  sanitizeSchema,
  type MdastNode,
} from './markdown.ts';

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

describe('MarkdownRenderError', () => {
  it('is an Error that carries the reader-facing reason', () => {
    const error = new MarkdownRenderError('Too deep');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('MarkdownRenderError');
    expect(error.reason).toBe('Too deep');
    expect(error.message).toBe('Too deep');
  });
});

describe('markdown that nests deeper than the stack allows', () => {
  // 15,000 quotes overflow micromark itself (from about 11,000); renderMarkdown refuses them before parsing.
  const tooDeepToParse = '>'.repeat(15_000) + ' x';

  it('is refused by renderMarkdown and renderPost with the reason, not a RangeError', () => {
    for (const render of [renderMarkdown, renderPost]) {
      expect(() => render(tooDeepToParse)).toThrow(MarkdownRenderError);
      expect(() => render(tooDeepToParse)).toThrow(MARKDOWN_LIMIT_MESSAGES.depth);
    }
  });

  it('makes the plain text and word count throw MarkdownRenderError, not a RangeError', () => {
    for (const read of [markdownToPlainText, countWords]) {
      expect(() => read(tooDeepToParse)).toThrow(MarkdownRenderError);
    }
  });

  it('still reads as plain text when the parser copes (5,000 quotes)', () => {
    const deep = '>'.repeat(5_000) + ' deep *words*';
    expect(markdownToPlainText(deep)).toBe('deep words');
    expect(countWords(deep)).toBe(2);
  });

  it('reads any tree as text without recursion', () => {
    let node: MdastNode = { type: 'text', value: 'x' };
    for (let level = 0; level < 100_000; level++) node = { type: 'emphasis', children: [node] };
    expect(nodeToText({ type: 'root', children: [{ type: 'paragraph', children: [node] }] })).toBe('x');
  });
});

const SEED_DIR = new URL('../../api/src/db/seed/articles/', import.meta.url);
/** Seed article bodies, read as the API's seeder reads them: the markdown after the frontmatter. */
const SEEDS = readdirSync(SEED_DIR)
  .filter((file) => file.endsWith('.md'))
  .sort()
  .map((file) => {
    const match = /^---\r?\n[\s\S]*?\r?\n---\r?\n([\s\S]*)$/.exec(readFileSync(new URL(file, SEED_DIR), 'utf8'));
    return [file, match?.[1]?.trim() ?? ''] as const;
  });

/** A realistic 1,500-word article: the seed articles' blocks, in order, until 1,500 words. */
const ARTICLE_1500 = (() => {
  const blocks: string[] = [];
  for (const block of SEEDS.flatMap(([, body]) => body.split(/\n{2,}/))) {
    blocks.push(block);
    if (countWords(blocks.join('\n\n')) >= 1_500) break;
  }
  return blocks.join('\n\n');
})();

const sha = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * Digests of the seed articles and of their HTML and plain text as rendered before the limits
 * were added (the renderer of commit bbd2134), keyed by the article's own digest. A seed edited
 * since has no entry and is left out here; the limits test still reads every seed.
 */
const RENDERED_BEFORE_LIMITS: Record<string, [html: string, text: string]> = {
  '4032368f3e4f7bf0': ['8553e4bfae154bb2', 'da0f1dc2f7848b15'],
  e974557921cee2fb: ['e44de855091de2dc', 'a5f29587d7aae5ae'],
  '3f8489dee23dd528': ['f16b21bfcb96a571', 'e89b244104619c2e'],
  fa38a8750e62b733: ['41dcd3dae0d346db', '9540dd3f949de8a3'],
  cf756ad33d017892: ['8daa5f23d3cb22e4', '52f6dcd27c452c67'],
  '92bd23e0ab787254': ['2d213a0dedaabd63', 'f764112f25eea4b1'],
  '8eeef059ad01f1ba': ['9fae7366c4a305d8', '37a2d55670d95bec'],
  dc46373c64f91306: ['89bc9a2ba618194d', '14ca8c89a305bb77'],
  f5c064d3071dbaff: ['08af564b1c3492c7', '36c7ee7bfb37ee18'],
  ef70046249fc4f1c: ['12ccfbce010043fe', 'babf0062b5984982'],
  '77d568c8446074fa': ['67ba7f654b6ad3a5', '29d324db9d2cab81'],
  '200ec0a8de289eaf': ['c99960481df48259', 'e5f8912634fb5c44'],
  '068006eb13f9c79e': ['48d001077aadf161', '912b15d332978484'],
  ec94851e5c1bc657: ['79288b7bffbbd909', '82d036ae03ca1780'],
};

describe('seed articles', () => {
  it('are all read', () => {
    expect(SEEDS.length).toBeGreaterThanOrEqual(12);
    expect(countWords(ARTICLE_1500)).toBeGreaterThanOrEqual(1_500);
  });

  const unchanged = SEEDS.filter(([, body]) => sha(body) in RENDERED_BEFORE_LIMITS);

  it('still include seeds rendered before the limits', () => {
    expect(unchanged.length).toBeGreaterThan(0);
  });

  it.each(unchanged)('%s renders as it did before the limits', (_file, body) => {
    expect([sha(renderMarkdown(body)), sha(markdownToPlainText(body))]).toEqual(RENDERED_BEFORE_LIMITS[sha(body)]);
  });
});

describe('renderPost', () => {
  it.each([
    ...SEEDS,
    ['a 1,500-word article', ARTICLE_1500],
    [
      'every construct',
      '# T\n\n> **b** *i* ~~s~~ `c` [l](https://x.example) ![i](/i.png)\n\n- [x] t\n\n| a |\n|---|\n| 1 |\n\nN[^1]\n\n[^1]: F',
    ],
    ['raw HTML', '<div>hidden</div>\n\nShown <b>x</b>'],
    ['an empty body', ''],
  ] as const)('gives %s the HTML and text of renderMarkdown and markdownToPlainText', (_name, body) => {
    // Without the library, a library image's number names nothing: it shows its alt text.
    const unknown = /<img src="\/media\/\d+" alt="([^"]*)" loading="lazy">/g;
    expect(renderPost(body)).toEqual({
      html: renderMarkdown(body).replace(unknown, (_img, alt: string) => `<span>${alt}</span>`),
      text: markdownToPlainText(body),
      images: { used: [], withoutAlt: [] },
    });
  });
});
