import type { CoachBrief } from '../adapter.js';
import { countFillers } from '../conversation-metrics/fillers.js';
import { conversationMetrics, type ConversationMetrics } from '../conversation-metrics/metrics.js';
import { matchTokens } from '../conversation-metrics/text.js';
import type { KnowledgeItem } from '../practice/brief.js';
import { behaviourSeen, replayConversation, type ConversationState, type Move } from '../practice/conversation.js';
import { stemOf } from '../practice/intents.js';
import { COACH_LINES, type CoachLines } from './coach-lines.js';

// The built-in coach ("Ask the coach", docs/ai-builtin-provider.md): no language model, so it answers a question
// about an ended session from the topic its words name, with what the practice engine's replay of the conversation
// shows (objections, facts told and not, conditions met and missed) and what can be measured, quoting the learner's
// own turns. Same brief and question, same answer: no clock, no randomness.

export type CoachTopic =
  'fillers' | 'talk' | 'objections' | 'hidden' | 'mission' | 'questions' | 'rephrase' | 'improve' | 'overview';

/**
 * Word stems naming each topic, English and French (folded: no accents). Checked in this order, so a question
 * naming two topics gets the narrower one ("which questions should I have asked instead?" is about questions).
 */
const TOPICS: readonly (readonly [CoachTopic, readonly string[]])[] = [
  ['fillers', ['filler', '=um', '=uh', '=er', '=erm', 'hesitat', 'remplissage', '=euh', '=tic', '=tics', 'hesit']],
  ['talk', ['talk', 'listen', 'speak', 'spoke', 'ratio', 'monolog', '=parle', '=parler', '=parlais', 'ecout']],
  ['objections', ['objection', 'concern', 'pushback', 'resist', 'worri', 'inquiet', 'reticen', 'reserve']],
  [
    'hidden',
    ['=want', '=wanted', 'motiv', 'hidden', 'behind', '=secret', '=really', 'voul', 'cach', 'derriere', 'attend'],
  ],
  [
    'mission',
    ['mission', 'goal', 'criteri', '=win', '=won', 'succe', '=lose', '=lost', 'objecti', 'critere', 'gagn', 'reuss'],
  ],
  ['questions', ['question', '=ask', '=asked', '=asking', 'open', 'closed', 'ouvert', 'ferme', 'poser', '=pose']],
  [
    'rephrase',
    [
      'different',
      'instead',
      'rephrase',
      'reword',
      '=say',
      '=saying',
      '=said',
      'plutot',
      'autrement',
      '=dire',
      '=dit',
      'formul',
    ],
  ],
  [
    'improve',
    ['improve', 'better', '=tip', '=tips', 'advice', '=next', 'score', 'amelior', 'mieux', 'conseil', 'progres'],
  ],
];

/** Whether a folded word is named by a stem: `=word` is that word exactly, anything else a word's beginning. */
const names = (word: string, stem: string) => (stem.startsWith('=') ? word === stem.slice(1) : word.startsWith(stem));

/** The topic a question is about: the first whose stems name one of its words; an overview otherwise. */
export const coachTopicOf = (question: string): CoachTopic => {
  const words = matchTokens(question);
  const named = TOPICS.find(([, stems]) => words.some((word) => stems.some((stem) => names(word, stem))));
  return named?.[0] ?? 'overview';
};

/** Words too common in questions to tie one to a knowledge item. */
const COMMON = new Set(['about', 'their', 'there', 'would', 'could', 'should', 'which', 'other', 'quand', 'comment']);

/** The knowledge item a question names: two of its topic's stems (one for a one-word topic) or a keyword. */
const itemNamed = (question: string, knowledge: readonly KnowledgeItem[]): KnowledgeItem | undefined => {
  const stems = new Set(
    matchTokens(question)
      .filter((word) => word.length > 3 && !COMMON.has(word))
      .map(stemOf),
  );
  let best: { item: KnowledgeItem; hits: number } | undefined;
  for (const item of knowledge) {
    const words = [...matchTokens(item.topic), ...item.keywords.flatMap(matchTokens)].filter(
      (word) => word.length > 3 && !COMMON.has(word),
    );
    const hits = new Set(words.map(stemOf).filter((stem) => stems.has(stem))).size;
    if (hits > 0 && (best === undefined || hits > best.hits)) best = { item, hits };
  }
  return best?.item;
};

const QUOTE_WORDS = 25;

/** A turn as quoted: its first words, with an ellipsis when cut. */
const excerpt = (text: string): string => {
  const words = text.trim().split(/\s+/);
  return words.length <= QUOTE_WORDS ? text.trim() : `${words.slice(0, QUOTE_WORDS).join(' ')}…`;
};

type Facts = {
  lines: CoachLines;
  brief: CoachBrief;
  state: ConversationState;
  metrics: ConversationMetrics;
  name: string;
  /** A learner move quoted ("in your turn 3 you said …"), or one of its sentences. */
  quoteOf: (move: Move, text?: string) => string;
};

const factsOf = (brief: CoachBrief): Facts => {
  const lines = COACH_LINES[brief.language];
  return {
    lines,
    brief,
    state: replayConversation(brief.practice, brief.transcript),
    metrics: conversationMetrics(brief.transcript, brief.language),
    name: brief.personaName || brief.practice.persona.name,
    quoteOf: (move, text = move.text) => lines.quote(move.index + 1, excerpt(text)),
  };
};

const questionSentences = (state: ConversationState, kind: 'open' | 'closed') =>
  state.moves.flatMap((move) =>
    move.reading.sentences.filter((sentence) => sentence.question === kind).map((sentence) => ({ move, sentence })),
  );

/** The move where the conversation was lost, with the reason in words. */
const failureOf = ({ state, lines }: Facts) => {
  const closing = state.closing;
  if (closing === undefined || !closing.startsWith('lose')) return undefined;
  const behaviour =
    closing === 'lose_rudeness'
      ? 'rudeness'
      : closing === 'lose_pressure'
        ? 'pressure'
        : closing === 'lose_concession'
          ? 'unconditional_concession'
          : 'patience_exhausted';
  return { move: state.moves.at(-1)!, reason: lines.failure[behaviour] };
};

/** The first objection left unsettled, and the learner's answer right after it came up. */
const unsettledOf = ({ state }: Facts) => {
  const objection = state.objections
    .slice(0, state.inPlay)
    .find((candidate) => candidate.status === 'open' || candidate.status === 'conceded');
  if (objection?.raisedAt === undefined) return undefined;
  const answer = state.moves[objection.raisedAt + 1];
  const missing = objection.objection.resolvedBy.find((move) => !objection.moves.has(move)) ?? 'acknowledge';
  return { objection, answer, missing };
};

const fillersAnswer = ({ lines, metrics, brief, state, quoteOf }: Facts): string[] => {
  let worst: { move: Move; count: number } | undefined;
  for (const move of state.moves) {
    const count = [...countFillers(move.text, brief.language).values()].reduce((sum, n) => sum + n, 0);
    if (count > 0 && (worst === undefined || count > worst.count)) worst = { move, count };
  }
  if (metrics.fillers.total === 0 || worst === undefined) return [lines.fillersNone];
  const list = lines.list(
    Object.entries(metrics.fillers.byFiller).map(([name, count]) => `${lines.q(name)} × ${count}`),
  );
  return [lines.fillers(metrics.fillers.total, list), lines.fillersExample(quoteOf(worst.move)), lines.fillersTip];
};

const talkAnswer = ({ lines, metrics, state, quoteOf }: Facts): string[] => {
  const ratio = metrics.talkRatio ?? 0;
  const verdict = ratio > 0.65 ? lines.talkTooMuch : ratio < 0.3 ? lines.talkTooLittle : lines.talkBalanced;
  const answer = [lines.talk(Math.round(ratio * 100)), verdict];
  const longest = [...state.moves].sort((a, b) => b.text.split(/\s+/).length - a.text.split(/\s+/).length)[0];
  const words = metrics.longestMonologue?.words;
  if (longest && words) answer.push(lines.longest(words, quoteOf(longest)));
  return answer;
};

const objectionsAnswer = (facts: Facts): string[] => {
  const { lines, state, quoteOf } = facts;
  const raised = state.objections.slice(0, state.inPlay).filter((objection) => objection.raisedAt !== undefined);
  if (raised.length === 0) return [lines.objectionsNone];
  return raised.map((objection) => {
    const text = excerpt(objection.objection.text);
    if (objection.status === 'conceded') return lines.objectionConceded(text);
    if (objection.status === 'resolved') {
      const settling = state.moves[objection.settledAt ?? objection.raisedAt!];
      return settling ? lines.objectionSettled(text, quoteOf(settling)) : lines.objectionOpen(text, undefined);
    }
    const answer = state.moves[objection.raisedAt! + 1];
    const missing = objection.objection.resolvedBy.find((move) => !objection.moves.has(move)) ?? 'acknowledge';
    return `${lines.objectionOpen(text, answer && quoteOf(answer))} ${lines.betterLine[missing]}`;
  });
};

const hiddenAnswer = ({ lines, brief, state, name }: Facts): string[] => {
  const { motivations, knowledge } = brief.practice.persona;
  const answer = [
    motivations.length > 0 ? lines.wanted(name, lines.list(motivations.map(lines.q))) : lines.wantedNothing(name),
  ];
  const untold = knowledge.filter((item) => !state.revealed.has(item)).map((item) => item.topic);
  if (knowledge.length > 0)
    answer.push(untold.length > 0 ? lines.untold(lines.list(untold.map(lines.q))) : lines.allTold);
  return answer;
};

const knowledgeAnswer = (facts: Facts, item: KnowledgeItem): string[] => {
  const { lines, state, name, quoteOf } = facts;
  const told = state.moves.find((move) => move.revealed.includes(item));
  if (told) return [lines.knowledgeTold(name, item.topic, quoteOf(told), item.says)];
  const question = lines.askAbout(item.topic);
  const answer = [
    item.gate === 'trust'
      ? lines.knowledgeTrust(name, item.topic, question)
      : item.gate === 'open_question'
        ? lines.knowledgeOpen(name, item.topic, question)
        : lines.knowledgeAny(name, item.topic, question),
  ];
  const tried = state.moves.find((move) => move.parts.some((part) => part.kind === 'guarded' && part.item === item));
  if (tried) answer.push(lines.triedClosed(quoteOf(tried)));
  return answer;
};

const missionAnswer = (facts: Facts): string[] => {
  const { lines, brief, state, quoteOf } = facts;
  const outcome = lines.outcome[brief.status];
  if (!brief.mission) return [lines.freeSpeech, ...(outcome ? [outcome] : [])];
  const answer = [lines.goal(brief.mission.goal.trim()), ...(outcome ? [outcome] : [])];
  const success = brief.practice.mission.success;
  const seen = success
    .filter((behaviour) => behaviourSeen(state, behaviour))
    .map((behaviour) => lines.behaviour[behaviour]);
  const missed = success
    .filter((behaviour) => !behaviourSeen(state, behaviour))
    .map((behaviour) => lines.behaviour[behaviour]);
  if (seen.length > 0) answer.push(lines.behavioursSeen(lines.list(seen)));
  if (missed.length > 0) answer.push(lines.behavioursMissed(lines.list(missed)));
  const failure = failureOf(facts);
  if (failure) answer.push(lines.failedOn(failure.reason, quoteOf(failure.move)));
  return answer;
};

const openVersionOf = (facts: Facts, question: string): string => {
  const item = itemNamed(question, facts.brief.practice.persona.knowledge);
  return facts.lines.askAbout(item?.topic ?? (facts.brief.language === 'fr-FR' ? 'ce point' : 'this'));
};

const questionsAnswer = (facts: Facts): string[] => {
  const { lines, metrics, state, name, quoteOf } = facts;
  const { total, open, closed } = metrics.questions;
  if (total === 0) return [lines.questionsNone];
  const answer = [lines.questions(total, open, closed)];
  const best = state.moves.find((move) => move.revealed.length > 0 && move.reading.has('open_question'));
  const bestSentence = best?.reading.sentences.find((sentence) => sentence.question === 'open');
  if (best && bestSentence) answer.push(lines.bestQuestion(quoteOf(best, bestSentence.text), name));
  const guarded = state.moves.find((move) => move.parts.some((part) => part.kind === 'guarded'));
  const weakSentence = guarded?.reading.sentences.find((sentence) => sentence.question !== null);
  const closedOne = questionSentences(state, 'closed')[0];
  const weak = guarded && weakSentence ? { move: guarded, sentence: weakSentence } : closedOne;
  if (weak) {
    answer.push(lines.weakQuestion(quoteOf(weak.move, weak.sentence.text)));
    if (weak.sentence.question === 'closed') answer.push(lines.openInstead(openVersionOf(facts, weak.sentence.text)));
  }
  return answer;
};

/** The one turn most worth saying differently, and how: the losing one, the unanswered objection, then measures. */
const rephraseAnswer = (facts: Facts): string[] => {
  const { lines, metrics, state, brief, quoteOf } = facts;
  const failure = failureOf(facts);
  if (failure) {
    const line = lines.betterLine[failure.reason === lines.failure.unconditional_concession ? 'trade' : 'acknowledge'];
    return [lines.rephraseFailure(quoteOf(failure.move), failure.reason), line];
  }
  const unsettled = unsettledOf(facts);
  if (unsettled?.answer) {
    return [
      lines.rephraseObjection(quoteOf(unsettled.answer), excerpt(unsettled.objection.objection.text)),
      lines.betterLine[unsettled.missing],
    ];
  }
  const longest = metrics.longestMonologue;
  const long =
    longest && longest.words > 40
      ? state.moves.find((move) => move.text.split(/\s+/).length >= longest.words)
      : undefined;
  if (longest && long) return [lines.rephraseLong(quoteOf(long), longest.words)];
  const closedOne = questionSentences(state, 'closed')[0];
  if (closedOne) {
    return [
      lines.rephraseClosed(
        quoteOf(closedOne.move, closedOne.sentence.text),
        openVersionOf(facts, closedOne.sentence.text),
      ),
    ];
  }
  const last = state.moves.at(-1);
  if (last && brief.practice.mission.success.includes('agreed_next_step') && !state.nextStepAgreed) {
    return [lines.rephraseNextStep(quoteOf(last), lines.nextStepLine)];
  }
  if (metrics.fillers.total > 0) return fillersAnswer(facts).slice(0, 2);
  return improveAnswer(facts);
};

const missedBehaviours = ({ brief, state, lines }: Facts) =>
  brief.practice.mission.success
    .filter((behaviour) => !behaviourSeen(state, behaviour))
    .map((behaviour) => lines.behaviour[behaviour]);

const improveAnswer = (facts: Facts): string[] => {
  const { lines, brief } = facts;
  const answer: string[] = [];
  if (brief.report) {
    if (brief.report.overallScore !== null) answer.push(lines.score(brief.report.overallScore));
    const items = brief.report.toImprove.slice(0, 3);
    if (items.length > 0) answer.push(lines.toImprove(lines.list(items)));
  } else answer.push(lines.noReport);
  const missed = missedBehaviours(facts);
  if (missed.length > 0) answer.push(lines.behavioursMissed(lines.list(missed)));
  if (answer.length < 3) answer.push(...questionsAnswer(facts).slice(0, 2));
  return answer;
};

const overviewAnswer = (facts: Facts): string[] => {
  const { lines, brief } = facts;
  const answer: string[] = [];
  const outcome = lines.outcome[brief.status];
  if (outcome) answer.push(outcome);
  if (brief.report?.overallScore != null) answer.push(lines.score(brief.report.overallScore));
  const well = brief.report?.wentWell[0];
  if (well) answer.push(lines.wentWell(well));
  const improve = brief.report?.toImprove[0];
  const missed = missedBehaviours(facts);
  if (improve) answer.push(lines.toImprove(improve));
  else if (missed.length > 0) answer.push(lines.behavioursMissed(lines.list(missed)));
  answer.push(lines.suggest);
  return answer;
};

const ANSWERS: Record<CoachTopic, (facts: Facts) => string[]> = {
  fillers: fillersAnswer,
  talk: talkAnswer,
  objections: objectionsAnswer,
  hidden: hiddenAnswer,
  mission: missionAnswer,
  questions: questionsAnswer,
  rephrase: rephraseAnswer,
  improve: improveAnswer,
  overview: overviewAnswer,
};

/**
 * The built-in coach's answer to one question about an ended session, in the session's language. A question naming
 * something the persona knew ("how could I get them to talk about the competitor's offer?") is answered about that.
 */
export const builtinCoachAnswer = (brief: CoachBrief, question: string): string => {
  const facts = factsOf(brief);
  const topic = coachTopicOf(question);
  if (facts.state.moves.every((move) => move.text.trim() === '') && topic !== 'mission') return facts.lines.nothingSaid;
  // Only where a topic word may be about something particular ("talk about", "ask about"), not "the objections".
  const particular = topic === 'talk' || topic === 'questions' || topic === 'overview';
  const item = particular ? itemNamed(question, brief.practice.persona.knowledge) : undefined;
  return (item ? knowledgeAnswer(facts, item) : ANSWERS[topic](facts)).join(' ');
};
