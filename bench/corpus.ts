/**
 * A deterministic corpus of realistic published articles for publishing, search and memory benchmarks.
 *
 * A repeated paragraph compresses, indexes and caches far better than real writing, so figures measured on it
 * flatter the system. These posts instead have real markdown structure in varying amounts, bursty per-post topics
 * and names, and a Zipf-distributed vocabulary whose long tail keeps growing with the corpus, as news text does.
 * Post `index` under `seed` depends on nothing else, so a benchmark can build post 7,345 alone.
 *
 * One file over the usual 400 lines on purpose: most of it is the vocabulary and phrase tables the generator draws
 * from, and the draws depend on their order and size; split apart, a change to one table would silently change
 * every post (and the cached bodies' key) without the generator's file showing it.
 */
import { CATEGORIES, type Category } from 'content-schema/categories';
import { CATEGORY_TEMPLATES, WRITER_PERSONAS, type TemplateCategory } from 'content-schema/personas';

/** One generated article with the fields the post API stores. */
export interface CorpusPost {
  title: string;
  slug: string;
  excerpt: string;
  /** Markdown (CommonMark + GFM, no raw HTML). */
  content: string;
  category: Category;
  tags: string[];
  authorName: string;
  readTime: number;
  createdAt: Date;
}

// ---------------------------------------------------------------------------------------------------------------
// Randomness: one small PRNG per post, seeded from (seed, index), so posts never depend on each other.

type Rng = () => number;

function hashOf(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = Math.imul(h ^ (part | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

function mulberry32(state: number): Rng {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
const between = (rng: Rng, lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));

/** Rank in 1..n with P(r) ∝ (r + q)^-s, by inverting the continuous (bounded Pareto) CDF: O(1), no tables. */
function zipf(rng: Rng, n: number, s = 1, q = 0): number {
  const lo = 1 + q;
  const hi = n + 1 + q;
  const u = rng();
  const x = s === 1 ? lo * (hi / lo) ** u : (lo ** (1 - s) + u * (hi ** (1 - s) - lo ** (1 - s))) ** (1 / (1 - s));
  return Math.min(n, Math.floor(x - q));
}
const zipfPick = <T>(rng: Rng, items: readonly T[], s = 1): T => items[zipf(rng, items.length, s) - 1]!;

// ---------------------------------------------------------------------------------------------------------------
// Vocabulary. The head is real English and domain terms (ordered roughly by frequency, since rank sets weight);
// the tail is pseudo-words built from a rank's hash, so it is unbounded and costs no memory. '~' marks mass nouns
// (no plural), '_' joins multi-word terms, 'a/b/c' gives irregular verb forms (base/past/gerund).

const words = (text: string): string[] =>
  text
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/_/g, ' '));

const NOUNS = words(`
~data market company model ~regulation platform ~growth ~energy startup investor ~funding grid customer ~demand
price city product report network ~infrastructure ~software system ~policy ~risk ~revenue ~capacity ~cost operator
project round deal fund sector ~research ~security ~storage battery building team founder ~compute framework
~supply ~investment ~capital plan standard ~compliance rule region supplier service ~competition ~privacy contract
~power ~electricity ~transport ~housing ~mobility ~inference ~training agent chip ~hardware ~cloud ~governance
~oversight decision ~efficiency ~emissions ~carbon target tariff licence directive proposal requirement obligation
authority regulator ~enforcement court ruling fine complaint vulnerability attack breach incident ~resilience
assessment audit survey study benchmark laboratory university engineer developer analyst economist ~strategy roadmap
programme pilot prototype ~deployment rollout launch release feature update version interface protocol ledger
token stablecoin wallet ~payment bank lender loan ~credit ~inflation economy industry ~manufacturing factory plant
facility site member_state ~government ministry municipality council ~procurement tender budget subsidy grant
~tax incentive ~equity ~debt bond share shareholder board ~transparency ~accountability ~liability ~safety
~reliability ~latency ~throughput ~bandwidth ~productivity ~automation assistant chatbot ~evaluation ~alignment
server cluster ~edge sensor device vehicle charger fleet ~logistics warehouse port ~shipping airline ~rail heat_pump
~heating ~cooling reactor ~gas ~hydrogen turbine ~wind ~solar panel ~biomass forest ~recycling ~waste ~water
~climate ~sustainability disclosure taxonomy ~insurance insurer clinic hospital patient trial ~talent ~hiring
employee workforce ~labour skill school student architect facade neighbourhood street square park tram bus
~cycling ~planning ~density renovation retrofit ~insulation material ~lithium ~timber ~concrete semiconductor
robot drone satellite ~broadband spectrum ~identity ~authentication ~encryption key certificate repository
~documentation partner partnership alliance consortium ecosystem accelerator incubator exit listing exchange
trader ~volatility ~liquidity ~custody asset ~settlement ~fraud sanction ~trade ~sovereignty dependency bottleneck
shortage backlog delay timeline milestone deadline consultation ~guidance opinion vote election parliament
commission amendment article annex clause ~scope exemption threshold penalty sandbox ~margin ~valuation
acquisition merger stake portfolio substation interconnector ~transmission ~permitting dataset pipeline workload
contractor developer_team spreadsheet dashboard forecast scenario ~uncertainty trend signal`);

const ADJECTIVES = words(`
new European Nordic large public digital major small private national early clear open critical strategic
regulatory financial technical commercial industrial urban local regional global sustainable renewable clean
green low high fast cheap expensive efficient reliable resilient secure closed proprietary distributed
autonomous generative predictive sovereign cross-border long-term short-term mid-sized early-stage late-stage
profitable ambitious cautious modest significant substantial marginal incremental radical structural systemic
fragmented competitive dominant emerging mature established existing proposed final binding voluntary mandatory
flexible complex simple practical experimental scalable modular interoperable transparent accountable
responsible fair robust fragile volatile stable uncertain ambiguous recent upcoming annual quarterly record
average typical unusual rare common widespread limited broad narrow deep heavy dense compact wooden electric
thermal offshore onshore coastal northern central remote smart connected mobile Swedish Finnish Norwegian Danish
Icelandic Estonian German French Dutch political economic social environmental operational legal physical
decentralised centralised agentic fossil slow rigid optional draft historic`);

const VERBS = words(`
build/built launch expand reduce increase raise lower deliver deploy adopt test scale fund back acquire sell/sold
buy/bought merge approve reject delay accelerate replace integrate automate measure report publish regulate
enforce require allow block challenge support oppose propose introduce update review assess audit secure protect
connect store generate convert export import lead/led win/won/winning lose/lost hire train open close
ship/shipped/shipping price target outperform struggle compete benefit depend rely process analyse predict
forecast/forecast simplify standardise license negotiate sign announce confirm deny warn argue claim expect
plan/planned/planning aim focus pilot operate manage maintain upgrade retrofit/retrofitted/retrofitting insulate
power electrify decarbonise balance stabilise curtail invest finance refinance value list double triple halve
cut/cut/cutting spin/spun/spinning bring/brought hold/held keep/kept shift prioritise restructure`);

const ADVERBS = words(`also still now already only just largely mostly quickly sharply steadily significantly partly
fully soon recently currently increasingly reportedly effectively broadly roughly nearly quietly openly publicly
jointly directly formally initially eventually particularly notably arguably clearly slowly`);

/** Terms each category keeps coming back to; a post repeats a few of them, as real articles repeat their topic. */
const TOPICS: Record<Category, string[]> = {
  'Analysis Drop': words(`foundation_model ~inference_cost ~AI_governance GPU large_language_model AI_agent
    ~model_evaluation ~fine-tuning data_centre ~compute_budget model_card ~synthetic_data ~retrieval
    ~hallucination_rate ~AI_adoption open-weight_model`),
  'News Slam': words(`~AI_Act ~Digital_Markets_Act ~Digital_Services_Act ~Data_Act ~GDPR_enforcement gatekeeper
    ~NIS2 implementing_act code_of_practice infringement_procedure delegated_act ~platform_regulation
    ~age_verification ~interoperability_obligation`),
  'Startup Radar': words(`seed_round Series_A ~pre-seed accelerator_programme ~ARR ~runway ~burn_rate
    angel_investor ~climate_tech ~deep_tech spin-out ~founder_equity pitch_deck ~product-market_fit
    ~venture_debt`),
  'Deep Dive': words(`~MiCA stablecoin zero-knowledge_proof CBDC tokenised_deposit ~custody ~settlement_finality
    consensus_protocol ~cryptography ~digital_euro smart_contract ~post-quantum_cryptography validator
    ~privacy_engineering`),
  'Deal Watch': words(`acquisition term_sheet growth_round ~open_banking ~payments ~DORA ~due_diligence earn-out
    ~valuation_multiple secondary_sale buy-and-build ~embedded_finance ~instant_payments take-private`),
  'Energy Future': words(`~battery_storage ~offshore_wind ~green_hydrogen heat_pump interconnector
    ~capacity_market ~curtailment ~grid_connection ~demand_response ~small_modular_reactor ~district_heating
    ~power_purchase_agreement ~flexibility_market electrolyser`),
  'Future Cities': words(`~mass_timber cross-laminated_timber ~district_heating tram_line ~zoning ~deep_retrofit
    digital_twin mobility_hub ~urban_greening ~circular_construction ~embodied_carbon superblock
    ~last-mile_logistics ~public_space`),
  Energy: words(`~grid_tariff substation ~hydropower ~nuclear_power ~transmission_capacity ~balancing_market
    ~price_area ~wind_power ~solar_power ~energy_storage ~grid_code`),
  Architecture: words(`~timber_construction facade ~adaptive_reuse ~passive_house ~building_permit ~daylighting
    ~modular_housing ~acoustic_design ~concrete_recycling courtyard_block`),
};

const PLACES = words(`Stockholm Helsinki Oslo Copenhagen Europe the_Nordics Sweden Finland Norway Denmark Gothenburg
Berlin Brussels Amsterdam Tallinn Malmö Espoo Aarhus Bergen Trondheim Tampere Uppsala Reykjavik Riga Vilnius Paris
Munich Hamburg Lund Turku Oulu Odense Aalborg Stavanger Luleå Umeå Skellefteå Linköping Västerås Örebro Vaasa
Tromsø Tartu Kaunas Rotterdam Eindhoven Antwerp Lyon Grenoble Lisbon Porto Madrid Barcelona Milan Turin Vienna
Zurich Warsaw Kraków Prague Dublin Iceland Estonia Latvia Lithuania Germany the_Baltics Scandinavia`);
const FIRST_NAMES = words(`Anna Erik Lars Karin Maria Johan Sofia Mikael Emma Anders Elin Jonas Ida Henrik Sara Mats
Linnea Magnus Frida Nils Hanna Olof Maja Per Ebba Gustav Kristin Jesper Helena Mattias Aino Juha Mikko Laura Antti
Veera Timo Elina Ville Saara Jukka Noora Pekka Ole Ingrid Kari Sigrid Bjørn Solveig Thomas Marte Eirik Kjersti
Mette Rasmus Freja Søren Camilla Mads Line Jens Sofie Gunnar Ásta Jón Katrín Kristjan Liis Kadri Andris Ilze Tomas
Ieva Katarzyna Piotr Lena Stefan Julia Felix Claire Lucas Marta Pablo Giulia Marco Niamh Petra Lukas Clara`);
const LAST_NAMES = words(`Andersson Johansson Karlsson Nilsson Eriksson Larsson Olsson Persson Svensson Lindberg
Lindström Holm Nyberg Korhonen Virtanen Mäkinen Nieminen Hämäläinen Laine Heikkinen Koskinen Järvinen Hansen
Johansen Olsen Larsen Andersen Pedersen Nielsen Jensen Haugen Dahl Lund Jónsson Sigurðsson Tamm Saar Kask Bērziņš
Kazlauskas Schmidt Müller Weber de_Vries Janssen Dubois Moreau Rossi García Kowalski Novak Murphy`);
const INSTITUTIONS = words(`the_European_Commission the_European_Parliament ESMA the_EBA the_ECB ENTSO-E the_IEA
Nord_Pool the_OECD Eurostat Finansinspektionen the_Riksbank Norges_Bank Energinet Statnett Svenska_kraftnät Fingrid
Business_Finland Vinnova Innovation_Norway the_Swedish_Energy_Agency Boverket the_Nordic_Council the_EIB Traficom
Datatilsynet the_EDPB the_AI_Office ACER the_Bank_of_Finland`);
const LAWS = words(`the_AI_Act MiCA DORA the_Data_Act the_DMA the_DSA GDPR NIS2 the_CSRD the_Net-Zero_Industry_Act
the_Chips_Act PSD3 the_Cyber_Resilience_Act the_EPBD the_Renewable_Energy_Directive the_Critical_Raw_Materials_Act
the_EU_taxonomy the_Payment_Services_Regulation the_Instant_Payments_Regulation`);
const ROLES = words(`chief_executive chief_technology_officer head_of_policy a_senior_analyst a_partner co-founder
head_of_research chief_financial_officer an_energy_economist a_professor head_of_product programme_director`);
const MONTHS = words('January February March April May June July August September October November December');

// Syllable tables for the tail: plain Latin letters for common words, Nordic letters only in names.
const ONSETS = words('b br c ch cr d dr f fl fr g gl gr h j k kl kr l m n p pl pr r s sc sk sl sp st sv t th tr v z');
const NUCLEI = words('a e i o u a e i o u a e i o ai au ea io ou y');
const CODAS = ['', '', '', 'n', 'r', 'l', 's', 't', 'm', 'nd', 'nt', 'rk', 'st', 'ng', 'x', 'ld', 'rn', 'ck'];
const NOUN_ENDS = words('ion ity ment er ance ism ure ite age ness or ory ence al');
const ADJ_ENDS = words('al ic ive ous able ant ary ent ile ish');
const VERB_ENDS = ['ate', 'ize', 'ify', 'en', ''];
const COMPANY_ENDS = ['a', 'o', 'io', 'ex', 'ly', 'ify', 'ion', 'en', 'ar', 'is', 'um', 'ia', '', ''];
const COMPANY_WORDS = words('Labs Energy Systems AI Robotics Analytics Bio Grid Pay Capital Health Mobility Cloud');
const SURNAME_ENDS = words('son sen berg ström lund gren qvist dahl nen holm vik stad feldt mark');
const TOWN_ENDS = words('by vik holm stad heim köping sund ås fors');

// Tail ranks follow Zipf–Mandelbrot; tuned so distinct words grow like Heaps' law (about 29k forms at 1,000 posts,
// 135k at 10,000) instead of saturating.
const TAIL = { n: 4_000_000, s: 1.35, q: 40 };
const tailRank = (rng: Rng): number => zipf(rng, TAIL.n, TAIL.s, TAIL.q);
// Head words: Zipf with a small offset, so the top noun is common but not one in six of all nouns.
const headPick = <T>(rng: Rng, items: readonly T[]): T => items[zipf(rng, items.length, 1, 6) - 1]!;
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** A pseudo-word stem of one or two syllables, the same for the same key wherever it is drawn. */
function stem(key: number): string {
  const r = mulberry32(key);
  let out = '';
  for (let i = 0, count = 1 + (key % 2); i < count; i++) {
    out += (i > 0 && r() < 0.5 ? '' : pick(r, ONSETS)) + pick(r, NUCLEI) + (r() < 0.4 ? pick(r, CODAS) : '');
  }
  return out;
}
/** A tail word: a stem plus an ending chosen by the same key; `salt` keeps nouns, verbs and names apart. */
function tailWord(rng: Rng, salt: number, ends: readonly string[]): string {
  const key = hashOf(tailRank(rng), salt);
  const base = stem(key);
  const end = ends[(key >>> 8) % ends.length]!;
  return (/[aeiouy]$/.test(base) && /^[aeiouy]/.test(end) ? base.slice(0, -1) : base) + end;
}

const endsInS = (w: string): boolean => /(s|x|ch|sh)$/.test(w);
const endsInY = (w: string): boolean => /[^aeiou]y$/.test(w);
function plural(noun: string): string {
  if (noun.startsWith('~')) return noun.slice(1);
  return endsInS(noun) ? `${noun}es` : endsInY(noun) ? `${noun.slice(0, -1)}ies` : `${noun}s`;
}
const singular = (noun: string): string => noun.replace(/^~/, '');

/** A noun as stored ('~' for mass nouns): mostly the real head, sometimes the pseudo-word tail. */
const rawNoun = (rng: Rng): string => (rng() < 0.16 ? tailWord(rng, 11, NOUN_ENDS) : headPick(rng, NOUNS));
const noun = (rng: Rng, many: boolean): string => (many ? plural : singular)(rawNoun(rng));
const adjective = (rng: Rng): string => (rng() < 0.14 ? tailWord(rng, 12, ADJ_ENDS) : headPick(rng, ADJECTIVES));

function verb(rng: Rng, form: 'base' | 'past' | 'ing' | 's'): string {
  const [base, past, ing] = (rng() < 0.1 ? tailWord(rng, 13, VERB_ENDS) : headPick(rng, VERBS)).split('/') as [
    string,
    string?,
    string?,
  ];
  if (form === 'base') return base;
  if (form === 's') return endsInS(base) ? `${base}es` : endsInY(base) ? `${base.slice(0, -1)}ies` : `${base}s`;
  if (form === 'past') {
    return past ?? (base.endsWith('e') ? `${base}d` : endsInY(base) ? `${base.slice(0, -1)}ied` : `${base}ed`);
  }
  return ing ?? (/[^e]e$/.test(base) ? `${base.slice(0, -1)}ing` : `${base}ing`);
}

// Companies, people and towns follow their own Zipf: a few recur across the corpus, most appear once or twice.
function companyName(rng: Rng): string {
  const name = cap(tailWord(rng, 21, COMPANY_ENDS));
  return rng() < 0.3 ? `${name} ${pick(rng, COMPANY_WORDS)}` : name;
}
function personName(rng: Rng): string {
  const first = zipfPick(rng, FIRST_NAMES, 0.8);
  return `${first} ${rng() < 0.45 ? zipfPick(rng, LAST_NAMES, 0.8) : cap(tailWord(rng, 22, SURNAME_ENDS))}`;
}
const placeName = (rng: Rng): string => (rng() < 0.85 ? zipfPick(rng, PLACES, 1.1) : cap(tailWord(rng, 23, TOWN_ENDS)));

// ---------------------------------------------------------------------------------------------------------------
// Sentences: clause templates with slots, optional openers and connectors; enough combinations that no paragraph
// repeats. Slots: C/C2 company, P person, R role, N/Ns noun, T topic, A adjective, V/Vd/Vg/Vs verb forms, Adv,
// L place, X product, M money, Pct, Y past year, Yf future year, Q quarter, Mo month, Num, U quantity,
// O institution, Law, code identifier.

const CLAUSES = [
  '{C} {Vd} a {A} {N} for {Ns} in {L}',
  '{C} {Vs} that {A} {Ns} will {V} the {N} by {Yf}',
  'the {N} {Vd} {Pct} in {Y}, the first {A} {N} since {Y}',
  '{P} {Vd} the {N} as a {A} step toward {A} {Ns}',
  'revenue from {Ns} rose {Pct} to {M} last year',
  '{Law} requires {Ns} to {V} their {Ns} before {Yf}',
  '{O} {Vd} {A} guidance on {Ns} in {Q}',
  'most {Ns} still {V} {Ns} rather than {Vg} {A} {Ns}',
  'the company {Vd} {M} from investors led by {C2}',
  '{X} {Vs} {Ns} {Adv}, which cuts the {N} of {Vg} {Ns}',
  '{Ns} in {L} now {V} about {U} a year',
  'there is no {A} {N} for {Vg} {Ns} at this {N}',
  'the {A} {N} {Vs} how {Ns} {V} the {T}',
  'it is not yet clear whether {C} can {V} {Ns} without {Vg} its {N}',
  'a {Y} {N} by {O} found that {Pct} of {Ns} had {Vd} {A} {Ns}',
  '{C} and {C2} {Vd} a {A} {N} to {V} {Ns} across {L}',
  'the {N} is {Adv} {A}, and {Ns} {V} it {Adv}',
  '{Ns} that {V} {A} {Ns} tend to {V} faster',
  'the {T} market in {L} is worth {M}, according to {O}',
  '{C} {Vs} {U} of {A} {N} at its {L} site',
  'critics argue that the {N} {Vs} {A} {Ns} over {A} ones',
  'the {N} will {V} {Ns} with more than {Num} {Ns}',
  '{P} {Vd} the {T} in {Y} after {Vg} {Ns} at {C2}',
  'each {N} {Vs} a {A} {N} and a {A} {N}',
  'demand for {T} {Vd} {Pct} year on year',
  '{O} expects {Ns} to {V} {Adv} over the next {Num} years',
  '{X} {Vd} {Ns} for {Num} {Ns} during the {N}',
  'the deal values {C} at {M}',
  '{C2} {Vd} its {N} in {C} to {Pct}',
  'the {A} {N} of {T} is {Adv} understood',
  'without {A} {Ns}, the {N} cannot {V} {A} {Ns}',
  'the {N} behind {X} is {A} but {A}',
  'operators must {V} {U} of {N} within {Num} hours',
  '{Ns} {V} the {T} when {Ns} {V} {A}',
  'its {N} {Vs} the {N} for {Ns} in {L} and {L}',
  '{P} {Vs} the {N} as {A}',
  'the {N} {Vd} from {Num} to {U} in {Mo}',
  '{C} has {Vd} {Num} {Ns} since {Y}',
  'the case for {T} is {A}, not {A}',
  'investors are {Vg} {Ns} with {A} {Ns}',
  'that makes the {N} a {A} {N} for {A} {Ns}',
  'the pilot in {L} {Vd} {U} and {Vd} {Pct} of {Ns}',
  'few {Ns} have {Vd} the {T} so far',
  '{Law} {Vs} {A} {Ns} from {Yf}',
  'the {T} {Vs} {Adv} on {A} {Ns}',
  'in {L}, {Ns} {Vd} {A} {Ns} for {Num} months before the {N} {Vd}',
  'the {N} of {C} {Vd} {Adv} in {Q}',
];
const CODE_CLAUSES = [
  'setting {code} to {Num} {Vs} the {N} by {Pct}',
  'the {code} endpoint {Vs} {A} {Ns}',
  '{Ns} call {code} before they {V} the {N}',
  'the {code} flag is {A} by default',
];
const OPENERS = words(`In_{Y} According_to_{P} For_{Ns} Meanwhile By_contrast At_the_same_time In_practice In_{L}
  Since_{Y} Last_{Mo} On_paper Still For_now In_{Q} Put_simply Either_way Across_the_Nordics Under_{Law} Crucially
  Even_so In_{Mo}_{Y}`);
const QUOTE_FRAMES = [
  ['"', '," said {P}.'],
  ['"', '," {P} said.'],
  ['"', '," {P}, {R} at {C}, said.'],
  ['{P} said: "', '."'],
  ['"', '," according to {P}.'],
  ['{P} put it bluntly: "', '."'],
  ['"', '," {P} told Northwire.'],
  ['{P}, {R} at {C}, disagrees: "', '."'],
  ['"', '," {P} wrote in a {Mo} blog post.'],
  ['In an interview, {P} said: "', '."'],
] as const;
const CONNECTORS = [
  ', while',
  ', but',
  ', and',
  '; meanwhile,',
  ', which means',
  ' because',
  ', although',
  ' as',
  ' after',
  ', whereas',
  ', so',
];
const UNITS = words('MW GW GWh TWh kWh tonnes square_metres ms terabytes users homes');
const CURRENCIES = ['€', '€', '$', 'SEK ', 'NOK ', 'DKK '];

type BlockKind = 'link' | 'em' | 'strong' | 'code' | 'table' | 'quote' | 'list' | 'ordered' | 'nested' | 'sub';
/** Everything one post's text is drawn from; its cast and topics recur through the post, as in real articles. */
interface Ctx {
  rng: Rng;
  year: number;
  category: Category;
  topics: string[];
  companies: string[];
  people: { full: string; mentioned: boolean }[];
  places: string[];
  products: string[];
  /** Per-post weight of each kind; 0 means the post has none. */
  style: Record<BlockKind | 'footnote', number>;
  footnotes: string[];
}

function money(rng: Rng): string {
  const billions = rng() < 0.3;
  const amount = billions ? `${between(rng, 1, 9)}.${between(rng, 1, 9)}` : `${between(rng, 2, 480)}`;
  return `${pick(rng, CURRENCIES)}${amount} ${billions ? 'billion' : 'million'}`;
}

function slot(ctx: Ctx, key: string): string {
  const { rng } = ctx;
  switch (key) {
    case 'C':
      return rng() < 0.8 ? ctx.companies[zipf(rng, ctx.companies.length, 1.5) - 1]! : companyName(rng);
    case 'C2':
      return rng() < 0.6 ? ctx.companies[between(rng, 1, ctx.companies.length - 1)]! : companyName(rng);
    case 'P': {
      const person = rng() < 0.85 ? zipfPick(rng, ctx.people) : { full: personName(rng), mentioned: false };
      const again = person.mentioned;
      person.mentioned = true; // full name first, surname afterwards, as news style does
      return again ? person.full.slice(person.full.indexOf(' ') + 1) : person.full;
    }
    case 'N':
      return rng() < 0.1 ? singular(pick(rng, ctx.topics)) : noun(rng, false);
    case 'Ns': {
      const topic = pick(rng, ctx.topics);
      return rng() < 0.1 && !topic.startsWith('~') ? plural(topic) : noun(rng, true);
    }
    case 'T':
      return singular(pick(rng, ctx.topics));
    case 'A':
      return adjective(rng);
    case 'V':
      return verb(rng, 'base');
    case 'Vd':
      return verb(rng, 'past');
    case 'Vg':
      return verb(rng, 'ing');
    case 'Vs':
      return verb(rng, 's');
    case 'Adv':
      return zipfPick(rng, ADVERBS);
    case 'L':
      return rng() < 0.6 ? zipfPick(rng, ctx.places) : placeName(rng);
    case 'X':
      return pick(rng, ctx.products);
    case 'M':
      return money(rng);
    case 'Pct':
      return rng() < 0.5 ? `${between(rng, 2, 90)}%` : `${between(rng, 1, 60)}.${between(rng, 0, 9)} per cent`;
    case 'Y':
      return String(ctx.year - zipf(rng, 12, 1.2, 1) + 1); // mostly this year or last
    case 'Yf':
      return String(ctx.year + zipf(rng, 10, 1.2, 1));
    case 'Q':
      return `Q${between(rng, 1, 4)}`;
    case 'Mo':
      return pick(rng, MONTHS);
    case 'Num':
      return String(zipf(rng, 300, 1.4) + 1);
    case 'U':
      return `${between(rng, 1, 900)} ${pick(rng, UNITS)}`;
    case 'O':
      return zipfPick(rng, INSTITUTIONS);
    case 'Law':
      return zipfPick(rng, LAWS);
    case 'R':
      return pick(rng, ROLES);
    case 'code':
      return `\`${identifier(rng, pick(rng, ['camel', 'snake', 'kebab'] as const))}\``;
    default:
      throw new Error(`unknown slot {${key}}`);
  }
}

// Templates are split once into [text, slot, text, slot, …]; a regex replace per use was the generator's hot spot.
const compiled = new Map<string, string[]>();
function fill(ctx: Ctx, template: string): string {
  let parts = compiled.get(template);
  if (!parts) compiled.set(template, (parts = template.split(/\{(\w+)\}/)));
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) out += slot(ctx, parts[i]!) + parts[i + 1]!;
  return out;
}
const fixArticles = (text: string): string =>
  text.replace(/\b([Aa]) (?=[aeiouAEIOU])(?!eu|Eu|one|uni|Uni|use|usu)/g, '$1n ');
const phrase = (ctx: Ctx, templates: readonly string[]): string =>
  cap(fixArticles(fill(ctx, pick(ctx.rng, templates))));

function clause(ctx: Ctx): string {
  return fill(ctx, pick(ctx.rng, ctx.style.code > 0 && ctx.rng() < 0.08 ? CODE_CLAUSES : CLAUSES));
}

function sentence(ctx: Ctx): string {
  const { rng } = ctx;
  const r = rng();
  if (r < 0.12) {
    const quoted = cap(fixArticles(clause(ctx)));
    const [before, after] = pick(rng, QUOTE_FRAMES);
    return `${fill(ctx, before)}${quoted}${fill(ctx, after)}`;
  }
  let text = clause(ctx);
  if (r < 0.45) text = `${fill(ctx, pick(rng, OPENERS))}, ${text}`;
  if (rng() < 0.3) text += `${pick(rng, CONNECTORS)} ${clause(ctx)}`;
  return `${cap(fixArticles(text))}.`;
}

/** Wraps a run of plain words in markup; tokens with punctuation are left alone so the markup never breaks. */
function wrapSpan(rng: Rng, text: string, length: number, wrap: (span: string) => string): string {
  const tokens = text.split(' ');
  const starts: number[] = [];
  for (let i = 1; i + length <= tokens.length; i++) {
    if (tokens.slice(i, i + length).every((t) => /^\p{L}[\p{L}-]*$/u.test(t))) starts.push(i);
  }
  if (starts.length === 0) return text;
  const at = pick(rng, starts);
  tokens.splice(at, length, wrap(tokens.slice(at, at + length).join(' ')));
  return tokens.join(' ');
}

const FOOTNOTES = ['{O}, {A} {N} report, {Y}.', 'Company filing by {C}, {Mo} {Y}.', 'Interview with {P}, {Mo} {Y}.'];
function paragraph(ctx: Ctx, min: number, max: number): string {
  const { rng, style } = ctx;
  const out: string[] = [];
  for (let i = between(rng, min, max); i > 0; i--) {
    let s = sentence(ctx);
    const r = rng();
    if (r < style.link) s = wrapSpan(rng, s, between(rng, 2, 4), (span) => `[${span}](${url(ctx)})`);
    else if (r < style.link + style.em) s = wrapSpan(rng, s, 1, (span) => `*${span}*`);
    else if (r < style.link + style.em + style.strong) s = wrapSpan(rng, s, between(rng, 2, 3), (w) => `**${w}**`);
    if (rng() < style.footnote) {
      const n = ctx.footnotes.length + 1;
      ctx.footnotes.push(`[^${n}]: ${fill(ctx, pick(rng, FOOTNOTES))}`);
      s += `[^${n}]`;
    }
    out.push(s);
  }
  return out.join(' ');
}

// ---------------------------------------------------------------------------------------------------------------
// Other block kinds: links, code, lists, quotes, tables.

const DOMAINS = words(`ec.europa.eu eur-lex.europa.eu www.esma.europa.eu www.eba.europa.eu www.entsoe.eu www.iea.org
  arxiv.org github.com www.nordpoolgroup.com www.riksbank.se www.svk.se energinet.dk www.statnett.no www.boverket.se
  www.oecd.org data.europa.eu www.bis.org www.vinnova.se www.businessfinland.fi`);
const TLDS = words('com io se fi no dk eu ai');
const SECTIONS = words('news blog press investors docs publications documents en/reports press-releases');
const slugOf = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/ð/g, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

function url(ctx: Ctx): string {
  const { rng } = ctx;
  const r = rng();
  const path = slugOf(`${noun(rng, false)} ${noun(rng, true)} ${rng() < 0.5 ? between(rng, 2018, 2026) : ''}`);
  const company = slugOf(pick(rng, ctx.companies));
  if (r < 0.15) {
    const month = String(between(rng, 1, 12)).padStart(2, '0');
    return `https://arxiv.org/abs/${between(rng, 19, 26)}${month}.${between(rng, 10000, 99999)}`;
  }
  if (r < 0.3) return `https://github.com/${company}/${path}`;
  if (r < 0.6) return `https://www.${company.replace(/-/g, '')}.${pick(rng, TLDS)}/${pick(rng, SECTIONS)}/${path}`;
  return `https://${zipfPick(rng, DOMAINS)}/${pick(rng, SECTIONS)}/${path}`;
}

type Case = 'camel' | 'snake' | 'kebab' | 'pascal';
function identifier(rng: Rng, style: Case): string {
  const parts = [verb(rng, 'base'), noun(rng, false), ...(rng() < 0.4 ? [noun(rng, rng() < 0.3)] : [])];
  const flat = parts
    .join(' ')
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .split(' ')
    .filter(Boolean);
  if (style === 'snake') return flat.join('_');
  if (style === 'kebab') return flat.join('-');
  const pascal = flat.map(cap).join('');
  return style === 'pascal' ? pascal : pascal.charAt(0).toLowerCase() + pascal.slice(1);
}

function codeBlock(ctx: Ctx): string {
  const { rng } = ctx;
  const id = (style: Case = 'camel') => identifier(rng, style);
  const pkg = slugOf(pick(rng, ctx.companies));
  const n = () => zipf(rng, 5000, 1.1);
  const lang = pick(rng, ['ts', 'ts', 'json', 'bash', 'python', 'yaml', 'sql']);
  let lines: string[];
  if (lang === 'ts') {
    const v = id();
    lines = [
      `import { ${id('pascal')} } from '@${pkg}/sdk';`,
      '',
      `export async function ${id()}(${id()}: string): Promise<number> {`,
      `  const ${v} = await ${id()}({ region: 'eu-north-1', timeoutMs: ${n()} });`,
      rng() < 0.5
        ? `  if (${v}.${id()} > ${n()}) throw new Error('${fill(ctx, '{A} {N}')}');`
        : `  console.log(\`${fill(ctx, '{N}')}: \${${v}.${id()}}\`);`,
      `  return ${v}.${id()} * ${n()};`,
      '}',
    ];
  } else if (lang === 'json') {
    const list = Array.from({ length: between(rng, 1, 4) }, () => `"${id('kebab')}"`).join(', ');
    lines = [
      '{',
      `  "${id()}": "${id('kebab')}",`,
      `  "region": "${pick(rng, ['eu-north-1', 'eu-central-1'])}",`,
      `  "${id()}": ${n()},`,
      `  "${id()}": [${list}],`,
      `  "enabled": ${rng() < 0.5}`,
      '}',
    ];
  } else if (lang === 'bash') {
    const api = `https://api.${pkg.replace(/-/g, '')}.io/v${between(rng, 1, 3)}/${id('kebab')}`;
    lines = [
      `pnpm add @${pkg}/${id('kebab')}`,
      `export ${id('snake').toUpperCase()}=${n()}`,
      `curl -s ${api} | jq '.${id()}'`,
    ].slice(0, between(rng, 2, 3));
    if (rng() < 0.5) lines.push(`kubectl rollout status deployment/${id('kebab')}`);
  } else if (lang === 'python') {
    const df = id('snake');
    lines = [
      'import pandas as pd',
      '',
      `${df} = pd.read_csv("${id('snake')}.csv")`,
      `${df} = ${df}[${df}["${id('snake')}"] > ${n()}]`,
      `print(${df}.groupby("${id('snake')}")["${id('snake')}"].mean().round(2))`,
    ];
  } else if (lang === 'yaml') {
    lines = [
      `${id('kebab')}:`,
      '  region: eu-north-1',
      `  ${id()}: ${n()}`,
      `  ${id()}: ${rng() < 0.5}`,
      `  ${id()}:`,
      `    - ${id('kebab')}`,
      `    - ${id('kebab')}`,
    ];
  } else {
    lines = [
      `SELECT ${id('snake')}, count(*) AS ${id('snake')}`,
      `FROM ${id('snake')}`,
      `WHERE ${id('snake')} >= ${n()}`,
      'GROUP BY 1',
      'ORDER BY 2 DESC',
      `LIMIT ${between(rng, 5, 50)};`,
    ];
  }
  return `\`\`\`${lang}\n${lines.join('\n')}\n\`\`\``;
}

const ITEMS = ['{A} {Ns} in {L}', '{Vg} {A} {Ns}', 'the {N} of {C}', '{T} and {Ns}', '{M} for {Ns}'];
const SUB_ITEMS = ['{A} {Ns}', '{Vg} the {N}', '{Pct} of {Ns}', '{N} in {L}'];
function listBlock(ctx: Ctx, ordered: boolean): string {
  const { rng } = ctx;
  const items: string[] = [];
  const form = between(rng, 0, 2); // short phrases, sentences, or bold lead-ins
  for (let i = 1, count = between(rng, 3, 7); i <= count; i++) {
    const lead = form === 2 ? `**${phrase(ctx, ['{A} {N}'])}:** ` : '';
    const body = form === 0 ? phrase(ctx, ITEMS) : `${lead}${sentence(ctx)}`;
    items.push(`${ordered ? `${i}.` : '-'} ${body}`);
    if (rng() < ctx.style.nested) {
      for (let j = between(rng, 2, 3); j > 0; j--) items.push(`${ordered ? '   ' : '  '}- ${phrase(ctx, SUB_ITEMS)}`);
    }
  }
  return items.join('\n');
}

function quoteBlock(ctx: Ctx): string {
  const { rng } = ctx;
  const quote = `> ${Array.from({ length: between(rng, 1, 3) }, () => sentence(ctx)).join(' ')}`;
  return rng() < 0.5 ? `${quote}\n>\n> — ${fill(ctx, '{P}, {R} at {C}')}` : quote;
}

const COUNTRIES = words('Sweden Finland Norway Denmark Estonia Iceland Germany');
const ROUNDS = words('Pre-seed Seed Series_A Series_B Growth');
function tableBlock(ctx: Ctx): string {
  const { rng } = ctx;
  const rows = (make: () => string[]) => Array.from({ length: between(rng, 3, 7) }, make);
  const kind = between(rng, 0, 2);
  let table: string[][];
  if (kind === 0) {
    table = [
      ['Company', 'Country', 'Round', 'Amount', 'Lead investor'],
      ['---', '---', '---', '---:', '---'],
      ...rows(() => [companyName(rng), pick(rng, COUNTRIES), pick(rng, ROUNDS), money(rng), companyName(rng)]),
    ];
  } else if (kind === 1) {
    const y = ctx.year - between(rng, 2, 4);
    table = [
      ['Metric', String(y), String(y + 1), String(y + 2)],
      ['---', '---:', '---:', '---:'],
      ...rows(() => [phrase(ctx, ['{A} {N}']), ...[0, 1, 2].map(() => String(between(rng, 1, 999)))]),
    ];
  } else {
    table = [
      ['Option', 'Cost', 'Strength', 'Weakness'],
      [':---', ':---:', '---', '---'],
      ...rows(() => [
        phrase(ctx, ['{T}', '{A} {N}']),
        pick(rng, ['Low', 'Medium', 'High', money(rng)]),
        fixArticles(fill(ctx, '{A} {Ns}')),
        fixArticles(fill(ctx, '{A} {N}')),
      ]),
    ];
  }
  return table.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Posts.

/** Words as `countWords` in content-schema/markdown sees them, without parsing (parsing 10,000 posts is too slow). */
function visibleWords(markdown: string): number {
  let count = 0;
  let inCode = false;
  for (const raw of markdown.split('\n')) {
    if (raw.startsWith('```')) {
      inCode = !inCode;
      continue;
    }
    // Link targets, footnote labels and list markers are not words a reader sees.
    const line = inCode
      ? raw
      : raw
          .replace(/\]\([^)]*\)/g, ' ')
          .replace(/\[\^\d+\]:?/g, ' ')
          .replace(/^\s*(?:-|\d+\.)\s/, ' ');
    count += line.match(/\S*[\p{L}\p{N}]\S*/gu)?.length ?? 0;
  }
  return count;
}

// Twelve-slot cycle: the editor's main categories twice, the rest once, so any 12 consecutive posts cover all nine.
const CATEGORY_CYCLE: Category[] = [
  'Analysis Drop',
  'Analysis Drop',
  'News Slam',
  'News Slam',
  'Startup Radar',
  'Startup Radar',
  'Deal Watch',
  'Deep Dive',
  'Energy Future',
  'Future Cities',
  'Energy',
  'Architecture',
];
const TEMPLATE_OF: Record<Category, TemplateCategory> = {
  ...(Object.fromEntries(CATEGORIES.map((c) => [c, c])) as Record<Category, TemplateCategory>),
  Energy: 'Energy Future',
  Architecture: 'Future Cities',
};
const TITLES = [
  '{C} {Vs} {A} {T} in {L}',
  'Why {A} {Ns} matter for {T}',
  'What {Law} means for {T}',
  "Inside {C}'s bet on {A} {T}",
  '{L} {T} pilot {Vs} {Pct} of {Ns}',
  '{C} raises {M} to {V} {T}',
  'The {A} economics of {T}',
  "How {T} could {V} {L}'s {N}",
  '{Num} things to know about {T} in {Y}',
  '{C} and {C2} {V} {A} {T} deal',
  'Is {T} the next {A} {N}?',
  '{O} {Vs} {A} rules on {T}',
  '{T}: {A} {Ns}, {A} {Ns}',
  'The {Yf} {T} outlook for {L}',
  '{C} {Vs} {X} as {T} {Vs}',
  'After {Law}, {Ns} {V} {A} {T}',
  '{P} on {A} {Ns} and the limits of {T}',
];
const HEADINGS = [
  '{A} {Ns} and the {N} question',
  'Why {T} matters',
  'What {C} gets right',
  'The {Y} picture',
  'Inside the {N}',
  "{L}'s {A} {N}",
  'How {Ns} {V} {Ns}',
  'The numbers behind {T}',
  'Lessons from {L}',
  'Where {Ns} go next',
  'The {N} problem',
  '{A} {Ns}, {A} {Ns}',
  'What {Law} changes',
];
const GENERAL_TAGS = words(`AI Regulation Startups Venture_Capital Funding EU Nordics Sweden Finland Norway Denmark
  Energy Climate Cities Architecture Fintech Payments Blockchain Cybersecurity Policy Infrastructure Data Cloud
  Semiconductors Open_Source Research Mobility Housing Hydrogen Batteries Grid Talent M&A IPO Banking ESG Robotics
  Sustainability Manufacturing Quantum Space Telecom Healthtech Edtech Procurement Competition Privacy Governance
  Machine_Learning Generative_AI Chips Data_Centres Digital_Sovereignty Antitrust Courts Enforcement Standards
  Public_Sector Defence Dual-Use Supply_Chains Critical_Minerals Battery_Recycling Electric_Vehicles Charging Rail
  Aviation Shipping Logistics Construction Urban_Planning Heat_Pumps Nuclear Wind Solar Carbon_Capture Carbon_Markets
  Insurance Lending Crypto Stablecoins CBDC Open_Banking Fraud Identity Cloud_Security Ransomware Resilience Labour
  Skills Universities Spin-outs Exits Down_Rounds Valuations Secondaries Family_Offices Pension_Funds`);

const MIN_WORDS = 800;
const MAX_WORDS = 2000;
const CORPUS_END = Date.UTC(2026, 10, 1);
// 10,000 posts span the five years before CORPUS_END (about 4.4 hours apart); higher indexes continue forward.
const STEP_MS = Math.round((5 * 365.25 * 86_400_000) / 10_000);
const CORPUS_START = CORPUS_END - 10_000 * STEP_MS;

function styleFor(rng: Rng, category: Category): Ctx['style'] {
  // Each kind is absent from some posts and heavy in others, as real articles differ.
  const some = (p: number) => (rng() < p ? 0.5 + rng() : 0);
  const technical = category === 'Deep Dive' || category === 'Analysis Drop';
  return {
    link: 0.04 + rng() * 0.1,
    em: rng() * 0.06,
    strong: rng() * 0.05,
    code: some(technical ? 0.75 : 0.15),
    table: some(category === 'Deal Watch' ? 0.85 : 0.35),
    quote: some(0.6),
    list: some(0.85) * 1.2,
    ordered: some(0.45) * 0.8,
    nested: rng() < 0.3 ? 0.35 : 0,
    sub: some(0.5),
    footnote: rng() < 0.15 ? 0.06 : 0,
  };
}

function categoryAt(index: number, seed: number): Category {
  const cycle = [...CATEGORY_CYCLE];
  const shuffle = mulberry32(hashOf(seed, Math.floor(index / cycle.length), 0xc47));
  for (let i = cycle.length - 1; i > 0; i--) {
    const j = Math.floor(shuffle() * (i + 1));
    [cycle[i], cycle[j]] = [cycle[j]!, cycle[i]!];
  }
  return cycle[index % cycle.length]!;
}

/** Markdown body of at least `target` words (unless the cap stops it) and below MAX_WORDS, with its word count. */
function body(ctx: Ctx, target: number): { content: string; words: number } {
  const { rng, style } = ctx;
  const blocks: string[] = [];
  let words = 0;
  // Adds the blocks if the post stays under the cap, counting the footnotes they bring; else forgets them.
  const tryAdd = (make: () => string[]): boolean => {
    const notesBefore = ctx.footnotes.length;
    const parts = make();
    const w = parts.reduce((sum, part) => sum + visibleWords(part), 0);
    const notes = ctx.footnotes.reduce((sum, note) => sum + visibleWords(note), 0);
    if (words + w + notes > MAX_WORDS - 10) {
      ctx.footnotes.length = notesBefore;
      return false;
    }
    blocks.push(...parts);
    words += w;
    return true;
  };
  const used = new Set<string>();
  const heading = (): string => {
    let text = '';
    for (let i = 0; i < 4 && (!text || used.has(text)); i++) text = phrase(ctx, HEADINGS);
    used.add(text);
    return text;
  };
  const kinds: [number, () => string][] = [
    [3, () => paragraph(ctx, 1, 6)],
    [style.list, () => listBlock(ctx, false)],
    [style.ordered, () => listBlock(ctx, true)],
    [style.code, () => codeBlock(ctx)],
    [style.quote, () => quoteBlock(ctx)],
    [style.table * 0.7, () => tableBlock(ctx)],
    [style.sub * 0.7, () => `### ${heading()}\n\n${paragraph(ctx, 2, 5)}`],
  ];
  const totalWeight = kinds.reduce((sum, [w]) => sum + w, 0);

  tryAdd(() => [paragraph(ctx, 2, 4)]);
  if (rng() < 0.5) tryAdd(() => [paragraph(ctx, 1, 3)]);
  const sections = CATEGORY_TEMPLATES[TEMPLATE_OF[ctx.category]].structure;
  let last = -1;
  for (let section = 0; words < target && section < 60; section++) {
    const title = section < sections.length && rng() < 0.6 ? sections[section]! : heading();
    last = 0;
    if (!tryAdd(() => [`## ${title}`, paragraph(ctx, 2, 5)])) {
      if (!tryAdd(() => [paragraph(ctx, 1, 1)])) break;
      continue;
    }
    for (let n = between(rng, 0, 3); n > 0 && words < target; n--) {
      let r = rng() * totalWeight;
      let kind = Math.max(
        0,
        kinds.findIndex(([w]) => (r -= w) < 0),
      );
      // Two bullet lists in a row would merge into one list, so a paragraph goes between them.
      if (kind === 1 && last === 1) kind = 0;
      if (tryAdd(() => [kinds[kind]![1]()])) last = kind;
    }
  }
  words += ctx.footnotes.reduce((sum, note) => sum + visibleWords(note), 0);
  return { content: [...blocks, ...ctx.footnotes].join('\n\n'), words };
}

/** The post at `index` of the corpus for `seed`; depends on nothing but those two numbers. */
export function generatePost(index: number, seed = 1): CorpusPost {
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`index must be a non-negative integer: ${index}`);
  const rng = mulberry32(hashOf(seed, index, 0x5eed));
  const category = categoryAt(index, seed);
  // A persona writes its own category; categories without one go to any of the five.
  const author = WRITER_PERSONAS.find((p) => p.category === category) ?? pick(rng, WRITER_PERSONAS);
  const createdAt = new Date(CORPUS_START + index * STEP_MS + Math.floor(rng() * STEP_MS * 0.9));

  const companies = Array.from({ length: between(rng, 2, 4) }, () => companyName(rng));
  const product = () => {
    const version = rng() < 0.4 ? ` ${between(rng, 2, 9)}` : '';
    return `${companies[0]!.split(' ')[0]} ${cap(singular(rawNoun(rng)).split(' ')[0]!)}${version}`;
  };
  const ctx: Ctx = {
    rng,
    category,
    companies,
    year: createdAt.getUTCFullYear(),
    footnotes: [],
    style: styleFor(rng, category),
    topics: [
      ...Array.from({ length: between(rng, 2, 4) }, () => zipfPick(rng, TOPICS[category], 0.9)),
      ...Array.from({ length: between(rng, 3, 8) }, () => rawNoun(rng)),
    ],
    people: Array.from({ length: between(rng, 1, 4) }, () => ({ full: personName(rng), mentioned: false })),
    places: Array.from({ length: between(rng, 1, 3) }, () => placeName(rng)),
    products: Array.from({ length: between(rng, 1, 2) }, product),
  };

  const title = phrase(ctx, TITLES).slice(0, 200);
  let excerpt = '';
  while (excerpt.length < 120) excerpt = `${excerpt} ${sentence(ctx).replace(/`/g, '')}`.trim();
  if (excerpt.length > 300) excerpt = `${excerpt.slice(0, 297).replace(/\s+\S*$/, '')}…`;

  // Half uniform, half centred: mid-length posts are most common, yet short and long ones are frequent.
  const spread = rng() < 0.5 ? rng() : (rng() + rng()) / 2;
  const { content, words } = body(ctx, MIN_WORDS + 30 + Math.floor(spread * (MAX_WORDS - MIN_WORDS - 90)));

  const tagPool = [...TOPICS[category].map(singular), ...ctx.places.filter((p) => PLACES.includes(p)), ...GENERAL_TAGS];
  const tags = new Set<string>();
  const wanted = pick(rng, [1, 2, 2, 3, 3, 3, 4, 4, 5, 6]);
  while (tags.size < wanted) tags.add(cap(zipfPick(rng, tagPool, 0.7)));

  return {
    title,
    slug: `${slugOf(title).slice(0, 80).replace(/-+$/, '') || 'post'}-${index}`,
    excerpt,
    content,
    category,
    tags: [...tags],
    authorName: author.name,
    readTime: Math.ceil(words / 200),
    createdAt,
  };
}

/** Posts 0..count-1 for `seed`, one at a time, so a 10,000-post run never holds the corpus in memory. */
export function* generateCorpus(count: number, seed = 1): Generator<CorpusPost> {
  for (let index = 0; index < count; index++) yield generatePost(index, seed);
}
