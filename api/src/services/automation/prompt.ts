import type { CategoryTemplate, WriterPersona } from 'content-schema/personas';
import { DAILY_WORDS, DEEP_DIVE_WORDS, PROMPT_WORDS } from 'content-schema/site';

/** What a generation is for: a scheduled or manual daily post, a Deep Dive, or the editor's AI Expert Writers tab. */
export type GenerationPurpose = 'daily' | 'deep-dive' | 'editor';

/** Everything a writer (model or offline composer) needs to produce one draft. */
export interface WritingBrief {
  persona: WriterPersona;
  category: string;
  template: CategoryTemplate;
  topic: string;
  purpose: GenerationPurpose;
}

export interface Prompt {
  system: string;
  user: string;
}

/** The length asked for: daily 4,000–5,000 words, Deep Dive 5,000–6,000; the editor's generation 4,000–5,500. */
export function wordTarget(purpose: GenerationPurpose): { min: number; max: number } {
  if (purpose === 'daily') return DAILY_WORDS;
  if (purpose === 'deep-dive') return DEEP_DIVE_WORDS;
  return PROMPT_WORDS;
}

const number = (n: number) => n.toLocaleString('en-US');
const list = (items: readonly string[]) => items.map((item) => `- ${item}`).join('\n');

/** The chat prompt: the persona as the system voice, the category template and the honesty rules as the task. */
export function buildPrompt(brief: WritingBrief): Prompt {
  const { persona, template, topic, category } = brief;
  const words = wordTarget(brief.purpose);
  const system = [
    `You are ${persona.name}, a writer on ${persona.expertise} for Northwire, a technology publication with a European and Nordic focus.`,
    `Background: ${persona.background}`,
    `Tone: ${persona.tone}`,
    `Writing style: ${persona.writingStyle}`,
    `Specialisations:\n${list(persona.specializations)}`,
    'Your text is a draft that a human editor reviews, fact-checks and completes before publication.',
  ].join('\n\n');
  const user = [
    `Write a ${category} article on this topic: ${topic}`,
    `Length: between ${number(words.min)} and ${number(words.max)} words.`,
    `Tone for ${category}: ${template.tone}`,
    `Use exactly these sections, in this order, each as a \`##\` heading:\n${template.structure.map((s, i) => `${i + 1}. ${s}`).join('\n')}`,
    `Key elements the article must contain:\n${list(template.keyElements)}`,
    `Research focus:\n${list(template.researchFocus)}`,
    [
      'Format and honesty rules:',
      '- Answer with the article in Markdown only: no preamble, no closing remarks, no code fence around it.',
      '- Begin with one `# ` heading holding the title, then a standfirst paragraph of one or two sentences.',
      '- Do not invent quotations, statistics, figures, names of people, or sources and URLs.',
      '- Where a claim needs evidence, write [Source needed: what to verify] instead of a citation.',
      '- Label estimates and scenarios as such, and state the assumptions behind them.',
    ].join('\n'),
  ].join('\n\n');
  return { system, user };
}
