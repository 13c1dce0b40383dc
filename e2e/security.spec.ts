import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { ADMIN } from './fixtures.ts';

const VECTORS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(2)>',
  '<svg onload=alert(3)></svg>',
  '<iframe srcdoc="<script>alert(4)</script>"></iframe>',
  '[click](javascript:alert(5))',
  '[click](JaVaScRiPt:alert(6))',
  '[click](jav&#x09;ascript:alert(7))',
  '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCg4KTwvc2NyaXB0Pg==)',
  '![img](javascript:alert(9))',
  '<a href="javascript:alert(10)">x</a>',
  '<form action="https://evil.example"><input name=q><button>go</button></form>',
  '<style>body{display:none}</style>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<base href="https://evil.example/">',
  '<object data="javascript:alert(11)"></object>',
  '<embed src="javascript:alert(12)">',
  '<details open ontoggle=alert(13)>',
  '<a href="vbscript:msgbox(14)">v</a>',
  '<javascript:alert(15)>',
  '<div style="background:url(javascript:alert(16))">s</div>',
];

/** Every way a page can run injected code or redirect, found in the live DOM; plus the dialogs that fired. */
async function scan(page: Page, root: string): Promise<string[]> {
  return page.evaluate((rootSelector) => {
    const found: string[] = [];
    const scope = document.querySelector(rootSelector) ?? document.body;
    for (const el of scope.querySelectorAll('*')) {
      const tag = el.tagName.toLowerCase();
      if (['script', 'iframe', 'object', 'embed', 'base', 'meta', 'form', 'style', 'link', 'frame'].includes(tag))
        found.push(`<${tag}>`);
      for (const attr of el.attributes) {
        if (attr.name.startsWith('on')) found.push(`${tag}[${attr.name}]`);
        if (attr.name === 'srcdoc') found.push(`${tag}[srcdoc]`);
        if (['href', 'src', 'action', 'formaction', 'data', 'xlink:href'].includes(attr.name)) {
          try {
            const url = new URL(attr.value, document.baseURI);
            if (
              ['javascript:', 'vbscript:'].includes(url.protocol) ||
              (url.protocol === 'data:' && !/^data:image\//.test(attr.value))
            )
              found.push(`${tag}[${attr.name}=${attr.value}]`);
          } catch {
            /* not a URL */
          }
        }
      }
    }
    return found;
  }, root);
}

test('the harness catches an unsanitised payload (positive control)', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.setContent(`<main>${VECTORS[1]}<a href="javascript:alert(1)">x</a></main>`);
  await expect.poll(() => dialogs.length).toBeGreaterThan(0);
  expect(await scan(page, 'main')).toEqual(expect.arrayContaining(['img[onerror]', 'a[href=javascript:alert(1)]']));
});

test('an article full of XSS vectors renders inert on the public site', async ({ page, request }) => {
  const headers = { Origin: baseURL };
  expect((await request.post('/api/auth/login', { data: ADMIN, headers })).ok()).toBeTruthy();
  const created = await request.post('/api/posts', {
    headers,
    data: {
      title: `Sanitiser proof ${Date.now()}`,
      excerpt: 'Every classic injection vector in one article body.',
      content: `## Vectors\n\n${VECTORS.join('\n\n')}\n\nThe end.`,
      category: 'Deep Dive',
      tags: ['security'],
      authorName: 'Dr. Tuomas Ahlroos',
      readTime: 1,
      published: true,
    },
  });
  expect(created.status()).toBe(201);
  const post = await created.json();
  await expect
    .poll(async () => (await request.get(`/post/${post.slug}`)).status(), { timeout: 30_000, intervals: [250] })
    .toBe(200);

  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`/post/${post.slug}`);
  await expect(page.getByText('The end.')).toBeVisible();
  await page.waitForTimeout(500);
  // The body is the part readers' content reaches; the page chrome is ours.
  const bodySelector = (await page.locator('.article-body').count()) ? '.article-body' : 'article';
  expect(await scan(page, bodySelector)).toEqual([]);
  expect(dialogs).toEqual([]);
  expect(new URL(page.url()).origin).toBe(baseURL);

  await request.delete(`/api/posts/${post.id}`, { headers });
});

test('drafts leak nowhere on the public site: pages, feeds, sitemap', async ({ request }) => {
  const headers = { Origin: baseURL };
  expect((await request.post('/api/auth/login', { data: ADMIN, headers })).ok()).toBeTruthy();
  const drafts = (await (await request.get('/api/posts?published=false')).json()) as { slug: string; title: string }[];
  expect(drafts.length).toBeGreaterThan(0);
  for (const path of [
    '/',
    '/rss.xml',
    '/sitemap-index.xml',
    '/sitemap-0.xml',
    '/energy',
    '/architecture',
    '/analysis',
  ]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const text = await res.text();
    for (const d of drafts) {
      expect(text, `${path} mentions draft ${d.slug}`).not.toContain(d.slug);
      expect(text).not.toContain(d.title);
    }
  }
  for (const d of drafts) expect((await request.get(`/post/${d.slug}`)).status()).toBe(404);
});
