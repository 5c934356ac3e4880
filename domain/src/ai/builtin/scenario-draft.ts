import { fold } from '../conversation-metrics/text.js';
import type { FailureBehaviour, SuccessBehaviour } from '../practice/brief.js';
import type { SessionLanguage } from '../vocabulary.js';
import { SCENARIO_FAMILIES, type FamilyText, type Role, type ScenarioFamily } from './scenario-families.js';

// The built-in provider's session generator (docs/coaching-session-generators.md): no language model, so it drafts
// a role-play from template families, one per skill (price objection, discovery call, cold call, complaint,
// constructive feedback, difficult conversation, job interview, customer service, negotiation). The brief's skill
// picks the family by its words (English and French), its industry the persona's job title, and its difficulty the
// persona's patience and openness, the mission's difficulty, its objections and its turn limit. The draft carries the
// structured fields the built-in practice engine plays from (docs/ai-builtin-provider.md), so it plays well offline.
// Same brief and number, same draft: no clock, no randomness.

/** What a draft is asked from: the generator's brief and which draft of the run this is (0, 1, …). */
export type ScenarioDraftBrief = {
  skill: string;
  audience: string;
  industry: string;
  difficulty: number;
  language: SessionLanguage;
  index: number;
};

/**
 * One draft as a model answers it: the fields of the four items it makes, before they are validated (so the closed
 * sets, such as a knowledge item's gate, are plain strings here; the content schemas check them).
 */
export type ScenarioDraft = {
  persona: {
    name: string;
    job_title: string;
    company: string;
    personality: string;
    background: string;
    difficulty: number;
    mood: string;
    speaking_style: string;
    instructions: string;
    knowledge: { topic: string; keywords: string[]; says: string; gate: string }[];
    motivations: string[];
    patience: number;
    openness: number;
  };
  mission: {
    title: string;
    briefing: string;
    goal: string;
    success_criteria: string[];
    failure_conditions: string[];
    turn_limit: number | null;
    objections: { text: string; resolved_by: string[] }[];
    success_behaviours: string[];
    failure_behaviours: string[];
    difficulty: number | null;
  };
  observer: {
    name: string;
    description: string;
    instructions: string;
    rubric: {
      name: string;
      description: string;
      scale: string;
      weight: number;
      not_relevant_when: string | null;
    }[];
  };
  scenario: { name: string; description: string };
};

/** The words a family's templates are filled with. */
import type { DraftWords } from './scenario-family-kit.js';

export type { DraftWords };

type Person = { name: string; feminine: boolean };

const EN_PEOPLE: Person[] = [
  { name: 'Priya Shah', feminine: true },
  { name: 'Tom Whitaker', feminine: false },
  { name: 'Grace Okafor', feminine: true },
  { name: 'Daniel Hughes', feminine: false },
  { name: 'Hannah Lewis', feminine: true },
  { name: 'Marcus Bell', feminine: false },
  { name: 'Fiona Campbell', feminine: true },
  { name: 'Ravi Mehta', feminine: false },
  { name: 'Olivia Grant', feminine: true },
  { name: 'Samuel Adeyemi', feminine: false },
];

const FR_PEOPLE: Person[] = [
  { name: 'Claire Fontaine', feminine: true },
  { name: 'Julien Moreau', feminine: false },
  { name: 'Sophie Laurent', feminine: true },
  { name: 'Nicolas Girard', feminine: false },
  { name: 'Léa Dubois', feminine: true },
  { name: 'Hugo Lefèvre', feminine: false },
  { name: 'Camille Martin', feminine: true },
  { name: 'Antoine Roux', feminine: false },
  { name: 'Manon Petit', feminine: true },
  { name: 'Thomas Bernard', feminine: false },
];

const EN_COMPANIES = ['Norvel', 'Harbourside', 'Kingsway', 'Bluefield', 'Oakridge', 'Westbrook', 'Riverton'];
const FR_COMPANIES = ['Norvel', 'Maison Berthier', 'Atlantique', 'Alpes Conseil', 'Horizon Sud', 'Delmas', 'Rivage'];

// --- The brief's industry: a job title that fits it -------------------------------------------------------------

type IndustryId =
  'software' | 'hospitality' | 'retail' | 'finance' | 'health' | 'logistics' | 'manufacturing' | 'general';

/** Word starts (folded) that name an industry, checked in this order. */
const INDUSTRY_WORDS: [IndustryId, string[]][] = [
  ['hospitality', ['hotel', 'hospitality', 'hotellerie', 'restaura', 'touris', 'resort', 'hebergement']],
  [
    'software',
    ['software', 'saas', 'tech', 'logiciel', 'informati', 'numerique', 'digital', 'cloud', 'telecom', 'it$'],
  ],
  ['retail', ['retail', 'shop', 'store', 'commerce', 'magasin', 'distribution', 'boutique', 'supermarket', 'grande']],
  ['finance', ['bank', 'banque', 'bancaire', 'financ', 'insurance', 'assurance', 'fintech', 'credit']],
  ['health', ['health', 'sante', 'hospital', 'hopital', 'clinic', 'clinique', 'pharma', 'medical', 'care', 'soin']],
  ['logistics', ['logistic', 'logistique', 'transport', 'shipping', 'freight', 'supply', 'fret', 'entrepot']],
  ['manufacturing', ['manufactur', 'industr', 'factory', 'usine', 'production', 'automotive', 'automobile']],
];

/** Job titles by industry and role; French ones as [masculine, feminine]. */
const EN_JOBS: Record<IndustryId, Record<Role, string>> = {
  software: {
    buyer: 'Head of Procurement',
    manager: 'Head of IT Operations',
    customer: 'IT Manager',
    staff: 'Software Developer',
  },
  hospitality: {
    buyer: 'Purchasing Manager',
    manager: 'Hotel General Manager',
    customer: 'Corporate Travel Manager',
    staff: 'Front Desk Supervisor',
  },
  retail: {
    buyer: 'Category Buyer',
    manager: 'Store Operations Manager',
    customer: 'Office Manager',
    staff: 'Sales Associate',
  },
  finance: {
    buyer: 'Procurement Officer',
    manager: 'Head of Operations',
    customer: 'Finance Director',
    staff: 'Customer Adviser',
  },
  health: {
    buyer: 'Hospital Purchasing Manager',
    manager: 'Clinic Manager',
    customer: 'Practice Manager',
    staff: 'Ward Nurse',
  },
  logistics: {
    buyer: 'Procurement Manager',
    manager: 'Warehouse Operations Manager',
    customer: 'Supply Chain Manager',
    staff: 'Transport Planner',
  },
  manufacturing: {
    buyer: 'Purchasing Manager',
    manager: 'Plant Manager',
    customer: 'Maintenance Manager',
    staff: 'Production Supervisor',
  },
  general: {
    buyer: 'Purchasing Manager',
    manager: 'Operations Director',
    customer: 'Office Manager',
    staff: 'Project Coordinator',
  },
};

type Gendered = [string, string];
const same = (title: string): Gendered => [title, title];

const FR_JOBS: Record<IndustryId, Record<Role, Gendered>> = {
  software: {
    buyer: same('Responsable des achats'),
    manager: ['Directeur des systèmes d’information', 'Directrice des systèmes d’information'],
    customer: same('Responsable informatique'),
    staff: ['Développeur', 'Développeuse'],
  },
  hospitality: {
    buyer: same('Responsable des achats'),
    manager: ['Directeur d’hôtel', 'Directrice d’hôtel'],
    customer: same('Responsable des voyages d’affaires'),
    staff: ['Chef de réception', 'Cheffe de réception'],
  },
  retail: {
    buyer: ['Acheteur', 'Acheteuse'],
    manager: ['Directeur de magasin', 'Directrice de magasin'],
    customer: same('Responsable des services généraux'),
    staff: ['Conseiller de vente', 'Conseillère de vente'],
  },
  finance: {
    buyer: same('Responsable des achats'),
    manager: ['Directeur des opérations', 'Directrice des opérations'],
    customer: ['Directeur financier', 'Directrice financière'],
    staff: ['Conseiller clientèle', 'Conseillère clientèle'],
  },
  health: {
    buyer: ['Acheteur hospitalier', 'Acheteuse hospitalière'],
    manager: ['Directeur de clinique', 'Directrice de clinique'],
    customer: same('Responsable de cabinet médical'),
    staff: ['Infirmier', 'Infirmière'],
  },
  logistics: {
    buyer: same('Responsable des achats'),
    manager: same('Responsable d’entrepôt'),
    customer: same('Responsable supply chain'),
    staff: ['Planificateur transport', 'Planificatrice transport'],
  },
  manufacturing: {
    buyer: ['Acheteur industriel', 'Acheteuse industrielle'],
    manager: ['Directeur d’usine', 'Directrice d’usine'],
    customer: same('Responsable maintenance'),
    staff: ['Chef d’équipe de production', 'Cheffe d’équipe de production'],
  },
  general: {
    buyer: same('Responsable des achats'),
    manager: ['Directeur des opérations', 'Directrice des opérations'],
    customer: same('Responsable des services généraux'),
    staff: ['Chef de projet', 'Cheffe de projet'],
  },
};

/** The folded words of a text, for matching word starts. */
const tokensOf = (text: string): string[] =>
  fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Whether a word is a start of the token, or the token itself when the word ends with `$` ("deal$": not "dealing"). */
const fits = (token: string, word: string) =>
  word.endsWith('$') ? token === word.slice(0, -1) : token.startsWith(word);

const matches = (tokens: readonly string[], words: readonly string[]) =>
  words.reduce((count, word) => count + (tokens.some((token) => fits(token, word)) ? 1 : 0), 0);

const industryOf = (industry: string): IndustryId => {
  const tokens = tokensOf(industry);
  return (
    INDUSTRY_WORDS.find(([, starts]) => starts.some((start) => tokens.some((token) => fits(token, start))))?.[0] ??
    'general'
  );
};

/**
 * The family a brief's skill names: the one whose words its skill holds most (English and French), ties going to
 * the more specific family (the order of SCENARIO_FAMILIES); a skill no family's words fit takes the general
 * family, the discovery call (a conversation to understand someone's needs suits most skills).
 */
export const scenarioFamilyOf = (skill: string): ScenarioFamily => {
  const tokens = tokensOf(skill);
  let best: ScenarioFamily | undefined;
  let bestScore = 0;
  for (const family of SCENARIO_FAMILIES) {
    const score = matches(tokens, family.words);
    if (score > bestScore) {
      best = family;
      bestScore = score;
    }
  }
  return best ?? SCENARIO_FAMILIES.find((family) => family.id === 'discovery_call')!;
};

// --- Difficulty -----------------------------------------------------------------------------------------------

const MOODS = ['friendly', 'friendly', 'neutral', 'sceptical', 'irritated'] as const;
/** By difficulty 1..5: how many objections the mission lists, the persona's patience and openness. */
const OBJECTIONS = [1, 2, 2, 3, 4];
const PATIENCE = [5, 4, 4, 3, 3];
const OPENNESS = [4, 3, 3, 3, 2];

const clampDifficulty = (difficulty: number) => Math.min(5, Math.max(1, Math.round(difficulty)));

/** A small stable hash, so the brief's words (not only the draft's number) vary the picks. */
const hashOf = (text: string): number => {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash;
};

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;

const cut = (text: string, max = 120) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

const capitalised = (text: string) => (text.length === 0 ? text : text[0]!.toLocaleUpperCase() + text.slice(1));

/** French typography: a no-break space before ? ! : ; and %, whether the template or the brief wrote a space or none. */
const typeset = (text: string) =>
  text
    .replace(/(?<=\S)[ \u00a0]?([?!:;%])(?=\s|$)/gu, '\u00a0$1')
    // Elision before a name starting with a vowel or a mute h: "qu’Alpes Conseil", "d’Hugo".
    .replace(/\b(qu|d)e (?=[AEIOUYÉÈÊÂÎÔH])/gu, '$1’');

const frenchTypography = <T>(value: T): T => {
  if (typeof value === 'string') return typeset(value) as T;
  if (Array.isArray(value)) return value.map(frenchTypography) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, frenchTypography(inner)])) as T;
  }
  return value;
};

/**
 * The built-in provider's draft number `index` for this brief. Consecutive drafts of one run keep the skill's family
 * and take different people and companies, so their names differ; the difficulty sets the persona's mood, patience
 * and openness, how many objections the mission lists and how many turns it allows.
 */
export const builtinScenarioDraft = (brief: ScenarioDraftBrief): ScenarioDraft => {
  const french = brief.language === 'fr-FR';
  const family = scenarioFamilyOf(brief.skill);
  const text: FamilyText = french ? family.fr : family.en;
  const difficulty = clampDifficulty(brief.difficulty);
  const seed = hashOf(`${brief.skill}|${brief.audience}|${brief.industry}`.toLowerCase());
  const person = pick(french ? FR_PEOPLE : EN_PEOPLE, seed + brief.index);
  const company = pick(french ? FR_COMPANIES : EN_COMPANIES, seed + brief.index);
  const industry = industryOf(brief.industry);
  const job = french ? FR_JOBS[industry][family.role][person.feminine ? 1 : 0] : EN_JOBS[industry][family.role];
  const words: DraftWords = {
    persona: person.name,
    first: person.name.split(' ')[0]!,
    job,
    company,
    industry: brief.industry.trim(),
    audience: brief.audience.trim(),
    skill: brief.skill.trim(),
    il: person.feminine ? 'elle' : 'il',
    Il: person.feminine ? 'Elle' : 'Il',
    e: person.feminine ? 'e' : '',
  };
  const moodIndex = Math.min(4, difficulty - 1 + family.moodShift);
  const failure: FailureBehaviour[] = [...family.failure];
  if (difficulty >= 4) failure.push('patience_exhausted');
  const success: SuccessBehaviour[] = [...family.success];
  const objections = text.objections(words).slice(0, OBJECTIONS[difficulty - 1]);
  const draft: ScenarioDraft = {
    persona: {
      name: person.name,
      job_title: job,
      company,
      personality: text.personality,
      background: text.background(words),
      difficulty,
      mood: MOODS[moodIndex]!,
      speaking_style: text.speakingStyle,
      instructions: text.instructions(words),
      knowledge: text.knowledge(words).map((item) => ({ ...item, keywords: [...item.keywords] })),
      motivations: text.motivations(words),
      patience: PATIENCE[difficulty - 1]!,
      openness: OPENNESS[difficulty - 1]!,
    },
    mission: {
      title: cut(text.title(words)),
      briefing: text.briefing(words),
      goal: text.goal(words),
      success_criteria: [...text.successCriteria],
      failure_conditions: [...text.failureConditions],
      turn_limit: 12 + difficulty * 2,
      objections: objections.map((objection) => ({ text: objection.text, resolved_by: [...objection.resolvedBy] })),
      success_behaviours: success,
      failure_behaviours: failure,
      difficulty,
    },
    observer: {
      name: cut(`${text.judges} (${person.name}, ${company})`),
      description: french
        ? `Évalue ${text.judgesLower} dans l’échange avec ${person.name}. Compétence travaillée\u00a0: ${words.skill}.`
        : `Judges ${text.judgesLower} in the conversation with ${person.name}. Skill practised: ${words.skill}.`,
      instructions: french
        ? 'Citez l’apprenant mot pour mot. Soyez précis et bienveillant\u00a0; proposez une chose à essayer la prochaine fois.'
        : 'Quote the learner word for word. Be specific and kind; suggest one thing to try next time.',
      rubric: text.rubric.map((criterion) => ({
        ...criterion,
        not_relevant_when: criterion.not_relevant_when ?? null,
      })),
    },
    scenario: {
      name: cut(
        french
          ? `${text.situation}\u00a0: ${person.name}, ${company}`
          : `${text.situation}: ${person.name}, ${company}`,
      ),
      description: french
        ? `${capitalised(text.situationLower(words))} Public visé\u00a0: ${words.audience}. Secteur\u00a0: ${words.industry}.`
        : `${capitalised(text.situationLower(words))} For ${words.audience}, in ${words.industry}.`,
    },
  };
  return french ? frenchTypography(draft) : draft;
};
