import {
  CATEGORY_TEMPLATES,
  WRITER_PERSONAS,
  type TemplateCategory,
  type WriterPersona,
} from 'content-schema/personas';
import type { GeneratedDraft } from 'content-schema/automation';
import { parseMarkdown } from 'content-schema/markdown';
import { estimateReadTime, excerptFromMarkdown, titleFromMarkdown } from 'content-schema/text';
import { AppError } from '../../lib/errors.ts';
import type { GenerationPurpose, WritingBrief } from './prompt.ts';
import type { WritingProvider } from './providers.ts';

/**
 * The voice for categories without their own persona (the five personas cover the editor's five categories):
 * Energy Future goes to the climate and deep-tech startup writer, Future Cities to the policy writer.
 */
const PERSONA_FOR_CATEGORY: Record<string, string> = {
  'Energy Future': 'nordic-startups',
  Energy: 'nordic-startups',
  'Future Cities': 'eu-policy',
  Architecture: 'eu-policy',
};

const TEMPLATE_ALIASES: Record<string, TemplateCategory> = { Energy: 'Energy Future', Architecture: 'Future Cities' };

export const PERSONA_NOT_FOUND = 'Please select a writer';

export function personaById(id: string): WriterPersona | undefined {
  return WRITER_PERSONAS.find((p) => p.id === id);
}

const words = (text: string) => new Set(text.toLowerCase().match(/[a-z]{4,}/g) ?? []);

/**
 * Who writes a topic: the topic's own persona if it names one; else, for Deep Dives (which span every beat),
 * the persona whose expertise shares most words with the topic; else the category's persona.
 */
export function personaFor(category: string, topic: string, personaId?: string | null): WriterPersona {
  const chosen = personaId ? personaById(personaId) : undefined;
  if (chosen) return chosen;
  const byCategory =
    WRITER_PERSONAS.find((p) => p.category === category) ??
    personaById(PERSONA_FOR_CATEGORY[category] ?? '') ??
    WRITER_PERSONAS[0]!;
  if (category !== 'Deep Dive') return byCategory;
  const topicWords = words(topic);
  let best = byCategory;
  let bestScore = 1; // a single shared word is noise; keep the category's writer then
  for (const persona of WRITER_PERSONAS) {
    const vocabulary = words([persona.expertise, ...persona.specializations].join(' '));
    const score = [...topicWords].filter((w) => vocabulary.has(w)).length;
    if (score > bestScore) [best, bestScore] = [persona, score];
  }
  return best;
}

/** The category template for any category; unknown categories use Analysis Drop's. */
export function templateFor(category: string) {
  const key = (TEMPLATE_ALIASES[category] ?? category) as TemplateCategory;
  return CATEGORY_TEMPLATES[key] ?? CATEGORY_TEMPLATES['Analysis Drop'];
}

/**
 * The body without its first top-level heading: the title is shown as the page's h1, so leaving the heading
 * in would print it twice (seed articles, too, start at `##`).
 */
export function withoutTitleHeading(markdown: string): string {
  const heading = parseMarkdown(markdown).children.find((n) => n.type === 'heading' && n.depth === 1);
  const start = heading?.position?.start.offset;
  const end = heading?.position?.end.offset;
  if (start === undefined || end === undefined) return markdown;
  return `${markdown.slice(0, start)}${markdown.slice(end)}`.trim() + '\n';
}

const MAX_TITLE = 200;
const MAX_CONTENT = 200_000;

/**
 * The one generator every caller uses (daily, Deep Dive, the editor): builds the brief, asks the provider,
 * validates the answer and derives title (first `#` heading, lifted out of the body) and excerpt (the first
 * real paragraph, cut at 150 characters) from it.
 */
export async function generateDraft(
  provider: WritingProvider,
  input: { topic: string; category: string; purpose: GenerationPurpose; persona: WriterPersona },
): Promise<GeneratedDraft> {
  const brief: WritingBrief = {
    persona: input.persona,
    category: input.category,
    template: templateFor(input.category),
    topic: input.topic.trim(),
    purpose: input.purpose,
  };
  const answer = await provider.write(brief);
  const title = titleFromMarkdown(answer);
  const unusable = (why: string) => new AppError(502, `The generated draft was unusable: ${why}. Nothing was saved.`);
  if (!title) throw unusable('it has no top-level # heading to take the title from');
  if (title.length > MAX_TITLE) throw unusable(`its title is longer than ${MAX_TITLE} characters`);
  const content = withoutTitleHeading(answer);
  if (content.length > MAX_CONTENT)
    throw unusable(`it is longer than ${MAX_CONTENT.toLocaleString('en-US')} characters`);
  const excerpt = excerptFromMarkdown(content);
  if (!excerpt) throw unusable('it has no paragraph longer than 50 characters to take the excerpt from');
  const tags = [input.category, 'AI-assisted', ...(provider.outline ? ['Outline'] : [])];
  return {
    title,
    excerpt,
    content,
    category: input.category,
    tags: [...new Set(tags)],
    authorName: input.persona.name,
    readTime: estimateReadTime(content),
    personaId: input.persona.id,
  };
}
