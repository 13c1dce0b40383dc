/**
 * AI writer personas, category templates, fixed author profiles and the editorial team (spec §1, §2, §3, §9).
 *
 * Every person here is fictional. The personas are the writing voices the editor's AI Expert Writers tab
 * offers (one per focus, one category each); the author profiles are the same five people as shown on the
 * article author card; the editorial team is what the About page lists.
 */
import type { Category } from './categories.ts';

/** An AI writer persona (spec §3) with the category it writes for. */
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

/** Exactly five personas: AI strategy, EU policy, Nordic startups, blockchain, fintech (spec §2, §9). */
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

/** A category template (spec §3): tone, ordered sections, key elements and research focus. */
export interface CategoryTemplate {
  tone: string;
  /** Ordered section headings. */
  structure: string[];
  keyElements: string[];
  researchFocus: string[];
}

export type TemplateCategory =
  | 'Analysis Drop'
  | 'News Slam'
  | 'Startup Radar'
  | 'Deep Dive'
  | 'Deal Watch'
  | 'Energy Future'
  | 'Future Cities';

/** Each category has its own section structure (spec §9). */
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
    researchFocus: [
      'IEA and ENTSO-E publications',
      'Transmission system operator reports',
      'EU energy legislation',
    ],
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

/** A fixed author profile for the article author card (spec §2). */
export interface AuthorProfile {
  name: string;
  title: string;
  institution: string;
  expertise: string[];
  credentials: string[];
  achievements: string[];
  initials: string;
}

/** The five fixed profiles: the same people as the personas. */
export const AUTHOR_PROFILES: AuthorProfile[] = [
  {
    name: 'Dr. Astrid Lindqvist',
    title: 'Senior AI Strategy Analyst',
    institution: 'Northwire AI Strategy Desk, Stockholm',
    expertise: ['AI strategy', 'Foundation models', 'AI governance', 'Compute economics'],
    credentials: ['PhD in Machine Learning', 'MSc in Engineering Physics'],
    achievements: [
      'Led production machine learning programmes in Nordic manufacturing',
      'Author of the Northwire AI Act readiness checklist',
      'Regular speaker on responsible AI deployment',
    ],
    initials: 'AL',
  },
  {
    name: 'Élise Vandermeer',
    title: 'EU Policy Editor',
    institution: 'Northwire Brussels Bureau',
    expertise: ['EU AI Act', 'Digital Markets Act', 'Data Act', 'GDPR'],
    credentials: ['LLM in European Law', 'Qualified competition lawyer'],
    achievements: [
      'Followed the AI Act from Commission proposal to Official Journal',
      'Maintains the Northwire EU digital legislation tracker',
    ],
    initials: 'ÉV',
  },
  {
    name: 'Oskar Haraldsen',
    title: 'Nordic Startups Correspondent',
    institution: 'Northwire Startup Desk, Oslo',
    expertise: ['Nordic startups', 'Venture building', 'Climate tech', 'Deep tech'],
    credentials: ['MSc in Industrial Economics', 'Former scale-up operator'],
    achievements: [
      'Operating roles at two Nordic scale-ups',
      'Mentor to early-stage founders across the Nordics and Baltics',
    ],
    initials: 'OH',
  },
  {
    name: 'Dr. Tuomas Ahlroos',
    title: 'Blockchain and Digital Assets Analyst',
    institution: 'Northwire Research, Helsinki',
    expertise: ['Blockchain infrastructure', 'Cryptography', 'MiCA', 'Stablecoins'],
    credentials: ['PhD in Applied Cryptography', 'MSc in Computer Science'],
    achievements: [
      'Worked on payment-system interoperability pilots',
      'Author of the Northwire MiCA explainer series',
    ],
    initials: 'TA',
  },
  {
    name: 'Ingrid Solvik',
    title: 'Fintech and Deals Editor',
    institution: 'Northwire Markets Desk, Copenhagen',
    expertise: ['Fintech', 'Payments', 'Venture financing', 'DORA'],
    credentials: ['MSc in Finance', 'CFA charterholder'],
    achievements: [
      'Former corporate-development analyst at a Nordic bank',
      'Covers Nordic and European fintech funding and M&A',
    ],
    initials: 'IS',
  },
];

/** The fixed profile for a known author, or the generic one with the name's first two letters as initials (spec §2). */
export function authorProfile(name: string): AuthorProfile {
  const known = AUTHOR_PROFILES.find((profile) => profile.name === name);
  if (known) return known;
  return {
    name,
    title: 'Technology Analyst',
    institution: 'Independent Consultant',
    expertise: [],
    credentials: [],
    achievements: [],
    initials: name.slice(0, 2).toUpperCase(),
  };
}

/** A member of the editorial team as listed on the About page. */
export interface TeamMember {
  name: string;
  role: string;
  specialty: string;
}

/** The founder and editor-in-chief plus nine expert writers (five of them the personas). All fictional. */
export const EDITORIAL_TEAM: { founder: TeamMember & { bio: string }; writers: TeamMember[] } = {
  founder: {
    name: 'Henrik Åkerlund',
    role: 'Founder and Editor-in-Chief',
    specialty: 'Technology journalism and editorial standards',
    bio: 'Founded Northwire to bring research-grade analysis of European and Nordic technology to a general professional audience, with AI-assisted writing under human editorial oversight.',
  },
  writers: [
    { name: 'Dr. Astrid Lindqvist', role: 'Senior AI Strategy Analyst', specialty: 'AI strategy and governance' },
    { name: 'Élise Vandermeer', role: 'EU Policy Editor', specialty: 'EU technology regulation' },
    { name: 'Oskar Haraldsen', role: 'Nordic Startups Correspondent', specialty: 'Nordic startups and venture building' },
    { name: 'Dr. Tuomas Ahlroos', role: 'Blockchain and Digital Assets Analyst', specialty: 'Blockchain, cryptography and MiCA' },
    { name: 'Ingrid Solvik', role: 'Fintech and Deals Editor', specialty: 'Fintech, payments and funding' },
    { name: 'Dr. Maja Eklund', role: 'Energy Systems Writer', specialty: 'Power grids, storage and the energy transition' },
    { name: 'Lars-Erik Dahlgren', role: 'Cities and Architecture Writer', specialty: 'Urban planning, timber construction and mobility' },
    { name: 'Sanna Mäkelä', role: 'Cybersecurity Writer', specialty: 'Security, resilience and critical infrastructure' },
    { name: 'Dr. Rasmus Holt', role: 'Data and Research Editor', specialty: 'Research methods, data journalism and source verification' },
  ],
};
