import { wordTarget, type WritingBrief } from './prompt.ts';

/**
 * The offline writer: without a language model it cannot write an article, so it writes the next most useful
 * thing, an honest outline in the category's section structure. Every section carries the questions it must
 * answer and what to research; sources are placeholders. It states no facts, figures, quotes or sources.
 */

/** Guiding questions per section heading of the category templates; unknown headings get GENERIC. */
const SECTION_QUESTIONS: Record<string, string[]> = {
  'Executive Summary': [
    'What is the one-paragraph thesis of this piece?',
    'Which decision should a reader make differently after reading it?',
  ],
  'Context and Background': [
    'What led to this situation, and which earlier developments does a reader need to know?',
    'Which European and Nordic circumstances make it different from elsewhere?',
  ],
  'Key Developments': [
    'What has changed recently, and what is verifiably documented about it?',
    'Which developments are announced but not yet delivered?',
  ],
  'Strategic Implications': [
    'Who gains and who loses if the developments continue?',
    'What does it mean for European companies, public bodies and investors?',
  ],
  'Risks and Counterarguments': [
    'What is the strongest case against the thesis?',
    'Which assumptions, if wrong, would change the conclusion?',
  ],
  Recommendations: [
    'What concrete steps follow for decision-makers, and in what order?',
    'What should they avoid doing?',
  ],
  'What to Watch': [
    'Which dates, decisions or indicators will show whether the thesis holds?',
    'What would be an early warning that it does not?',
  ],
  'What Happened': [
    'What exactly happened, when, and who announced it?',
    'What is the primary document or announcement?',
  ],
  'Why It Matters': ['What changes in practice because of it?', 'Why should a European technology reader care now?'],
  'Who Is Affected': ['Which organisations, sectors or users does it apply to?', 'Who is explicitly exempt?'],
  'The Timeline': [
    'When does it take effect, and which deadlines follow?',
    'What steps remain before it fully applies?',
  ],
  'Our Take': ['What is the editorial view, clearly labelled as opinion?', 'What evidence would change that view?'],
  'The Problem': ['Which problem is being solved, and for whom?', 'How is it handled today, and what does that cost?'],
  'The Approach': [
    'How does the solution work, in plain terms?',
    'What is genuinely new compared with existing alternatives?',
  ],
  'Market and Competition': [
    'Who are the incumbents and alternatives?',
    'How large is the addressable market, according to which source?',
  ],
  'Business Model': ['Who pays, how much and how often?', 'What has to be true for the unit economics to work?'],
  'Team and Ecosystem': [
    'Which experience does the team bring to this problem?',
    'Which partners, investors or programmes in the Nordic and European ecosystem matter?',
  ],
  Risks: [
    'What could make this fail: technology, market, regulation or funding?',
    'Which risks are the hardest to mitigate?',
  ],
  Outlook: ['What should happen over the next twelve months if this works?', 'What would indicate it is not working?'],
  Introduction: ['Why does this topic deserve a long read now?', 'Which question will the piece answer by its end?'],
  'Historical Context': ['How did we get here?', 'Which earlier attempts succeeded or failed, and why?'],
  'How It Works': [
    'How does it work from first principles?',
    'Which worked example or diagram-in-prose makes the mechanism clear?',
  ],
  'The Regulatory Landscape': [
    'Which EU and national rules apply, and since when?',
    'Where is the regulation unsettled or contested?',
  ],
  'Case Studies and Scenarios': [
    'Which documented cases illustrate the topic?',
    'Which clearly labelled scenarios show possible futures, and on what assumptions?',
  ],
  'Challenges and Limitations': ['What are the technical, economic and social limits?', 'Where do experts disagree?'],
  'Future Outlook': ['What is likely over the next three to five years?', 'Which signals would change that outlook?'],
  Conclusion: ['What does the reader now understand that they did not before?', 'Which open questions remain?'],
  'The Deal': ['Who is involved, and what was announced?', 'Which figures are disclosed, and by whom?'],
  'Deal Structure and Terms': [
    'What is the structure: equity, debt, earn-outs, conditions?',
    'Which terms are known, and which are not disclosed?',
  ],
  'Strategic Rationale': ['Why does each party want this deal?', 'What alternatives did they have?'],
  'Market Context': ['Which comparable transactions or segments frame it?', 'Where does the market cycle stand?'],
  'Regulatory Considerations': [
    'Which approvals, screening or competition reviews apply?',
    'Could regulation change the terms or timing?',
  ],
  'What It Signals': ['What does this deal suggest about the wider market?', 'Who is likely to follow?'],
  'The Energy Question': [
    'Which energy problem is at stake, in physical terms?',
    'Why is it pressing in the Nordic system now?',
  ],
  'Current System Picture': [
    'How is demand met today, and with which resources?',
    'Which official data describes the current system?',
  ],
  'Technology Options': [
    'Which technologies could address it, and how mature is each?',
    'What are their trade-offs between cost, reliability and emissions?',
  ],
  'Grid and Infrastructure Constraints': [
    'Which physical and grid constraints bind first?',
    'How long do the necessary connections or upgrades take?',
  ],
  'Policy and Market Design': [
    'Which policies and market rules shape investment?',
    'What would better market design change?',
  ],
  'The Urban Challenge': [
    'Which urban problem is being addressed, and for whom?',
    'Why do existing approaches fall short?',
  ],
  'Design Principles': ['Which principles should guide a solution?', 'How do they serve residents first?'],
  'Technology and Infrastructure': [
    'Which technology and infrastructure are involved?',
    'What do they cost to build and to maintain over decades?',
  ],
  'Governance and Data': [
    'Who decides, who owns the data, and how is privacy protected?',
    'Which policy levers do municipalities have?',
  ],
  'Lessons from Nordic Cities': [
    'Which documented Nordic projects are relevant?',
    'What transferable lessons do their evaluations show?',
  ],
  'Next Steps': ['What should planners and policymakers do next?', 'How would progress be measured?'],
};

const GENERIC = ['What must this section establish for the reader?', 'Which evidence does it need?'];

const number = (n: number) => n.toLocaleString('en-US');

/** Upper-cases the first letter so a topic reads as a title. */
function asTitle(topic: string): string {
  const text = topic.trim().replace(/\s+/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** An outline draft in Markdown for a brief. Pure and fast: no I/O, no model. */
export function composeOutline(brief: WritingBrief): string {
  const { persona, template, category } = brief;
  const topic = brief.topic.trim().replace(/\s+/g, ' ');
  const words = wordTarget(brief.purpose);
  const sections = template.structure;
  const perSection = {
    min: Math.round(words.min / sections.length / 50) * 50,
    max: Math.round(words.max / sections.length / 50) * 50,
  };

  const out: string[] = [];
  out.push(`# ${asTitle(topic)}`);
  out.push(
    `An outline for a ${category} piece by ${persona.name} on this topic. It is a structure to complete, not a finished article: it holds no facts, figures, quotes or sources yet.`,
  );
  out.push(
    [
      '> **Outline draft.** Written without a language model by the offline composer. Every section lists the questions',
      `> to answer and what to research. Replace the prompts with verified writing of ${number(words.min)}–${number(words.max)} words`,
      '> in total, cite at least three independent sources, and remove this note before publishing.',
    ].join('\n'),
  );

  out.push('## Brief');
  out.push(
    [
      `- **Topic:** ${topic}`,
      `- **Writer:** ${persona.name}, ${persona.expertise}`,
      `- **Voice:** ${persona.tone}`,
      `- **Category tone:** ${template.tone}`,
      `- **Approach:** ${persona.writingStyle}`,
      `- **Target length:** ${number(words.min)}–${number(words.max)} words`,
    ].join('\n'),
  );

  sections.forEach((section, i) => {
    const element = template.keyElements[i % template.keyElements.length];
    out.push(`## ${section}`);
    out.push(`*Roughly ${number(perSection.min)}–${number(perSection.max)} words.*`);
    out.push(
      ['**Questions to answer:**', '', ...(SECTION_QUESTIONS[section] ?? GENERIC).map((q) => `- ${q}`)].join('\n'),
    );
    if (element) out.push(`**Key element to cover:** ${element}.`);
    out.push(`**Sources:** [Source needed: evidence for “${section}”]`);
  });

  out.push('## Key Elements to Research');
  out.push(template.keyElements.map((e) => `- [ ] ${e}`).join('\n'));

  out.push('## Research Plan');
  out.push(
    [
      ...template.researchFocus.map((f) => `- ${f}: [Source needed]`),
      ...persona.specializations.map(
        (s) => `- How the topic relates to ${s.charAt(0).toLowerCase()}${s.slice(1)}: [Source needed]`,
      ),
    ].join('\n'),
  );

  out.push('## Sources');
  out.push(
    [
      '1. [Source needed: primary document or official publication]',
      '2. [Source needed: independent second source]',
      '3. [Source needed: independent third source]',
    ].join('\n'),
  );

  out.push('## Before Publishing');
  out.push(
    [
      '- [ ] Every claim checked against at least three independent sources',
      '- [ ] Estimates labelled, with their assumptions',
      '- [ ] Outline prompts and this checklist removed',
      '- [ ] Editorial review by a human editor',
    ].join('\n'),
  );

  return `${out.join('\n\n')}\n`;
}
