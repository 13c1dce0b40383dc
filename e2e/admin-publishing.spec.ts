import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Build, BuildStatus } from 'content-schema/build';
import { baseURL } from '../playwright.config.ts';
import { login } from './fixtures.ts';

/** The toast region (Radix announces each toast a second time in a hidden status element). */
function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

function publishing(page: Page) {
  return page.getByRole('region', { name: 'Publishing' });
}

function card(page: Page, title: string) {
  return page.getByRole('article', { name: title });
}

/** Creates a draft through the API with the page's session. */
async function createDraft(page: Page, title: string): Promise<{ id: number; slug: string; title: string }> {
  const res = await page.request.post('/api/posts', {
    headers: { Origin: baseURL },
    data: {
      title,
      excerpt: 'A post made for the publishing journey.',
      content: '## Section\n\nBody text for the publishing journey.',
      category: 'Analysis Drop',
      tags: ['publishing'],
      authorName: 'Dr. Astrid Lindqvist',
      readTime: 3,
      published: false,
    },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

test.beforeEach(async ({ page }) => {
  await login(page);
});

test('publishing from the editor goes live in seconds, the Publishing panel explains the build, and Retry build renders the whole site', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const post = await createDraft(page, `Publishing journey ${Date.now()}`);

  // The editor publishes from the editor and lands back on the dashboard.
  await page.goto(`/admin/edit/${post.id}`);
  await expect(page.getByRole('heading', { name: 'Edit Post' })).toBeVisible();
  await page.getByRole('switch', { name: 'Published' }).click();
  await page.getByRole('button', { name: 'Update Post' }).click();
  await expect(toasts(page).getByText('Post updated successfully', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/?$/);

  // The card tells how long the change took to answer on the public site.
  const postCard = card(page, post.title);
  await expect(postCard.getByText('Published', { exact: true })).toBeVisible();
  await expect(postCard.getByTestId('post-live')).toHaveText(/^Live in (under )?\d+(\.\d)? s$/, { timeout: 10_000 });
  expect((await page.request.get(`/post/${post.slug}`)).status()).toBe(200);

  // The header says how old the live site is; the panel shows the build that published the post.
  await expect(page.getByRole('status').filter({ hasText: 'Live site updated' })).toContainText(
    /Public site up to date · Live site updated (just now|\dm ago)/,
  );
  const panel = publishing(page);
  await expect(panel.getByRole('heading', { name: 'Publishing', level: 2 })).toBeVisible();
  const lastBuild = panel.getByTestId('last-build');
  await expect(lastBuild).toContainText(`Published “${post.title}”`);
  await expect(lastBuild).toContainText('Succeeded');
  await expect(lastBuild).toContainText(
    /Changes · took \d+(\.\d)? s · Live in (under )?\d+(\.\d)? s · \d+ files? written, \d+ removed/,
  );
  await panel.getByText(/^Recent builds \(\d+\)$/).click();
  await expect(
    panel.getByRole('list', { name: 'Recent builds, newest first' }).getByRole('listitem').first(),
  ).toContainText(`Published “${post.title}”`);

  // Retry build queues a full render, which then shows as the last build, succeeded.
  const retry = panel.getByRole('button', { name: 'Retry build' });
  await retry.click();
  await expect(toasts(page).getByText('Site rebuild queued', { exact: true })).toBeVisible();
  await expect(lastBuild).toContainText('Requested by the editor', { timeout: 60_000 });
  await expect(lastBuild).toContainText('Succeeded');
  await expect(lastBuild).toContainText(/Full render · took \d+(\.\d)? s · \d+ files? written/);
  await expect(retry).toBeEnabled();
  // The post published before the full render is still live.
  await expect(postCard.getByTestId('post-live')).toHaveText(/^Live in /);

  // With nothing building, nothing polls.
  const polled: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/build/')) polled.push(req.url());
  });
  await page.waitForTimeout(4500);
  expect(polled).toEqual([]);
});

const failedBuild: Build = {
  id: 99,
  state: 'failed',
  kind: 'changes',
  target: 'embedded',
  reason: 'Edited “Broken table”',
  requestedAt: new Date(Date.now() - 120_000).toISOString(),
  startedAt: new Date(Date.now() - 119_000).toISOString(),
  finishedAt: new Date(Date.now() - 118_000).toISOString(),
  durationMs: 1000,
  liveMs: null,
  written: 0,
  removed: 0,
  error: 'Renderer exited with code 1\n    at render (site/render/worker.ts:40)\n    at next (site/render/jobs.ts:12)',
  postErrors: [],
};

function status(last: Build, lastSuccess: Build | null): BuildStatus {
  return {
    current: null,
    last,
    lastSuccess,
    pending: false,
    recent: lastSuccess && lastSuccess.id !== last.id ? [last, lastSuccess] : [last],
    latestChange: 12,
    builtThrough: 12,
    liveSince: lastSuccess?.finishedAt ?? null,
    background: null,
  };
}

test('a failed build is explained: the previous version stays live and the full error can be read', async ({
  page,
}) => {
  const lastSuccess: Build = {
    ...failedBuild,
    id: 98,
    state: 'succeeded',
    reason: 'Published “Fine post”',
    error: null,
    written: 4,
    liveMs: 420,
  };
  await page.route('**/api/build/status', (route) => route.fulfill({ json: status(failedBuild, lastSuccess) }));
  await page.goto('/admin');

  await expect(page.getByText('Last site build failed; the previous version stays live.')).toBeVisible();
  await page.getByRole('button', { name: 'Show error' }).click();
  const errorDialog = page.getByRole('dialog', { name: 'Build error' });
  await expect(errorDialog).toContainText('at next (site/render/jobs.ts:12)');
  await page.keyboard.press('Escape');
  await expect(errorDialog).toBeHidden();

  const panel = publishing(page);
  const lastBuild = panel.getByTestId('last-build');
  await expect(lastBuild).toContainText('Failed');
  await expect(lastBuild).toContainText('Renderer exited with code 1');
  await expect(lastBuild).toContainText('The previous version of the site stays live.');
  await lastBuild.getByText('Full error').click();
  await expect(lastBuild.locator('pre')).toContainText('at render (site/render/worker.ts:40)');

  await panel.getByText('Recent builds (2)').click();
  const recent = panel.getByRole('list', { name: 'Recent builds, newest first' }).getByRole('listitem');
  await expect(recent.nth(0)).toContainText('Failed');
  await expect(recent.nth(1)).toContainText('Live in 0.4 s');
  await expect(panel.getByRole('button', { name: 'Retry build' })).toBeEnabled();

  // Opened up, the failure view stays accessible.
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('a post the build could not render is named in the panel, linked to its editor, and explained on its card', async ({
  page,
}) => {
  const [post] = (await (await page.request.get('/api/posts?published=true&limit=1&fields=summary')).json()) as {
    id: number;
    title: string;
  }[];
  const reason = 'Nested too deeply (over 200 levels)';
  const withPostError: Build = {
    ...failedBuild,
    state: 'succeeded',
    reason: `Edited “${post!.title}”`,
    error: null,
    written: 3,
    liveMs: null,
    postErrors: [{ postId: post!.id, title: post!.title, slug: null, reason }],
  };
  await page.route('**/api/build/status', (route) => route.fulfill({ json: status(withPostError, withPostError) }));
  await page.route('**/api/build/posts?**', (route) =>
    route.fulfill({
      json: [
        {
          postId: post!.id,
          changeId: 12,
          kind: 'updated',
          at: failedBuild.requestedAt,
          liveAt: null,
          liveMs: null,
          error: reason,
        },
      ],
    }),
  );
  await page.goto('/admin');

  await expect(page.getByRole('status').filter({ hasText: '1 post could not be published' })).toBeVisible();
  const problems = publishing(page).getByRole('list', { name: 'Posts that could not be published' });
  await expect(problems).toContainText(`${post!.title}: ${reason}`);
  await expect(card(page, post!.title).getByTestId('post-live')).toHaveText(`Could not be published: ${reason}`);
  await problems.getByRole('link', { name: post!.title }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/edit/${post!.id}$`));
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(post!.title);
});

test('while a build runs a card says "Not live yet", and it turns live when the build ends, without polling the posts', async ({
  page,
}) => {
  const [post] = (await (await page.request.get('/api/posts?published=true&limit=1&fields=summary')).json()) as {
    id: number;
    title: string;
  }[];
  const at = new Date(Date.now() - 5000).toISOString();
  const before: Build = { ...failedBuild, id: 100, state: 'succeeded', reason: 'Site update', error: null, written: 5 };
  const running: Build = {
    ...before,
    id: 101,
    state: 'running',
    reason: `Edited “${post!.title}”`,
    finishedAt: null,
    durationMs: null,
  };
  const succeeded: Build = {
    ...running,
    state: 'succeeded',
    finishedAt: new Date().toISOString(),
    durationMs: 420,
    liveMs: 380,
  };
  const whileRunning: BuildStatus = {
    ...status(before, before),
    current: running,
    recent: [running, before],
    latestChange: 13,
    builtThrough: 12,
  };
  const afterwards: BuildStatus = {
    ...status(succeeded, succeeded),
    recent: [succeeded, before],
    latestChange: 13,
    builtThrough: 13,
  };
  let finished = false;
  let statusCalls = 0;
  const liveCalls: boolean[] = [];
  await page.route('**/api/build/status', (route) => {
    statusCalls++;
    return route.fulfill({ json: finished ? afterwards : whileRunning });
  });
  await page.route('**/api/build/posts?**', (route) => {
    liveCalls.push(finished);
    return route.fulfill({
      json: [
        {
          postId: post!.id,
          changeId: 13,
          kind: 'updated',
          at,
          liveAt: finished ? new Date().toISOString() : null,
          liveMs: finished ? 380 : null,
          error: null,
        },
      ],
    });
  });
  await page.goto('/admin');

  const liveLine = card(page, post!.title).getByTestId('post-live');
  await expect(liveLine).toHaveText('Not live yet');
  await expect(page.getByRole('status').filter({ hasText: 'Updating the public site...' })).toBeVisible();
  await expect(publishing(page).getByRole('button', { name: 'Retry build' })).toBeDisabled();
  // The status is polled while the build runs; the posts are not (the list may ask once more while it loads).
  const asked = liveCalls.length;
  const polled = statusCalls;
  await expect.poll(() => statusCalls, { timeout: 10_000 }).toBeGreaterThanOrEqual(polled + 3);
  expect(liveCalls.length).toBe(asked);
  expect(liveCalls.every((done) => !done)).toBe(true);

  finished = true;
  await expect(liveLine).toHaveText('Live in 0.4 s');
  await expect(page.getByRole('status').filter({ hasText: 'Public site up to date' })).toBeVisible();
  await expect(publishing(page).getByRole('button', { name: 'Retry build' })).toBeEnabled();
  // Asked again once, when the build ended.
  expect(liveCalls.slice(asked)).toEqual([true]);
});
