import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Every public route with the heading it must show (prose pages: any h1). */
export const PUBLIC_ROUTES: { path: string; heading?: string | RegExp }[] = [
  { path: '/', heading: 'Tech Intelligence & Analysis' },
  { path: '/analysis', heading: 'Analysis Drop' },
  { path: '/startups', heading: 'Startup Radar' },
  { path: '/deep-dive', heading: 'Deep Dive' },
  { path: '/deal-watch', heading: 'Deal Watch' },
  { path: '/energy', heading: 'Energy Future' },
  { path: '/architecture', heading: 'Future Cities' },
  { path: '/contact', heading: 'Contact Us' },
  { path: '/tip', heading: 'Submit a News Tip' },
  { path: '/corrections', heading: 'Report a Correction' },
  { path: '/status', heading: 'System Status' },
  { path: '/saved', heading: 'Reading List' },
  { path: '/about' },
  { path: '/ethics' },
  { path: '/privacy' },
  { path: '/terms' },
  { path: '/guidelines' },
  { path: '/review-process' },
  { path: '/cookies' },
  { path: '/accessibility' },
  { path: '/methodology' },
  { path: '/licensing' },
  { path: '/privacy-settings' },
];

export interface PublishedPost {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  tags: string[];
  authorName: string;
  readTime: number;
  featureImage: { id: number } | null;
}

/** The published posts as the API lists them, newest first. */
export async function publishedPosts(request: APIRequestContext): Promise<PublishedPost[]> {
  const res = await request.get('/api/posts?published=true');
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as PublishedPost[];
}

/**
 * Waits until every island that wakes by itself has hydrated (Astro drops the `ssr` attribute then): client:idle,
 * and client:visible ones in view. client:interaction islands wait for the reader; `awake` waits for one of those.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr][client="idle"]')).toHaveCount(0);
}

/** Waits until the island holding `inner` has hydrated. */
export async function awake(page: Page, inner: string): Promise<void> {
  await expect(page.locator('astro-island[ssr]', { has: page.locator(inner) })).toHaveCount(0);
}

/** Wakes the page's reader form (client:interaction: the reader's first focus) and waits until it has hydrated. */
export async function wakeForm(page: Page): Promise<void> {
  const form = 'form[action="/api/messages"]';
  await page.locator(form).getByRole('textbox').first().focus();
  await awake(page, form);
}
