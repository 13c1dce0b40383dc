/** Structured data and metadata helpers for pages. */
import type { PostSummary } from 'content-schema/post';
import { SITE_NAME, SITE_OWNER } from 'content-schema/site';

/** JSON for an inline `<script type="application/ld+json">`: `<` is escaped so no text can close the script. */
export function jsonLdScript(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** schema.org NewsArticle for an article page. */
export function newsArticleJsonLd(
  post: PostSummary,
  { url, imageUrl, siteUrl }: { url: string; imageUrl: string; siteUrl: string },
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: post.seoTitle ?? post.title,
    description: post.metaDescription ?? post.excerpt,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    image: [imageUrl],
    datePublished: post.publishedAt ?? post.createdAt,
    dateCreated: post.createdAt,
    dateModified: post.updatedAt,
    articleSection: post.category,
    keywords: post.tags.join(', ') || undefined,
    timeRequired: `PT${post.readTime}M`,
    author: [{ '@type': 'Person', name: post.authorName }],
    publisher: {
      '@type': 'Organization',
      name: SITE_OWNER,
      brand: SITE_NAME,
      url: siteUrl,
      logo: { '@type': 'ImageObject', url: `${siteUrl}/apple-touch-icon.png` },
    },
    isAccessibleForFree: true,
  };
}
