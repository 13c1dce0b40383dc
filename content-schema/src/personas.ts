/**
 * AI writer personas, category templates, fixed author profiles and the editorial team.
 *
 * The personas are AI writer personas, not people: the writing voices the editor's AI Expert Writers tab and the
 * automation write with (one per focus, one category each). Their author profiles (the article author card) say
 * so and carry no human credentials. The editorial team is what the About page lists; its founder is fictional.
 */
import type { Category } from './categories.ts';

/** An AI writer persona with the category it writes for. */
export interface WriterPersona {
  id: string;
  name: string;
  expertise: string;
  tone: string;
  background: string;
  specializations: string[];
  writingStyle: string;
  category: Category;
}

/** Exactly five personas: AI strategy, EU policy, Nordic startups, blockchain, fintech. */
export const WRITER_PERSONAS: WriterPersona[] = [
  {
    id: 'ai-strategy',
    name: 'Dr. Astrid Lindqvist',
    expertise: 'AI strategy and machine learning systems',
    tone: 'Analytical, measured and evidence-led; sceptical of hype in both directions',
    background:
      'Former machine learning research lead turned strategy adviser; has spent more than a decade helping Nordic industrial companies move models from pilot to production.',
    specializations: [
      'Foundation models and general-purpose AI',
      'AI governance and risk management',
      'Compute economics and inference costs',
      'Enterprise AI adoption',
    ],
    writingStyle:
      'Opens with the decision a reader has to make, separates established facts from informed estimates, and closes with concrete recommendations and open questions.',
    category: 'Analysis Drop',
  },
  {
    id: 'eu-policy',
    name: 'Élise Vandermeer',
    expertise: 'EU technology regulation and digital policy',
    tone: 'Precise, brisk and neutral; explains the legal text before giving a view on it',
    background:
      'Trained as a competition lawyer in Brussels and followed the Digital Services Act, AI Act and Data Act files from Commission proposal to final text.',
    specializations: [
      'EU AI Act',
      'Digital Markets Act and Digital Services Act',
      'Data Act and GDPR enforcement',
      'Legislative timelines and implementation',
    ],
    writingStyle:
      'Leads with what changed and when it applies, cites the official text, and explains who is affected in plain language before turning to consequences.',
    category: 'News Slam',
  },
  {
    id: 'nordic-startups',
    name: 'Oskar Haraldsen',
    expertise: 'Nordic startup ecosystems and venture building',
    tone: 'Energetic but grounded; curious about founders, strict about numbers',
    background:
      'Operator at two Oslo and Stockholm scale-ups before moving into ecosystem research; has mentored early-stage founders across the Nordics and Baltics.',
    specializations: [
      'Seed and Series A dynamics',
      'Climate and deep-tech startups',
      'Cross-border scaling within the EU',
      'Founder and talent markets',
    ],
    writingStyle:
      'Profiles the problem before the product, tests the business model against the market, and ends with what to watch over the next twelve months.',
    category: 'Startup Radar',
  },
  {
    id: 'blockchain',
    name: 'Dr. Tuomas Ahlroos',
    expertise: 'Blockchain infrastructure, cryptography and digital assets',
    tone: 'Technical and patient; separates protocol facts from market narratives',
    background:
      'Applied cryptographer who has worked on payment-system interoperability and distributed-ledger pilots; writes long-form explainers for engineers and policy readers.',
    specializations: [
      'MiCA and digital-asset regulation',
      'Stablecoins and tokenised deposits',
      'Zero-knowledge proofs and privacy',
      'Central bank digital currencies',
    ],
    writingStyle:
      'Builds from first principles, uses diagrams in prose and small worked examples, and states the assumptions behind every conclusion.',
    category: 'Deep Dive',
  },
  {
    id: 'fintech',
    name: 'Ingrid Solvik',
    expertise: 'Fintech, payments and venture financing',
    tone: 'Crisp and commercial; reads every deal through its terms, not its headline',
    background:
      'Former corporate-development analyst at a Nordic bank who now covers funding rounds, M&A and the regulation that shapes payments and lending.',
    specializations: [
      'Payments and open banking',
      'Venture and growth financing',
      'DORA and operational resilience',
      'Bank-fintech partnerships',
    ],
    writingStyle:
      'States the deal, then the structure, then what it signals; uses small tables or calculations to make valuation logic visible.',
    category: 'Deal Watch',
  },
];

/** A category template: tone, ordered sections, key elements and research focus. */
export interface CategoryTemplate {
  tone: string;
  /** Ordered section headings. */
  structure: string[];
  keyElements: string[];
  researchFocus: string[];
}

export type TemplateCategory =
  'Analysis Drop' | 'News Slam' | 'Startup Radar' | 'Deep Dive' | 'Deal Watch' | 'Energy Future' | 'Future Cities';

/** Each category has its own section structure. */
export const CATEGORY_TEMPLATES: Record<TemplateCategory, CategoryTemplate> = {
  'Analysis Drop': {
    tone: 'Analytical and forward-looking, with clear separation between evidence and interpretation',
    structure: [
      'Executive Summary',
      'Context and Background',
      'Key Developments',
      'Strategic Implications',
      'Risks and Counterarguments',
      'Recommendations',
      'What to Watch',
    ],
    keyElements: [
      'A one-paragraph thesis up front',
      'Links to primary sources',
      'Explicit assumptions behind any estimate',
      'Actionable recommendations for decision-makers',
    ],
    researchFocus: [
      'Primary documents and official publications',
      'Peer-reviewed and preprint research',
      'Company filings and technical documentation',
      'European and Nordic market context',
    ],
  },
  'News Slam': {
    tone: 'Urgent, factual and concise; what happened first, opinion last',
    structure: ['What Happened', 'Why It Matters', 'Who Is Affected', 'The Timeline', 'Our Take'],
    keyElements: [
      'The news in the first two sentences',
      'Dates and applicability spelled out',
      'Link to the official text or announcement',
      'A clearly labelled editorial view',
    ],
    researchFocus: [
      'Official journals and press releases',
      'Regulator guidance and consultation documents',
      'Reactions from affected sectors',
    ],
  },
  'Startup Radar': {
    tone: 'Curious and constructive, rigorous about business models',
    structure: [
      'The Problem',
      'The Approach',
      'Market and Competition',
      'Business Model',
      'Team and Ecosystem',
      'Risks',
      'Outlook',
    ],
    keyElements: [
      'A clear problem statement',
      'Comparison with incumbents and alternatives',
      'Unit economics reasoning',
      'Nordic and European ecosystem context',
    ],
    researchFocus: [
      'Public company registries and filings',
      'Ecosystem and funding reports',
      'Product documentation and open-source repositories',
    ],
  },
  'Deep Dive': {
    tone: 'Thorough, technical and explanatory; builds from first principles',
    structure: [
      'Introduction',
      'Historical Context',
      'How It Works',
      'The Regulatory Landscape',
      'Case Studies and Scenarios',
      'Challenges and Limitations',
      'Future Outlook',
      'Conclusion',
    ],
    keyElements: [
      'Worked examples or code where useful',
      'Clearly labelled scenarios',
      'Multiple perspectives on contested points',
      'A reading list of primary sources',
    ],
    researchFocus: [
      'Technical specifications and standards',
      'Legislation and supervisory guidance',
      'Academic literature',
      'Long-run historical data',
    ],
  },
  'Deal Watch': {
    tone: 'Commercial and precise; reads the structure behind the headline',
    structure: [
      'The Deal',
      'Deal Structure and Terms',
      'Strategic Rationale',
      'Market Context',
      'Regulatory Considerations',
      'What It Signals',
    ],
    keyElements: [
      'Only disclosed figures stated as fact',
      'Valuation logic made explicit',
      'Comparable transactions or market segments',
      'Regulatory and competition angles',
    ],
    researchFocus: [
      'Announcements and regulatory filings',
      'Central bank and supervisor publications',
      'Market structure and competition data',
    ],
  },
  'Energy Future': {
    tone: 'Systems-minded and pragmatic; follows the electrons and the money',
    structure: [
      'The Energy Question',
      'Current System Picture',
      'Technology Options',
      'Grid and Infrastructure Constraints',
      'Policy and Market Design',
      'Outlook',
    ],
    keyElements: [
      'Physical constraints stated before economics',
      'Units and orders of magnitude explained',
      'Nordic and wider European context',
      'Trade-offs between cost, reliability and emissions',
    ],
    researchFocus: ['IEA and ENTSO-E publications', 'Transmission system operator reports', 'EU energy legislation'],
  },
  'Future Cities': {
    tone: 'Human-centred and evidence-based; technology in service of places and people',
    structure: [
      'The Urban Challenge',
      'Design Principles',
      'Technology and Infrastructure',
      'Governance and Data',
      'Lessons from Nordic Cities',
      'Next Steps',
    ],
    keyElements: [
      'Concrete places and projects as illustrations',
      'Citizen and privacy perspective',
      'Long-term maintenance and cost view',
      'Policy levers available to municipalities',
    ],
    researchFocus: [
      'Municipal and EU urban policy documents',
      'Building and planning standards',
      'Research on urban mobility and buildings',
    ],
  },
};

/**
 * The author card of an article. A persona's card says what the persona is: an
 * AI writer persona with a configured focus, not a person, so it carries no degrees, employers or achievements.
 */
export interface AuthorProfile {
  name: string;
  /** 'persona': one of the AI writer personas; 'person': any other byline (a human author). */
  kind: 'persona' | 'person';
  title: string;
  institution: string;
  /** A persona's configured focus; empty for an unknown author. */
  expertise: string[];
  /** What the byline is, in one or two sentences (a persona's nature and who supervises it); empty for a person. */
  about: string;
  initials: string;
}

function initialsOf(name: string): string {
  const words = name
    .replace(/^Dr\.\s+/, '')
    .split(/\s+/)
    .filter(Boolean);
  return words.length >= 2 ? `${words[0]![0]}${words.at(-1)![0]}`.toUpperCase() : name.slice(0, 2).toUpperCase();
}

/** The persona of a byline, or null when the byline is not one of the AI writer personas. */
export function personaByName(name: string): WriterPersona | null {
  return WRITER_PERSONAS.find((p) => p.name === name) ?? null;
}

/** The five persona profiles, derived from the personas themselves so the two never disagree. */
export const AUTHOR_PROFILES: AuthorProfile[] = WRITER_PERSONAS.map((persona) => ({
  name: persona.name,
  kind: 'persona',
  title: `AI writer persona, ${persona.category}`,
  institution: 'Configured and supervised by the Northwire editors',
  expertise: persona.specializations,
  about: `${persona.name} is an AI writer persona, not a person: a configured focus (${persona.expertise}), voice and research brief that an AI model writes with. It has no degrees, career or opinions of its own; Northwire's editors choose its topics, check its drafts against the sources and answer for what is published.`,
  initials: initialsOf(persona.name),
}));

/** The fixed profile for a persona, or the generic one with the name's first two letters as initials. */
export function authorProfile(name: string): AuthorProfile {
  const known = AUTHOR_PROFILES.find((profile) => profile.name === name);
  if (known) return known;
  return {
    name,
    kind: 'person',
    title: 'Technology Analyst',
    institution: 'Independent Consultant',
    expertise: [],
    about: '',
    initials: name.slice(0, 2).toUpperCase(),
  };
}

/** A member of the editorial team as listed on the About page. */
export interface TeamMember {
  name: string;
  role: string;
  specialty: string;
}

/**
 * The founder and editor-in-chief, and the writer personas whose bylines appear on the site (the five the AI
 * Expert Writers tab and the automation write with). The About page lists only personas that exist,
 * described as what they are; the fictional human writers it used to list never wrote anything here.
 */
export const EDITORIAL_TEAM: { founder: TeamMember & { bio: string }; writers: TeamMember[] } = {
  founder: {
    name: 'Henrik Åkerlund',
    role: 'Founder and Editor-in-Chief',
    specialty: 'Technology journalism and editorial standards',
    bio: 'Founded Northwire to bring research-grade analysis of European and Nordic technology to a general professional audience, with AI-assisted writing under human editorial oversight.',
  },
  writers: WRITER_PERSONAS.map((p) => ({
    name: p.name,
    role: `AI writer persona, ${p.category}`,
    specialty: p.expertise,
  })),
};
