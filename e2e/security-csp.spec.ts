import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { hydrated, publishedPosts } from './site-helpers.ts';

/** The live site folder of the server under test (scripts/e2e-server.sh: DATA_DIR is data/e2e-<port>). */
const LIVE = join(import.meta.dirname, '..', 'data', `e2e-${new URL(baseURL).port}`, 'site', 'current');

/** An inline script the browser would run: no src, and a JavaScript type (JSON-LD and other data blocks are not). */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
function executableInlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const [, attrs, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attrs!)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs!)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    found.push(body!);
  }
  return found;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

function scriptSrc(csp: string | null): string[] {
  const directive =
    csp
      ?.split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src ')) ?? '';
  return directive.split(/\s+/).slice(1);
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
}

/**
 * Records every CSP violation the page reports across navigations, as events (listened to before any page
 * script runs; init scripts and exposed functions are not subject to the page's policy) and as console messages.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (/Content[- ]Security[- ]Policy/i.test(msg.text())) seen.push(`console: ${msg.text()}`);
  });
  await page.exposeFunction('__reportCsp', (v: string) => seen.push(v));
  await page.addInitScript(() => {
    const report = (window as unknown as { __reportCsp: (v: string) => void }).__reportCsp;
    document.addEventListener('securitypolicyviolation', (e) => {
      report(
        `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sample}) on ${location.pathname} by ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      );
    });
  });
  return seen;
}

test.describe('Content-Security-Policy', () => {
  test("every inline script of every rendered page is allowed by the site policy's hashes", async ({ request }) => {
    const res = await request.get('/');
    const allowed = scriptSrc(res.headers()['content-security-policy'] ?? null);
    expect(allowed).toContain("'self'");
    expect(allowed).not.toContain("'unsafe-inline'");
    const files = htmlFiles(LIVE);
    expect(files.length, 'the live site folder has pages').toBeGreaterThan(20);
    const refused: string[] = [];
    let inline = 0;
    for (const file of files) {
      const html = readFileSync(file, 'utf8');
      for (const script of executableInlineScripts(html)) {
        inline++;
        if (!allowed.includes(sha256(script)))
          refused.push(`${relative(LIVE, file)}: ${sha256(script)} ${script.slice(0, 80)}`);
      }
      // style-src allows no <style> element on the site: stylesheets are files.
      expect(html, relative(LIVE, file)).not.toMatch(/<style[\s>]/i);
    }
    expect(refused).toEqual([]);
    // Not vacuous: the pages with islands do carry Astro's inline scripts.
    expect(inline).toBeGreaterThan(files.length / 4);

    const admin = await request.get('/admin/login');
    expect(scriptSrc(admin.headers()['content-security-policy'] ?? null)).toEqual(["'self'"]);
    expect(executableInlineScripts(await admin.text())).toEqual([]);
  });

  test('the browser refuses a script that reached a page past the sanitiser, and runs the allowed ones', async ({
    page,
  }) => {
    // Astro's island element script, as the home page carries it: allowed by its hash.
    const island = executableInlineScripts(readFileSync(join(LIVE, 'index.html'), 'utf8')).find((s) =>
      s.includes('astro-island'),
    );
    expect(island, "the home page carries Astro's island script").toBeTruthy();
    const probe = join(LIVE, 'csp-probe.html');
    const external = join(LIVE, 'csp-probe.js');
    writeFileSync(external, 'window.__external = true;');
    writeFileSync(
      probe,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>probe</title></head><body>
<p id="target">untouched</p>
<script>window.__injected = true; document.getElementById('target').textContent = 'injected';</script>
<img src="/no-such-image.png" alt="" onerror="window.__handler = true">
<a id="js-link" href="javascript:window.__link = true">link</a>
<script src="data:text/javascript,window.__dataUrl = true"></script>
<script src="/csp-probe.js"></script>
<script>${island}</script>
</body></html>`,
    );
    try {
      const seen = await watchViolations(page);
      const res = await page.goto('/csp-probe');
      expect(res?.status()).toBe(200);
      await page.locator('#js-link').click();
      // Positive controls: a same-origin script file and the hashed inline island script both ran.
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __external?: boolean }).__external))
        .toBe(true);
      expect(await page.evaluate(() => customElements.get('astro-island') !== undefined)).toBe(true);
      // The injected inline script, event handler, javascript: link and data: script did not.
      expect(
        await page.evaluate(() => {
          const w = window as unknown as Record<string, unknown>;
          return [w.__injected, w.__handler, w.__link, w.__dataUrl];
        }),
      ).toEqual([undefined, undefined, undefined, undefined]);
      await expect(page.locator('#target')).toHaveText('untouched');
      await expect.poll(() => seen.filter((v) => !v.startsWith('console:')).length).toBeGreaterThanOrEqual(4);
      expect(seen.some((v) => v.startsWith('script-src-elem blocked inline'))).toBe(true);
      expect(seen.some((v) => v.startsWith('script-src-attr blocked inline'))).toBe(true);
      expect(seen.some((v) => v.startsWith('script-src-elem blocked data'))).toBe(true);
      // The same refusals reach the console, which the next test watches.
      expect(seen.some((v) => v.startsWith('console:'))).toBe(true);
      expect(scriptSrc(res?.headers()['content-security-policy'] ?? null)).not.toContain("'unsafe-inline'");
    } finally {
      rmSync(probe, { force: true });
      rmSync(external, { force: true });
    }
  });

  test('no page logs a CSP violation in normal use', async ({ page, request }) => {
    const seen = await watchViolations(page);
    const [post] = await publishedPosts(request);
    expect(post, 'a published post').toBeTruthy();

    // Home: the search island hydrates and searches (pagefind compiles its WebAssembly).
    await page.goto('/');
    await hydrated(page);
    const latest = page.getByRole('region', { name: 'Latest Articles' });
    await latest.getByPlaceholder('Search posts...').fill(post!.title.split(' ')[0]!);
    await expect(page).toHaveURL(/search=/);
    await expect(page.getByRole('link', { name: post!.title }).first()).toBeVisible();

    // A listing opened with a query: its script (a file now) marks the page before the island wakes.
    await page.addInitScript(() => {
      const w = window as unknown as { __marked?: boolean };
      new MutationObserver(() => {
        if (document.documentElement?.hasAttribute('data-listing-query')) w.__marked = true;
      }).observe(document, {
        attributes: true,
        subtree: true,
        childList: true,
        attributeFilter: ['data-listing-query'],
      });
    });
    await page.goto('/analysis?search=zzzz-no-such-term');
    await hydrated(page);
    expect(await page.evaluate(() => (window as unknown as { __marked?: boolean }).__marked)).toBe(true);

    await page.goto(`/post/${post!.slug}`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: post!.title })).toBeVisible();

    // The 404 page picks its article variant with its script (a file now).
    await page.goto('/post/no-such-post-anywhere');
    await expect(page.getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible();

    await page.goto('/admin/login');
    await expect(page.getByLabel('Username')).toBeVisible();

    expect(seen).toEqual([]);
  });
});
