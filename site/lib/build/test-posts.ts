/** Posts for the site's tests: every field the wire shapes have, with plain defaults a test overrides. */
import type { SiteFeatureImage, SitePost, SiteSummary } from 'content-schema/site-feed';

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
    featureImage: null,
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

/** A feature image as the API resolves it: a 1600 × 900 library image with two widths in each format. */
export function siteFeatureImage(overrides: Partial<SiteFeatureImage> = {}): SiteFeatureImage {
  const file = (n: number, ext: string) => `${String(n).repeat(32)}.${ext}`;
  const variant = (n: number, format: 'avif' | 'webp' | 'jpeg', width: number) => ({
    format,
    width,
    height: Math.round((width * 9) / 16),
    bytes: 1000 * n,
    file: file(n, format === 'jpeg' ? 'jpg' : format),
  });
  return {
    id: 7,
    fileName: 'harbour.jpg',
    width: 1600,
    height: 900,
    alt: 'Cranes over a harbour at dawn',
    caption: '',
    credit: 'Northwire',
    licence: 'CC BY 4.0',
    variants: [variant(1, 'avif', 640), variant(2, 'avif', 1600), variant(3, 'webp', 640), variant(4, 'webp', 1600)],
    fallback: variant(5, 'jpeg', 1280),
    focusX: 30,
    focusY: 70,
    ...overrides,
  };
}
