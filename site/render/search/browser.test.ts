/**
 * The browser client (site/lib/browser/pagefind.ts) in real Chromium against a folder this module writes: a post
 * added by apply() is found at once in an open page, and a removed one stops being found.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { stripTypeScriptTypes } from 'node:module';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSearchIndex, type SearchIndex } from './index.ts';
import { own, record, serveFolder, type Served } from './test-support.ts';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const LIB = new URL('../../lib/', import.meta.url).pathname;

let root: string;
let server: Served;
let browser: Browser;
let page: Page;
let index: SearchIndex;
const errors: string[] = [];

beforeAll(async () => {
  if (!existsSync(CHROME))
    throw new Error(`Chromium not found at ${CHROME} (apt-get install -y chromium, or set CHROME_PATH)`);
  root = await mkdtemp(join(tmpdir(), 'search-browser-'));
  index = await openSearchIndex(join(root, 'pagefind'), { shardSize: 3, graceMs: 0 });
  await index.rebuild([1, 2, 3, 4, 5].map((id) => record(id)));
  // The site's client modules, served as the browser gets them (types stripped; type-only imports vanish).
  server = await serveFolder(root, async (path) => {
    if (path === '/')
      return ['text/html', '<!doctype html><html lang="en"><head><title>search</title></head><body></body></html>'];
    if (!path.startsWith('/lib/') || !path.endsWith('.ts')) return null;
    const file = normalize(join(LIB, path.slice('/lib/'.length)));
    return file.startsWith(LIB) && existsSync(file)
      ? ['text/javascript', stripTypeScriptTypes(readFileSync(file, 'utf8'))]
      : null;
  });
  browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu'] });
  page = await browser.newPage();
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(`${server.url}/`);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** searchArticles in the page: the total and the slugs of all hits' cards. */
async function search(term: string, category = ''): Promise<{ total: number; slugs: string[] } | null> {
  // A string, not a function: vitest rewrites import() inside functions of this file.
  return page.evaluate(`(async () => {
    const client = await import('/lib/browser/pagefind.ts');
    const hits = await client.searchArticles(${JSON.stringify(term)}, ${JSON.stringify(category)});
    if (!hits) return null;
    const cards = await hits.cards(0, 100);
    return { total: hits.total, slugs: cards.map((c) => c.slug).sort() };
  })()`);
}

describe('search in the browser', () => {
  it('finds a post added by apply() and stops finding a removed one', async () => {
    expect(await search('common')).toEqual({ total: 5, slugs: ['post-1', 'post-2', 'post-3', 'post-4', 'post-5'] });
    expect(await search('okapiword')).toEqual({ total: 0, slugs: [] });

    await index.apply({ upsert: [record(9, 'okapiword', 'Deal Watch')], remove: [] });
    expect(await search('okapiword')).toEqual({ total: 1, slugs: ['post-9'] });
    expect(await search('common', 'Deal Watch')).toEqual({ total: 1, slugs: ['post-9'] });

    await index.apply({ upsert: [{ ...record(2), text: 'Rewritten without the shared word.' }], remove: [3] });
    expect(await search(own(3))).toEqual({ total: 0, slugs: [] });
    expect(await search('common')).toEqual({ total: 4, slugs: ['post-1', 'post-4', 'post-5', 'post-9'] });
    expect(await search('rewritten')).toEqual({ total: 1, slugs: ['post-2'] });

    await index.compact(async ({ from, to }) =>
      [1, 2, 4, 5, 9]
        .filter((id) => id >= from && id <= to)
        .map((id) =>
          id === 9
            ? record(9, 'okapiword', 'Deal Watch')
            : id === 2
              ? { ...record(2), text: 'Rewritten without the shared word.' }
              : record(id),
        ),
    );
    expect(index.pending()).toBe(0);
    expect(await search('common')).toEqual({ total: 4, slugs: ['post-1', 'post-4', 'post-5', 'post-9'] });
    expect(await search(own(3))).toEqual({ total: 0, slugs: [] });
    expect(errors).toEqual([]);
  });
});
