/**
 * Text zoomed to 200 % loses nothing (WCAG 1.4.4 and 1.4.10): at a 1280 px window zoomed to 200 % (a
 * 640 px layout viewport) and with only the text enlarged to 200 % at 1280 px, no reading page scrolls sideways,
 * no text is cut off by its box, and the menu, the search form and the article's body stay reachable.
 */
import { expect, test, type Page } from '@playwright/test';
import { publishedPosts } from './site-helpers.ts';

const PAGES = ['/', '/analysis', '/about', '/contact'];

/** Elements whose text is wider than their box and hidden by it: cut-off text a reader cannot get at. */
async function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (
        !el.childNodes.length ||
        ![...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim())
      )
        continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || el.closest('[aria-hidden="true"], .sr-only'))
        continue;
      const hides = style.overflowX === 'hidden' || style.overflowX === 'clip';
      // Text deliberately truncated with an ellipsis keeps its full text in a title or the link's own page.
      if (hides && style.textOverflow !== 'ellipsis' && el.scrollWidth > el.clientWidth + 1)
        out.push(`${el.tagName}: ${el.textContent!.trim().slice(0, 60)}`);
    }
    return out;
  });
}

async function checkPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  const { scrollWidth, innerWidth, widest } = await page.evaluate(() => {
    // The element reaching furthest right outside any box that scrolls or clips it, to name in a failure.
    const contained = (el: HTMLElement) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(a).overflowX)) return true;
      return false;
    };
    let widest = '';
    let right = 0;
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const r = el.getBoundingClientRect().right;
      if (r > right && !contained(el)) [right, widest] = [r, `${el.tagName}.${el.className} (${Math.round(r)} px)`];
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, widest };
  });
  expect(scrollWidth, `${path} scrolls sideways: ${widest}`).toBeLessThanOrEqual(innerWidth);
  expect(await clippedText(page), `${path} cuts text off`).toEqual([]);
}

test.describe('page zoom at 200 % (a 640 px layout viewport)', () => {
  test.use({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 });

  test('reading pages reflow without sideways scrolling or cut-off text', async ({ page, request }) => {
    const [post] = await publishedPosts(request);
    for (const path of [...PAGES, `/posts/${post!.slug}`]) await checkPage(page, path);
  });

  test('the menu and the search form stay reachable', async ({ page }) => {
    await page.goto('/');
    const menu = page.locator('header details').first();
    if (await menu.isVisible()) {
      await menu.locator('summary').click();
      await expect(menu.getByRole('link').first()).toBeVisible();
    }
    await expect(page.getByRole('search').or(page.locator('form[role="search"]')).first()).toBeAttached();
  });
});

test.describe('text alone enlarged to 200 % at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('reading pages reflow without sideways scrolling or cut-off text', async ({ page, request }) => {
    const [post] = await publishedPosts(request);
    // What a browser's text-size setting does: the root font size doubles and every rem with it.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        document.documentElement.style.fontSize = '200%';
      });
    });
    for (const path of [...PAGES, `/posts/${post!.slug}`]) {
      await checkPage(page, path);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px');
    }
  });
});
