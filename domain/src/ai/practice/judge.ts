import type { TranscriptTurn } from '../call.js';
import { countWords, fold, matchTokens } from '../conversation-metrics/text.js';
import type { RoleplayBrief } from './brief.js';
import { replayConversation, tradesConcessions, type ConversationState, type Move } from './conversation.js';
import type { Intent } from './intents.js';
import { BEHAVIOURS, type Behaviour } from './behaviours.js';
import { JUDGE_LINES, type JudgeLines } from './judge-lines.js';

// The built-in observer (issue 25): it judges behaviours, not words. Each rubric criterion is read as one of the
// behaviours below (from its name and description, in either language), scored from the same replay of the
// conversation the persona played by, and backed by the learner's own sentences that show it. The summary, the
// strengths and the points to improve are written from those scores and the outcome, so they cannot disagree.

export { BEHAVIOURS, type Behaviour };

/** Word stems (folded) that tie a criterion to a behaviour, checked in the order of BEHAVIOURS: "Clear close" closes. */
const BEHAVIOUR_WORDS: Record<Behaviour, readonly string[]> = {
  closing: [
    'clos',
    'next step',
    'commit',
    'agreement',
    'conclu',
    'prochaine etape',
    'engagement',
    'cloture',
    'suite a donner',
    'action',
  ],
  negotiation: [
    'trade',
    'concession',
    'negotia',
    'negocia',
    'price',
    'discount',
    'margin',
    'contrepartie',
    'prix',
    'remise',
    'marge',
    'echange',
  ],
  objections: [
    'objection',
    'concern',
    'pushback',
    'resistan',
    'inquietude',
    'reticence',
    'complain',
    'plainte',
    'reclamation',
  ],
  value: [
    'value',
    'benefit',
    'roi',
    'evidence',
    'proof',
    'argument',
    'pitch',
    'valeur',
    'benefice',
    'preuve',
    'solution',
  ],
  discovery: [
    'question',
    'discover',
    'need',
    'explor',
    'curio',
    'diagnos',
    'probing',
    'besoin',
    'decouverte',
    'investig',
  ],
  empathy: [
    'empath',
    'rapport',
    'acknowledg',
    'listen',
    'reassur',
    'apolog',
    'ecoute',
    'reconnai',
    'rassur',
    'excuse',
    'bienveill',
    'feeling',
    'emotion',
  ],
  professionalism: [
    'tone',
    'calm',
    'respect',
    'courte',
    'polite',
    'professional',
    ' ton ',
    'calme',
    'courtois',
    'poli',
    'professionnel',
    'manner',
  ],
  clarity: ['clear', 'clarity', 'concise', 'structur', 'summar', 'clair', 'clarte', 'concis', 'resum', 'brevity'],
};

export type JudgeCriterion = { name: string; description: string; weight: number };

export type Evidence = { turn: number; quote: string };

export type JudgedCriterion = {
  name: string;
  /** The behaviour it was read as; `own_words` when none fits (then the learner's sentences using its words). */
  behaviour: Behaviour | 'own_words';
  relevant: boolean;
  /** 0..1. */
  share: number;
  evidence: Evidence[];
};

export type Judgement = {
  criteria: JudgedCriterion[];
  /** The weighted mean of the relevant criteria's shares, 0..100. */
  overall: number | null;
  wentWell: string[];
  toImprove: string[];
  summary: string;
  outcome: 'win' | 'lose' | 'end' | 'open';
};

/** The behaviour a criterion names, from its name first, then from what it says good looks like. */
export const behaviourOf = (criterion: Pick<JudgeCriterion, 'name' | 'description'>): Behaviour | 'own_words' => {
  const find = (text: string) => {
    const folded = ` ${fold(text)} `;
    return BEHAVIOURS.find((behaviour) => BEHAVIOUR_WORDS[behaviour].some((word) => folded.includes(word)));
  };
  return find(criterion.name) ?? find(criterion.description) ?? 'own_words';
};

const quotesOf = (moves: readonly Move[], intents: readonly Intent[], limit = 3): Evidence[] => {
  const quotes: Evidence[] = [];
  for (const move of moves) {
    for (const detection of move.reading.detections) {
      if (!intents.includes(detection.intent)) continue;
      if (quotes.some((quote) => quote.quote === detection.sentence)) continue;
      quotes.push({ turn: move.index, quote: detection.sentence });
      if (quotes.length >= limit) return quotes;
    }
  }
  return quotes;
};

/** The learner's sentences of a few words up to 25, in the order said: what a concise turn looks like. */
const shortSentences = (moves: readonly Move[], limit: number): Evidence[] =>
  moves
    .flatMap((move) => move.reading.sentences.map((sentence) => ({ turn: move.index, quote: sentence.text })))
    .filter(({ quote }) => countWords(quote) >= 3 && countWords(quote) <= 25)
    .slice(0, limit);

type Scored = { relevant: boolean; share: number; evidence: Evidence[] };

const learnerWords = (transcript: readonly TranscriptTurn[]) => {
  let learner = 0;
  let persona = 0;
  let longest = 0;
  for (const turn of transcript) {
    const words = countWords(turn.text);
    if (turn.speaker === 'learner') {
      learner += words;
      longest = Math.max(longest, words);
    } else persona += words;
  }
  return { ratio: learner + persona === 0 ? null : learner / (learner + persona), longest };
};

const count = (moves: readonly Move[], intent: Intent) =>
  moves.reduce((total, move) => total + move.reading.detections.filter((d) => d.intent === intent).length, 0);

const scorers = (
  brief: RoleplayBrief,
  state: ConversationState,
  transcript: readonly TranscriptTurn[],
): Record<Behaviour, () => Scored> => {
  const { moves } = state;
  const lost = state.closing?.startsWith('lose') ?? false;
  const hostile = state.rudeness > 0 ? 1 : state.pressure > 0 ? 0.5 : 0;
  // An offer where nothing is traded is a remedy: it shows value, and is quoted as such.
  const valueIntents: Intent[] = tradesConcessions(brief) ? ['value'] : ['value', 'concession'];
  return {
    discovery: () => {
      const open = count(moves, 'open_question');
      const revealing = moves.filter((move) => move.revealed.length > 0 && move.reading.has('open_question'));
      const told = state.revealed.size / Math.max(1, Math.min(3, brief.persona.knowledge.length));
      const share =
        brief.persona.knowledge.length === 0
          ? Math.min(1, open / 3)
          : 0.4 * Math.min(1, open / 3) + 0.6 * Math.min(1, told);
      return { relevant: true, share, evidence: quotesOf([...revealing, ...moves], ['open_question']) };
    },
    empathy: () => {
      const units = moves.filter((move) => move.reading.has('empathy') || move.reading.has('summary')).length;
      return {
        relevant: true,
        share: Math.max(0, Math.min(1, units / 2) - hostile),
        evidence: quotesOf(moves, ['empathy', 'summary']),
      };
    },
    objections: () => {
      const inPlay = state.objections.slice(0, state.inPlay);
      if (inPlay.length === 0) return { relevant: false, share: 0, evidence: [] };
      const resolved = inPlay.filter((objection) => objection.status === 'resolved').length;
      const conceded = inPlay.filter((objection) => objection.status === 'conceded').length;
      const working = moves.filter((move) => move.made.length > 0);
      return {
        relevant: true,
        share: (resolved + 0.25 * conceded) / inPlay.length,
        evidence: quotesOf(working, ['empathy', 'summary', ...valueIntents, 'trade']),
      };
    },
    value: () => {
      const landing = moves.filter((move) => move.made.includes('value'));
      return { relevant: true, share: Math.min(1, landing.length / 2), evidence: quotesOf(landing, valueIntents) };
    },
    negotiation: () => {
      const trades = count(moves, 'trade');
      const asksTrade = brief.mission.objections.some((objection) => objection.resolvedBy.includes('trade'));
      if (!asksTrade && trades === 0 && state.concessions === 0) return { relevant: false, share: 0, evidence: [] };
      const share = trades > 0 ? (state.concessions > 0 ? 0.5 : 1) : state.concessions > 0 ? 0 : 0.2;
      return { relevant: true, share, evidence: quotesOf(moves, ['trade']) };
    },
    closing: () => {
      const proposed = count(moves, 'next_step') + count(moves, 'closing');
      const vague = count(moves, 'vague_next_step');
      const share = lost ? 0 : state.nextStepAgreed ? 1 : proposed > 0 ? 0.5 : vague > 0 ? 0.25 : 0;
      return { relevant: true, share, evidence: quotesOf(moves, ['next_step', 'closing', 'vague_next_step'], 2) };
    },
    professionalism: () => ({
      relevant: true,
      share: moves.length === 0 ? 0 : Math.max(0, 1 - hostile - 0.25 * state.concessions),
      evidence: quotesOf(moves, hostile > 0 ? ['rudeness', 'pressure'] : ['empathy', 'summary', 'open_question'], 2),
    }),
    clarity: () => {
      const { ratio, longest } = learnerWords(transcript);
      const balanced = ratio !== null && ratio >= 0.3 && ratio <= 0.65 ? 0.4 : 0;
      const brief_ = longest > 0 && longest <= 60 ? 0.3 : 0;
      const summarised = state.summaries > 0 ? 0.3 : 0;
      // A summary or a proposal says it best; else the learner's clear questions and points; else their short turns.
      const crisp = quotesOf(moves, ['summary', 'next_step']);
      const clear = crisp.length > 0 ? crisp : quotesOf(moves, ['open_question', 'empathy', 'value'], 2);
      return {
        relevant: true,
        share: moves.length === 0 ? 0 : balanced + brief_ + summarised,
        evidence: clear.length > 0 ? clear : shortSentences(moves, 2),
      };
    },
  };
};

/** A criterion no behaviour fits: the learner sentences using its telling words (five letters or more). */
const byOwnWords = (criterion: JudgeCriterion, moves: readonly Move[]): Scored => {
  const words = new Set(matchTokens(`${criterion.name} ${criterion.description}`).filter((word) => word.length >= 5));
  const evidence: Evidence[] = [];
  for (const move of moves) {
    for (const sentence of move.reading.sentences) {
      if (matchTokens(sentence.text).some((token) => words.has(token)))
        evidence.push({ turn: move.index, quote: sentence.text });
    }
  }
  return { relevant: true, share: Math.min(1, evidence.length / 2), evidence: evidence.slice(0, 3) };
};

/** A criterion at or above this share is a strength; below it, something to work on. */
const STRONG = 0.7;

const outcomeOf = (state: ConversationState): Judgement['outcome'] =>
  state.closing === undefined
    ? 'open'
    : state.closing === 'win'
      ? 'win'
      : state.closing.startsWith('lose')
        ? 'lose'
        : 'end';

const write = (
  lines: JudgeLines,
  judged: readonly JudgedCriterion[],
  outcome: Judgement['outcome'],
  state: ConversationState,
) => {
  const relevant = judged.filter((criterion) => criterion.relevant);
  // Every criterion that applied is one or the other: what went well, or what to work on.
  const strong = relevant.filter((criterion) => criterion.share >= STRONG);
  const weak = relevant.filter((criterion) => criterion.share < STRONG);
  const wentWell = strong.map((criterion) =>
    lines.strength(criterion.name, criterion.behaviour, criterion.evidence[0]?.quote),
  );
  const toImprove = weak.map((criterion) => lines.improvement(criterion.name, criterion.behaviour, state));
  const best = [...relevant].sort((a, b) => b.share - a.share)[0];
  const worst = [...relevant].sort((a, b) => a.share - b.share)[0];
  return {
    wentWell,
    toImprove,
    summary: lines.summary(
      outcome,
      best && best.share >= STRONG ? best.name : undefined,
      worst && worst.share < STRONG ? worst.name : undefined,
    ),
  };
};

/** The built-in observer's judgement of a conversation against the criteria of its rubric. */
export const judgeConversation = (
  brief: RoleplayBrief,
  transcript: readonly TranscriptTurn[],
  criteria: readonly JudgeCriterion[],
): Judgement => {
  const state = replayConversation(brief, transcript);
  const scoring = scorers(brief, state, transcript);
  const judged = criteria.map((criterion): JudgedCriterion => {
    const behaviour = behaviourOf(criterion);
    const scored = behaviour === 'own_words' ? byOwnWords(criterion, state.moves) : scoring[behaviour]();
    // A score without a sentence to show for it is not a score the learner can trust.
    const unsupported = scored.evidence.length === 0 && behaviour !== 'professionalism' && behaviour !== 'clarity';
    const share = unsupported ? 0 : scored.share;
    return { name: criterion.name, behaviour, relevant: scored.relevant, share, evidence: scored.evidence };
  });
  let weighted = 0;
  let total = 0;
  criteria.forEach((criterion, index) => {
    const judgedCriterion = judged[index]!;
    if (!judgedCriterion.relevant || criterion.weight <= 0) return;
    weighted += criterion.weight * judgedCriterion.share;
    total += criterion.weight;
  });
  const outcome = outcomeOf(state);
  const lines = JUDGE_LINES[brief.language === 'fr-FR' ? 'fr-FR' : 'en-GB'];
  return {
    criteria: judged,
    overall: total === 0 ? null : Math.round((weighted / total) * 100),
    outcome,
    ...write(lines, judged, outcome, state),
  };
};
