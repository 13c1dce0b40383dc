/** Structured data and metadata helpers for pages. */
import type { PublicCorrection } from 'content-schema/corrections';
import { personaByName } from 'content-schema/personas';
import { involvesAi } from 'content-schema/provenance';
import { SITE_NAME, SITE_OWNER } from 'content-schema/site';
import type { SiteSummary } from 'content-schema/site-feed';
import { disclosureOf } from './disclosure.ts';
import { modifiedTime, publicationDate } from '../shared/post-list.ts';
import { featureImageFile } from '../shared/picture.ts';

/** JSON for an inline `<script type="application/ld+json">`: `<` is escaped so no text can close the script. */
export function jsonLdScript(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** The site-wide share image, for pages without their own (and articles whose image could not be drawn). */
export const DEFAULT_SHARE_IMAGE = '/og-default.png';

/** The alternative text of an article's own share image: what the card shows (site/render/og-image.ts). */
export function articleImageAlt(post: Pick<SiteSummary, 'title' | 'category' | 'authorName'>): string {
  return `${post.title}: ${post.category}, by ${post.authorName} (${SITE_NAME})`;
}

/**
 * schema.org NewsArticle for an article page.
 *
 * Authorship is stated as it is. A byline that is one of the AI writer personas is not a Person: the author is
 * the publisher (the Organization that answers for the article), the persona is named as a contributor of type
 * SoftwareApplication (what it is: a configured AI writer), and the person who edited it, when there is one, is
 * the `editor`. `creditText` says the same in words. No persona carries a job title, degree or affiliation. A
 * human byline is a Person with a name and nothing invented. Corrections are CorrectionComment items, and
 * `dateModified` is the last real update (a correction or an edit of the text), else the publication.
 */
export function newsArticleJsonLd(
  post: SiteSummary,
  {
    url,
    imageUrl,
    siteUrl,
    corrections = [],
  }: { url: string; imageUrl: string; siteUrl: string; corrections?: readonly PublicCorrection[] },
): Record<string, unknown> {
  const publisher = {
    '@type': 'Organization',
    name: SITE_OWNER,
    brand: SITE_NAME,
    url: siteUrl,
    logo: { '@type': 'ImageObject', url: `${siteUrl}/apple-touch-icon.png` },
  };
  const persona = personaByName(post.authorName);
  const ai = involvesAi(post.provenance);
  const author =
    persona || post.provenance === 'ai-generated'
      ? [{ '@type': 'Organization', name: SITE_OWNER, url: siteUrl }]
      : [{ '@type': 'Person', name: post.authorName }];
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: post.seoTitle ?? post.title,
    description: post.metaDescription ?? post.excerpt,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    // The feature image first (the story's own picture), then the share card composed from it.
    image: [...(post.featureImage ? [`${siteUrl}${featureImageFile(post.featureImage).path}`] : []), imageUrl],
    datePublished: publicationDate(post),
    dateCreated: post.createdAt,
    dateModified: modifiedTime(post),
    articleSection: post.category,
    keywords: post.tags.join(', ') || undefined,
    timeRequired: `PT${post.readTime}M`,
    author,
    ...(persona && {
      contributor: {
        '@type': 'SoftwareApplication',
        name: persona.name,
        applicationCategory: 'AI writer persona',
        description: `An AI writer persona of ${SITE_NAME} (${persona.expertise}); not a person.`,
        url: `${siteUrl}/about#writers`,
      },
    }),
    ...(ai && post.editedBy && { editor: { '@type': 'Person', name: post.editedBy } }),
    ...(ai && { creditText: disclosureOf(post) ?? undefined }),
    ...(corrections.length > 0 && {
      correction: corrections.map((c) => ({
        '@type': 'CorrectionComment',
        datePublished: c.correctedAt,
        text: `This article said: ${c.wrong} Correct: ${c.right}`,
      })),
    }),
    publisher,
    isAccessibleForFree: true,
  };
}
