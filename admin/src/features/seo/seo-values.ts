import { z } from 'zod';
import type { Post, PostInput } from 'content-schema/post';
import { SeoFormSchema, type SeoResult } from 'content-schema/seo-form';
import { SEO_RULES } from 'content-schema/seo';

/** The SEO form's four fields, plus the body the density and readability checks read. */
export const SeoPanelSchema = SeoFormSchema.extend({ content: z.string() });
export type SeoPanelValues = z.infer<typeof SeoPanelSchema>;

export const EMPTY: SeoPanelValues = { title: '', metaDescription: '', focusKeyword: '', slug: '', content: '' };

/** A post's fields for the analysis: its own SEO title and description, else its title and excerpt. */
export function valuesFromPost(
  post: Pick<Post, 'title' | 'excerpt' | 'content' | 'slug' | 'seoTitle' | 'metaDescription' | 'focusKeyword'>,
): SeoPanelValues {
  return {
    title: post.seoTitle ?? post.title,
    metaDescription: post.metaDescription ?? post.excerpt,
    focusKeyword: post.focusKeyword ?? '',
    slug: post.slug,
    content: post.content,
  };
}

/** "Save to post": the four SEO fields, nothing else of the post. */
export function seoInput(values: SeoPanelValues): Partial<PostInput> {
  return {
    seoTitle: values.title,
    metaDescription: values.metaDescription,
    focusKeyword: values.focusKeyword,
    slug: values.slug,
  };
}

/** Whether the keyword density is in the optimal band. */
export function densityOk(result: Pick<SeoResult, 'keywordDensity'>): boolean {
  return result.keywordDensity >= SEO_RULES.density.min && result.keywordDensity <= SEO_RULES.density.max;
}

/** What the readability score means. */
export function readabilityVerdict(result: Pick<SeoResult, 'readabilityScore'>): string {
  return result.readabilityScore >= SEO_RULES.readability.good ? 'Good' : 'Could be easier';
}
