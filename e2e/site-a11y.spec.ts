import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PUBLIC_ROUTES, hydrated, publishedPosts } from './site-helpers.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

for (const [width, colorScheme] of [
  [1280, 'light'],
  [375, 'light'],
  [1280, 'dark'],
  [375, 'dark'],
] as const) {
  test.describe(`axe at ${width} px, ${colorScheme} scheme`, () => {
    test.use({ viewport: { width, height: 900 }, colorScheme });

    test('every public route has 0 violations', async ({ page, request }) => {
      test.setTimeout(180_000);
      const [post] = await publishedPosts(request);
      const paths = [
        ...PUBLIC_ROUTES.map((r) => r.path),
        `/post/${post!.slug}`,
        '/no-such-page',
        '/post/no-such-post',
        '/?search=zzzz-none',
      ];
      const failures: string[] = [];
      for (const path of paths) {
        await page.goto(path);
        await hydrated(page);
        const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        for (const v of violations)
          failures.push(`${path}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`);
      }
      expect(failures).toEqual([]);
    });

    test('open menus and toasts have 0 violations', async ({ page, request, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const [post] = await publishedPosts(request);
      await page.goto(`/post/${post!.slug}`);
      await hydrated(page);
      if (width < 768) await page.locator('summary', { hasText: 'Menu' }).click();
      await page.locator('summary', { hasText: 'Share' }).click();
      await page.getByRole('button', { name: 'Copy link' }).click();
      await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem')).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
    });
  });
}
