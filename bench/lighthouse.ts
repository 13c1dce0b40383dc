/**
 * The reader-experience budgets on the seeded site, as one table:
 *
 * - Lighthouse (mobile preset, simulated throttling, Debian Chromium) on home, an article, every category page and
 *   every static page: the four scores, LCP, TBT and CLS;
 * - in Chromium driven by Playwright: the script a page loads while left alone for 3 s after load, the script after
 *   every interaction a reader can make there (typing a search, a filter, scrolling, the share menu, Save), and
 *   INP (the slowest of those interactions, from the Event Timing API);
 * - the admin's initial load: every script the login form needs (gzip).
 *
 * - an article with a 2400-px photo-like feature image and three body images (uploaded and published first): the
 *   bytes of its hero at a 375-px phone (density 2), and whether any image below the fold is fetched before scrolling.
 *
 * `node bench/lighthouse.ts` measures everything; `node bench/lighthouse.ts / /analysis` only the paths given
 * (`article` stands for the newest article, `pictured` for the one with images).
 */
import { spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CATEGORY_ROUTES } from 'content-schema/categories';
import { chromiumLaunch } from '../e2e/playwright-base.ts';
import { freshData, login, photo, ROOT, startServer } from './lib.ts';

const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

const STATIC_PAGES = [
  '/about',
  '/accessibility',
  '/contact',
  '/cookies',
  '/corrections',
  '/ethics',
  '/guidelines',
  '/licensing',
  '/methodology',
  '/privacy',
  '/privacy-settings',
  '/review-process',
  '/saved',
  '/status',
  '/terms',
  '/tip',
];

interface LighthouseRow {
  scores: [number, number, number, number];
  lcp: number;
  tbt: number;
  cls: number;
}

interface ScriptRow {
  /** gzip bytes of script loaded by a page left alone for 3 s after load. */
  idle: number;
  /** gzip bytes after every interaction. */
  after: number;
  /** The slowest interaction's duration (ms), or null when none was measured. */
  inp: number | null;
}

function lighthouse(url: string, out: string): LighthouseRow | string {
  const r = spawnSync(
    process.execPath,
    [
      'node_modules/lighthouse/cli/index.js',
      url,
      `--chrome-flags=${CHROME_FLAGS}`,
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      '--quiet',
    ],
    {
      cwd: ROOT,
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) return `failed (${r.stderr.slice(-200).trim()})`;
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number }>;
  };
  const s = (k: string) => Math.round((report.categories[k]?.score ?? 0) * 100);
  const a = (k: string) => report.audits[k]?.numericValue ?? NaN;
  return {
    scores: [s('performance'), s('accessibility'), s('best-practices'), s('seo')],
    lcp: a('largest-contentful-paint'),
    tbt: a('total-blocking-time'),
    cls: a('cumulative-layout-shift'),
  };
}

/** Counts the gzip size of every script response the page receives from now on. */
function scriptCounter(page: Page): () => number {
  let bytes = 0;
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    void res
      .body()
      .then((body) => (bytes += gzipSync(body).length))
      .catch(() => undefined);
  });
  return () => bytes;
}

/** Every interaction a reader can make on the page, as far as the page has it. */
async function interact(page: Page): Promise<void> {
  const search = page.locator('input[type="search"][name="search"]:not([id$="-search"])').first();
  if (await search.count()) {
    await search.click();
    await page.keyboard.type('regulation', { delay: 30 });
    await page.waitForTimeout(800);
    await search.fill('');
  }
  const filter = page.getByRole('group', { name: 'Filter by category' }).getByRole('button').nth(1);
  if (await filter.count()) await filter.click();
  const share = page.locator('.share-menu > summary');
  if (await share.count()) {
    await share.click();
    await page.locator('.share-menu').getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('button', { name: /^(Save|Saved)$/ }).click();
  }
  // A reader form wakes at the first touch of a field (and typing is all a reader does before sending).
  const field = page.locator('form[action="/api/messages"] input:not([type="hidden"]):not([tabindex="-1"])').first();
  if (await field.count()) {
    await field.click();
    await page.keyboard.type('Ada', { delay: 30 });
  }
  const accept = page.getByRole('button', { name: 'Accept All' });
  if (await accept.count()) await accept.first().click();
  await page.mouse.wheel(0, 20_000);
  await page.waitForTimeout(1000);
  await page.waitForLoadState('networkidle');
}

async function scripts(page: Page, url: string): Promise<ScriptRow> {
  await page.goto('about:blank');
  const counted = scriptCounter(page);
  await page.goto(url);
  await page.evaluate(() => {
    const w = window as unknown as { __inp: number };
    w.__inp = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__inp = Math.max(w.__inp, e.duration);
    }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  });
  await page.waitForTimeout(3000);
  const idle = counted();
  await interact(page);
  const inp = await page.evaluate(() => (window as unknown as { __inp: number }).__inp);
  const after = counted();
  page.removeAllListeners('response');
  return { idle, after, inp: inp > 0 ? inp : null };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const PARAGRAPH =
  'Grid operators across the Nordics now publish connection queues that run to years, and the projects waiting in ' +
  'them outnumber the capacity that will be built this decade. Developers respond by buying sites with existing ' +
  'connections, by sharing them with storage, and by accepting curtailment in exchange for an earlier date. ';

/** Uploads an image and gives it alt text; its library number. */
async function libraryImage(url: string, cookie: string, bytes: Buffer, alt: string): Promise<number> {
  const headers = { Cookie: cookie, Origin: url };
  const res = await fetch(`${url}/api/media`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'image/jpeg', 'X-File-Name': 'photo.jpg' },
    body: new Uint8Array(bytes),
  });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}`);
  const { id } = (await res.json()) as { id: number };
  await fetch(`${url}/api/media/${id}`, {
    method: 'PUT',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ alt }),
  });
  return id;
}

/** Publishes an article with a 2400 × 1600 feature image and three 1600-px body images; its path once live. */
async function picturedArticle(url: string): Promise<string> {
  const cookie = await login(url);
  const feature = await libraryImage(url, cookie, await photo(2400, 1600, 3), 'A harbour at dawn under a red sun');
  const body: number[] = [];
  for (const seed of [4, 5, 6])
    body.push(await libraryImage(url, cookie, await photo(1600, 1067, seed), `Chart ${seed}`));
  const paragraphs = Array.from({ length: 12 }, (_, i) => `${PARAGRAPH.repeat(2)}(${i + 1})`);
  body.forEach((id, i) => paragraphs.splice(3 + i * 4, 0, `![Figure ${i + 1}](/media/${id})`));
  const res = await fetch(`${url}/api/posts`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: url, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      title: 'Connection queues are the real bottleneck of the Nordic grid',
      excerpt: 'Why waiting lists for grid connections, not turbines or chips, decide what gets built and where.',
      content: paragraphs.join('\n\n'),
      category: 'Energy Future',
      authorName: 'Sofie Bergström',
      published: true,
      featureImage: { id: feature, focusX: 50, focusY: 40 },
    }),
  });
  if (res.status !== 201)
    throw new Error(`publishing the pictured article answered ${res.status}: ${await res.text()}`);
  const path = `/post/${((await res.json()) as { slug: string }).slug}`;
  for (let i = 0; i < 300 && (await fetch(`${url}${path}`)).status !== 200; i++) await sleep(100);
  return path;
}

/** The pictured article on a 375-px phone: the hero's bytes, and the body images fetched before any scroll. */
async function heroOnPhone(browser: Browser, url: string): Promise<{ hero: number; file: string; early: number }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 667 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const sizes = new Map<string, number>();
  page.on('requestfinished', async (r) => {
    if (new URL(r.url()).pathname.startsWith('/media/')) sizes.set(r.url(), (await r.sizes()).responseBodySize);
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  const file = await page
    .getByTestId('feature-image')
    .locator('img')
    .evaluate((el: HTMLImageElement) => el.currentSrc);
  const hero = sizes.get(file) ?? 0;
  const early = [...sizes.keys()].filter((u) => u !== file).length;
  await context.close();
  return { hero, file, early };
}

async function main(): Promise<void> {
  const data = await freshData('lighthouse');
  const server = await startServer({ dir: data.dir, port: 4394, readyTimeoutMs: 300_000 });
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const posts = (await (await fetch(`${server.url}/api/posts?published=true&limit=1`)).json()) as { slug: string }[];
    const article = `/post/${posts[0]!.slug}`;
    const pictured = await picturedArticle(server.url);
    const all = ['/', article, pictured, ...CATEGORY_ROUTES.map((r) => `/${r.path}`), ...STATIC_PAGES];
    const asked = process.argv.slice(2).map((p) => (p === 'article' ? article : p === 'pictured' ? pictured : p));
    const pages = asked.length ? asked : all;

    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    const rows: string[] = [];
    const header = 'page'.padEnd(34) + ' perf a11y  bp seo   LCP ms  TBT ms    CLS  JS 3 s  JS after   INP ms';
    for (const path of pages) {
      const lh = lighthouse(`${server.url}${path}`, join(data.dir, 'lh.json'));
      const js = await scripts(page, `${server.url}${path}`);
      const label = path.length > 33 ? `${path.slice(0, 30)}...` : path;
      const lhText =
        typeof lh === 'string'
          ? `lighthouse ${lh}`.padEnd(40)
          : `${lh.scores.map((s) => String(s).padStart(4)).join('')} ${lh.lcp.toFixed(0).padStart(8)} ${lh.tbt
              .toFixed(0)
              .padStart(7)} ${lh.cls.toFixed(3).padStart(6)}`;
      const line = `${label.padEnd(34)}${lhText} ${kb(js.idle).padStart(6)} ${kb(js.after).padStart(9)} ${(js.inp === null ? '-' : js.inp.toFixed(0)).padStart(8)}`;
      rows.push(line);
      console.log(rows.length === 1 ? `${header}\n${line}` : line);
    }
    console.log(
      '(Lighthouse mobile, simulated throttling; JS in KB gzip: loaded by a page left alone for 3 s after load, and ' +
        'after every interaction; INP: slowest interaction, Event Timing, unthrottled. Budgets: 100/100/100/100, ' +
        'LCP ≤ 800 ms, 0 KB at 3 s on reading pages, ≤ 60 KB after interaction.)',
    );

    if (pages.includes(pictured)) {
      const phone = await heroOnPhone(browser, `${server.url}${pictured}`);
      console.log(
        `pictured article on a 375-px phone (density 2): hero ${kb(phone.hero)} KB (${phone.file.split('.').at(-1)}, ` +
          `budget ≤ 60 KB AVIF); images below the fold fetched before scrolling: ${phone.early} (budget 0)`,
      );
    }

    // The admin's initial load: everything the login form needs, as the browser fetches it.
    const admin = await context.newPage();
    const adminBytes = scriptCounter(admin);
    await admin.goto(`${server.url}/admin/login`);
    await admin.getByLabel('Password').waitFor();
    await admin.waitForLoadState('networkidle');
    console.log(`admin initial JavaScript (login form): ${kb(adminBytes())} KB gzip (budget ≤ 150 KB)`);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    data.cleanup();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
