import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { FeatureImageSchema, PostInputSchema } from 'content-schema/post';
import { estimateReadTime } from 'content-schema/text';
import { TemplateInputSchema } from 'content-schema/template';
import { z } from 'zod';
import type { Db } from './client.ts';
import { posts, templates } from './schema.ts';

const SEED_DIR = join(dirname(fileURLToPath(import.meta.url)), 'seed');

const FrontmatterSchema = z.object({
  title: z.string(),
  excerpt: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  author: z.string(),
  published: z.boolean(),
  createdAt: z.iso.datetime(),
  seoTitle: z.string().optional(),
  metaDescription: z.string().optional(),
  focusKeyword: z.string().optional(),
  /** A library image by the number it gets in an empty library (seed/media.json's order), and its focal point. */
  featureImage: FeatureImageSchema.optional(),
});

export interface SeedArticle {
  file: string;
  slug: string;
  data: z.infer<typeof FrontmatterSchema>;
  body: string;
}

/** Reads `seed/articles/*.md`: a JSON object between two `---` lines, then the markdown body. */
export function readSeedArticles(dir = join(SEED_DIR, 'articles')): SeedArticle[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
      if (!match) throw new Error(`Seed article ${file} has no frontmatter`);
      const data = FrontmatterSchema.parse(JSON.parse(match[1]!));
      return { file, slug: file.replace(/^\d+-/, '').replace(/\.md$/, ''), data, body: match[2]!.trim() };
    });
}

function readSeedTemplates() {
  return z
    .array(TemplateInputSchema.extend({ usageCount: z.number().int().min(0) }))
    .parse(JSON.parse(readFileSync(join(SEED_DIR, 'templates.json'), 'utf8')));
}

/**
 * Fills an empty database with the editorial seed: articles (published and drafts) and built-in templates.
 * Everything is read and validated first and written in one batch, so a bad seed file writes nothing.
 */
export async function seedIfEmpty(db: Db): Promise<{ posts: number; templates: number }> {
  const [{ n: postCount } = { n: 0 }] = await db.select({ n: sql<number>`count(*)` }).from(posts);
  const [{ n: templateCount } = { n: 0 }] = await db.select({ n: sql<number>`count(*)` }).from(templates);
  const postRows = postCount === 0 ? readSeedArticles().map(toPostRow) : [];
  const templateRows = templateCount === 0 ? readSeedTemplates().map((t) => ({ ...t, updatedAt: new Date() })) : [];
  const writes = [
    ...(postRows.length ? [db.insert(posts).values(postRows)] : []),
    ...(templateRows.length ? [db.insert(templates).values(templateRows)] : []),
  ];
  if (writes.length) await db.batch(writes as [(typeof writes)[number], ...(typeof writes)[number][]]);
  return { posts: postRows.length, templates: templateRows.length };
}

function toPostRow(article: SeedArticle): typeof posts.$inferInsert {
  const { data, body } = article;
  const input = PostInputSchema.parse({
    title: data.title,
    excerpt: data.excerpt,
    content: body,
    category: data.category,
    tags: data.tags,
    authorName: data.author,
    readTime: estimateReadTime(body),
    published: data.published,
    seoTitle: data.seoTitle,
    metaDescription: data.metaDescription,
    focusKeyword: data.focusKeyword,
    featureImage: data.featureImage ?? null,
  });
  const createdAt = new Date(data.createdAt);
  const { slug: _slug, ...values } = input;
  // Every seeded article is written by one of the AI writer personas (seed.test.ts checks the bylines), and no
  // named person is on record as having edited them: 'ai-generated', editor unknown.
  return {
    ...values,
    provenance: 'ai-generated',
    editedBy: null,
    slug: article.slug,
    createdAt,
    updatedAt: createdAt,
    publishedAt: input.published ? createdAt : null,
  };
}
