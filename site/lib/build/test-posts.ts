/** Posts for the site's tests: every field the wire shapes have, with plain defaults a test overrides. */
import type { SitePost, SiteSummary } from 'content-schema/site-feed';

/** A published post's summary. */
export function siteSummary(id: number, overrides: Partial<SiteSummary> = {}): SiteSummary {
  return {
    id,
    slug: `post-${id}`,
    title: `Title ${id}`,
    excerpt: `Excerpt ${id}`,
    category: 'Deep Dive',
    tags: [],
    authorName: 'Ingrid Solvik',
    authorId: 1,
    readTime: 5,
    published: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    publishedAt: null,
    seoTitle: null,
    metaDescription: null,
    focusKeyword: null,
    aiGenerated: false,
    provenance: 'human',
    editedBy: null,
    version: 1,
    modifiedAt: null,
    ...overrides,
  };
}

/** A published post as the renderer receives it: its summary, stored body HTML and search text. */
export function sitePost(id: number, overrides: Partial<SitePost> = {}): SitePost {
  return {
    ...siteSummary(id),
    html: `<p>Body of post ${id}.</p>`,
    text: `Body of post ${id}.`,
    renderError: null,
    corrections: [],
    ...overrides,
  };
}
