import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { gunzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, request, test, type Browser, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { login } from './fixtures.ts';

/** The server under test's data folder (scripts/e2e-server.sh: DATA_DIR is data/e2e-<port>). */
const DATA = join(import.meta.dirname, '..', 'data', `e2e-${new URL(baseURL).port}`);
const LIVE = join(DATA, 'site', 'current');

/**
 * Every file of the live site folder as text, search bundles (gzip) unpacked: what any reader could fetch. The
 * renderer keeps writing in the background (search bundles go through temporary folders renamed into place), so a
 * walk that meets a file removed after it was listed is started again, until one reads every file it listed.
 */
function liveSiteText(): string[] {
  for (let attempt = 1; ; attempt++) {
    try {
      return readLiveSite();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 20) throw error;
    }
  }
}

function readLiveSite(): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(LIVE, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const bytes = readFileSync(join(entry.parentPath, entry.name));
    let text = bytes;
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      try {
        text = gunzipSync(bytes);
      } catch {
        text = bytes;
      }
    }
    out.push(text.toString('utf8'));
  }
  return out;
}

async function createPost(page: Page, fields: { title: string; content: string; published: boolean }) {
  const res = await page.request.post('/api/posts', {
    headers: { Origin: baseURL },
    data: {
      excerpt: 'A post made for the preview journey.',
      category: 'Analysis Drop',
      tags: ['preview'],
      authorName: 'Dr. Astrid Lindqvist',
      readTime: 4,
      ...fields,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number; slug: string; title: string };
}

/** A browser without the editor's session: a fresh context, nothing shared. */
async function anonymousPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cspViolations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) cspViolations.push(msg.text());
  });
  return { context, page, cspViolations };
}

function panel(page: Page) {
  return page.getByRole('region', { name: 'Share preview' });
}

async function shareLink(page: Page, validity?: { amount: string; unit: 'Hours' | 'Days' }): Promise<string> {
  const share = panel(page);
  if (validity) {
    await share.getByLabel('Valid for').fill(validity.amount);
    await share.getByRole('combobox', { name: 'Unit' }).click();
    await page.getByRole('option', { name: validity.unit }).click();
  }
  await share.getByRole('button', { name: 'Share preview' }).click();
  const field = share.getByLabel('New preview link');
  await expect(field).toHaveValue(/\/preview\/[A-Za-z0-9_-]{43}$/);
  const url = await field.inputValue();
  await share.getByRole('button', { name: 'Done' }).click();
  await expect(share.getByLabel('New preview link')).toHaveCount(0);
  return url;
}

test('a preview link shows the draft to an anonymous browser, stops when revoked or expired, and never reaches the public site', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const secret = `quokkasecret${Date.now()}`;
  const draft = await (async () => {
    await login(page);
    return createPost(page, {
      title: `Preview journey ${secret}`,
      content: `## Findings\n\nThe ${secret} paragraph nobody outside may read yet.`,
      published: false,
    });
  })();

  // The dashboard: the draft's card has Preview where published cards have View.
  await page.goto('/admin');
  const card = page.getByRole('article', { name: draft.title });
  await expect(card.getByRole('link', { name: `Preview ${draft.title} (opens in a new tab)` })).toBeVisible();
  await expect(card.getByRole('link', { name: /^View / })).toHaveCount(0);
  const published = page
    .getByRole('article')
    .filter({ has: page.getByText('Published', { exact: true }) })
    .first();
  await expect(published.getByRole('link', { name: /^View / })).toBeVisible();
  await expect(published.getByRole('link', { name: /^Preview / })).toHaveCount(0);
  const [own] = await Promise.all([
    page.context().waitForEvent('page'),
    card.getByRole('link', { name: `Preview ${draft.title} (opens in a new tab)` }).click(),
  ]);
  await expect(own.getByText('Preview — not published')).toBeVisible();
  await expect(own.getByRole('heading', { level: 1, name: draft.title })).toBeVisible();
  await own.close();

  // The editor makes a link (7 days by default) and copies it.
  await page.goto(`/admin/edit/${draft.id}`);
  await expect(page.getByRole('heading', { name: 'Edit Post' })).toBeVisible();
  const url = await shareLink(page);
  const links = panel(page).getByRole('list', { name: 'Preview links' });
  await expect(links.getByTestId('preview-link')).toHaveCount(1);
  await expect(links.getByTestId('preview-link').first()).toContainText('Active');
  await expect(links.getByTestId('preview-link').first()).toContainText('Not opened yet');

  // Someone without an account opens it: the site's own article page, marked as a preview, out of every index.
  const reader = await anonymousPage(browser);
  const res = await reader.page.goto(url);
  expect(res?.status()).toBe(200);
  expect(res?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  expect(res?.headers()['cache-control']).toBe('private, no-store');
  expect(res?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(reader.page.getByText('Preview — not published')).toBeVisible();
  await expect(reader.page.getByRole('heading', { level: 1, name: draft.title })).toBeVisible();
  await expect(reader.page.getByRole('heading', { level: 2, name: 'Findings' })).toBeVisible();
  await expect(reader.page.getByText(`The ${secret} paragraph nobody outside may read yet.`)).toBeVisible();
  await expect(reader.page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  // The site's stylesheet applies (the header is the site's), and the page breaks no rule of the site's policy.
  await expect(reader.page.getByRole('link', { name: 'Northwire home' })).toBeVisible();
  expect(await reader.page.locator('header').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
  const axe = await new AxeBuilder({ page: reader.page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  expect(reader.cspViolations).toEqual([]);
  // The editor's list now says it was opened.
  await page.reload();
  await expect(panel(page).getByTestId('preview-link').first()).toContainText(/Last opened/);

  // Revoked: the same address answers the one "not available" page.
  // Revoking cannot be undone, so it asks first: cancelled, the link still works.
  await panel(page).getByRole('button', { name: 'Revoke' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke this preview link?' });
  await expect(confirm).toContainText('This cannot be undone');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(panel(page).getByTestId('preview-link').first()).toContainText('Active');
  expect((await reader.page.reload())?.status()).toBe(200);
  await panel(page).getByRole('button', { name: 'Revoke' }).click();
  await confirm.getByRole('button', { name: 'Revoke link' }).click();
  await expect(panel(page).getByTestId('preview-link').first()).toContainText('Revoked');
  const revoked = await reader.page.reload();
  expect(revoked?.status()).toBe(404);
  await expect(reader.page.getByRole('heading', { name: 'Preview not available' })).toBeVisible();
  await expect(reader.page.getByText(secret)).toHaveCount(0);

  // Expired: a one-hour link works, then (its expiry moved into the past in the database, rather than waiting an
  // hour) answers the same page, and the editor's list says Expired.
  const short = await shareLink(page, { amount: '1', unit: 'Hours' });
  expect((await reader.page.goto(short))?.status()).toBe(200);
  await expect(reader.page.getByText(`The ${secret} paragraph nobody outside may read yet.`)).toBeVisible();
  const db = new DatabaseSync(join(DATA, 'app.db'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const tokenHashes = db
      .prepare('SELECT id FROM preview_links WHERE post_id = ? AND revoked_at IS NULL')
      .all(draft.id);
    expect(tokenHashes).toHaveLength(1);
    db.prepare('UPDATE preview_links SET expires_at = ? WHERE post_id = ? AND revoked_at IS NULL').run(
      Date.now() - 1000,
      draft.id,
    );
  } finally {
    db.close();
  }
  const expired = await reader.page.reload();
  expect(expired?.status()).toBe(404);
  await expect(reader.page.getByRole('heading', { name: 'Preview not available' })).toBeVisible();
  await page.reload();
  await expect(panel(page).getByTestId('preview-link').first()).toContainText('Expired');
  await reader.context.close();

  // Nothing public ever showed the draft. A post published meanwhile is the control: it reaches the same places,
  // so the checks below can see what is there.
  const control = `wombatcontrol${Date.now()}`;
  const live = await createPost(page, {
    title: `Preview control ${control}`,
    content: `The ${control} paragraph, published.`,
    published: true,
  });
  const anonymous = await request.newContext({ baseURL });
  try {
    await expect.poll(async () => (await anonymous.get(`/post/${live.slug}`)).status(), { timeout: 15_000 }).toBe(200);
    // The article is written first, then the pages that list it and last the listings' JSON: wait for that.
    const listed = async () => (await (await anonymous.get('/data/posts/all/head.json')).text()).includes(live.slug);
    await expect.poll(listed, { timeout: 15_000 }).toBe(true);
    const paths = [
      '/',
      '/analysis',
      '/sitemap-0.xml',
      '/sitemap-index.xml',
      '/rss.xml',
      '/rss/analysis.xml',
      '/data/posts/all/head.json',
      '/api/posts',
      `/api/posts?search=${secret}`,
      `/api/posts?search=${control}`,
      `/api/posts?search=${secret}&published=false`,
      `/post/${draft.slug}`,
    ];
    const seen = new Map<string, string>();
    for (const path of paths) seen.set(path, await (await anonymous.get(path)).text());
    for (const [path, body] of seen) expect(body, path).not.toContain(secret);
    expect(seen.get('/sitemap-0.xml')).toContain(live.slug);
    expect(seen.get('/rss.xml')).toContain(control);
    expect(seen.get(`/api/posts?search=${control}`)).toContain(control);
    expect((await anonymous.get(`/post/${draft.slug}`)).status()).toBe(404);
    // Search (pagefind's bundles included) and every other file of the live site.
    await expect.poll(() => liveSiteText().some((t) => t.includes(control)), { timeout: 30_000 }).toBe(true);
    expect(liveSiteText().filter((t) => t.includes(secret))).toEqual([]);
  } finally {
    await anonymous.dispose();
  }
  for (const id of [draft.id, live.id]) {
    expect((await page.request.delete(`/api/posts/${id}`, { headers: { Origin: baseURL } })).ok()).toBeTruthy();
  }
});
