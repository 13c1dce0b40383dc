import { describe, expect, it } from 'vitest';
import { CATEGORY_TEMPLATES, WRITER_PERSONAS, type TemplateCategory } from 'content-schema/personas';
import { parseMarkdown, nodeToText } from 'content-schema/markdown';
import { composeOutline } from './offline-composer.ts';
import { generateDraft, personaFor, templateFor } from './generator.ts';
import { offlineProvider } from './providers.ts';

const TOPIC = 'how Nordic district heating networks can absorb waste heat from data centres and electrolysers';

function headings(markdown: string, depth: number): string[] {
  return parseMarkdown(markdown)
    .children.filter((n) => n.type === 'heading' && n.depth === depth)
    .map((n) => nodeToText(n));
}

describe('the offline composer', () => {
  it.each(Object.keys(CATEGORY_TEMPLATES) as TemplateCategory[])(
    'outlines a %s piece in its template’s section order',
    (category) => {
      const template = CATEGORY_TEMPLATES[category];
      const persona = personaFor(category, TOPIC);
      const md = composeOutline({ persona, category, template, topic: TOPIC, purpose: 'daily' });
      const h2 = headings(md, 2);
      // The template's sections appear in order, between the brief and the research appendix.
      expect(h2).toEqual([
        'Brief',
        ...template.structure,
        'Key Elements to Research',
        'Research Plan',
        'Sources',
        'Before Publishing',
      ]);
      expect(headings(md, 1)).toEqual([`H${TOPIC.slice(1)}`]);
      for (const element of template.keyElements) expect(md).toContain(`- [ ] ${element}`);
      for (const focus of template.researchFocus) expect(md).toContain(`- ${focus}: [Source needed]`);
      expect(md).toContain('Questions to answer');
      expect(md).toMatch(/Outline draft/);
      expect(md).toContain(persona.name);
    },
  );

  it('states no facts: no numbers beyond the word targets, no links, no quotations', () => {
    for (const category of Object.keys(CATEGORY_TEMPLATES) as TemplateCategory[]) {
      const md = composeOutline({
        persona: WRITER_PERSONAS[1]!,
        category,
        template: templateFor(category),
        topic: 'Grid queues',
        purpose: 'deep-dive',
      });
      const withoutTargets = md
        .replace(/\d{1,3}(,\d{3})?–\d{1,3}(,\d{3})? words/g, '')
        .replace(/^\d\. /gm, '')
        .replace(/twelve|three|five/g, '');
      expect(withoutTargets).not.toMatch(/\d/);
      expect(md).not.toMatch(/https?:\/\//);
      expect(md).not.toMatch(/\]\(/);
      expect(md).not.toMatch(/"[^"]{10,}"/);
    }
  });

  it('asks for the word counts: daily 4,000–5,000, Deep Dive 5,000–6,000, editor 4,000–5,500', () => {
    const args = {
      persona: WRITER_PERSONAS[0]!,
      category: 'Analysis Drop',
      template: templateFor('Analysis Drop'),
      topic: 'x y z',
    };
    expect(composeOutline({ ...args, purpose: 'daily' })).toContain('4,000–5,000 words');
    expect(composeOutline({ ...args, purpose: 'deep-dive' })).toContain('5,000–6,000 words');
    expect(composeOutline({ ...args, purpose: 'editor' })).toContain('4,000–5,500 words');
  });
});

describe('generateDraft with the offline composer', () => {
  it('takes the title from the first # heading and the excerpt from the first paragraph over 50 characters, cut at 150 + ...', async () => {
    const persona = WRITER_PERSONAS[2]!;
    const draft = await generateDraft(offlineProvider, {
      topic: TOPIC,
      category: 'Energy Future',
      purpose: 'daily',
      persona,
    });
    expect(draft.title).toBe(`H${TOPIC.slice(1)}`);
    expect(draft.excerpt).toMatch(/^An outline for a Energy Future piece by Oskar Haraldsen on this topic\./);
    expect(draft.excerpt.endsWith('...')).toBe(true);
    expect(draft.excerpt.length).toBe(153);
    expect(draft).toMatchObject({
      category: 'Energy Future',
      authorName: persona.name,
      tags: ['Energy Future', 'AI-assisted', 'Outline'],
    });
    expect(draft.readTime).toBeGreaterThanOrEqual(1);
    // The title heading is lifted out of the body: the article page shows the title as its own h1.
    expect(draft.content).toMatch(/^An outline for a Energy Future piece/);
    expect(draft.content).not.toMatch(/^# /m);
  });
});

describe('who writes what', () => {
  it.each([
    ['Analysis Drop', 'anything', 'ai-strategy'],
    ['Deal Watch', 'anything', 'fintech'],
    ['Energy Future', 'anything', 'nordic-startups'],
    ['Future Cities', 'anything', 'eu-policy'],
    ['Deep Dive', 'MiCA, stablecoins and tokenised deposits in Nordic payments', 'blockchain'],
    ['Deep Dive', 'Digital Markets Act enforcement and Digital Services Act obligations for platforms', 'eu-policy'],
  ])('%s on “%s” → %s', (category, topic, personaId) => {
    expect(personaFor(category, topic).id).toBe(personaId);
  });

  it('honours a topic’s own writer', () => {
    expect(personaFor('Deep Dive', 'stablecoins', 'fintech').id).toBe('fintech');
  });
});
