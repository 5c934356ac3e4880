import type { CoachBrief, TranscriptTurn } from '../adapter.js';
import { countFillers } from '../conversation-metrics/fillers.js';
import { conversationMetrics, type ConversationMetrics } from '../conversation-metrics/metrics.js';
import { containsPhrase, matchTokens } from '../conversation-metrics/text.js';
import type { SessionLanguage } from '../vocabulary.js';

// The built-in coach ("Ask the coach", docs/ai-builtin-provider.md): no language model, so it answers a question
// about an ended session by the topic its words name, from what can be measured or was written down (the report's
// "to improve", the metrics, the mission's success criteria) and quotes the learner's own turns. Same brief and
// question, same answer: no clock, no randomness.

export type CoachTopic = 'fillers' | 'talk' | 'mission' | 'questions' | 'rephrase' | 'improve' | 'overview';

/**
 * Word stems naming each topic, English and French (folded: no accents). Checked in this order, so a question
 * naming two topics gets the narrower one ("which questions should I have asked instead?" is about questions).
 */
const TOPICS: readonly (readonly [CoachTopic, readonly string[]])[] = [
  ['fillers', ['filler', '=um', '=uh', '=er', '=erm', 'hesitat', 'remplissage', '=euh', '=tic', '=tics', 'hesit']],
  ['talk', ['talk', 'listen', 'speak', 'spoke', 'ratio', 'monolog', '=parle', '=parler', '=parlais', 'ecout']],
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

type Quote = { turn: number; text: string };

type CoachLines = {
  quote: (quote: Quote) => string;
  nothingSaid: string;
  fillersNone: string;
  fillers: (total: number, list: string) => string;
  fillersExample: (quote: string) => string;
  fillersTip: string;
  talk: (percent: number) => string;
  talkTooMuch: string;
  talkTooLittle: string;
  talkBalanced: string;
  longest: (words: number, quote: string) => string;
  freeSpeech: string;
  goal: (goal: string) => string;
  criteriaMet: (list: string) => string;
  criteriaMissing: (list: string) => string;
  criteriaAllMet: string;
  failure: (phrase: string, quote: string) => string;
  outcome: Record<string, string>;
  questionsNone: string;
  questions: (total: number, open: number, closed: number) => string;
  closedExample: (quote: string) => string;
  openExample: (quote: string) => string;
  rephraseFailure: (quote: string, phrase: string) => string;
  rephraseLong: (quote: string, words: number) => string;
  rephraseClosed: (quote: string) => string;
  rephraseFillers: (quote: string) => string;
  rephraseCriterion: (quote: string, criterion: string) => string;
  score: (score: number) => string;
  noReport: string;
  toImprove: (list: string) => string;
  wentWell: (item: string) => string;
  suggest: string;
  list: (items: readonly string[]) => string;
  /** Quotation marks of the language around a phrase. */
  q: (text: string) => string;
};

const NBSP = '\u00a0';

/** A quote closing a sentence: its own final punctuation ends it ("…leave it.”"), else a full stop does. */
const stop = (quote: string): string => (/[.!?…][\s\u00a0]*[”»"]?$/u.test(quote) ? quote : `${quote}.`);
const joinEn = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
const joinFr = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} et ${items.at(-1)}`;

const EN: CoachLines = {
  quote: ({ turn, text }) => `in your turn ${turn} you said “${text}”`,
  nothingSaid:
    'You did not say anything in this session, so there is nothing of yours to comment on yet. Play it again and open with a question about what matters to the other person.',
  fillersNone: 'You used no filler words: your turns were clean. Keep it that way.',
  fillers: (total, list) => `You used ${total} filler word${total === 1 ? '' : 's'} (${list}).`,
  fillersExample: (quote) => `For example, ${stop(quote)}`,
  fillersTip: 'Next time, pause for a second instead: silence sounds more confident than “um”.',
  talk: (percent) => `You spoke ${percent}% of the words in this conversation.`,
  talkTooMuch: 'That is a lot: ask a question and let the other person talk more than you do.',
  talkTooLittle: 'That is little: take the lead more, say what you propose and why.',
  talkBalanced: 'That is a good balance between talking and listening.',
  longest: (words, quote) => `Your longest turn had ${words} words: ${stop(quote)}`,
  freeSpeech: 'This session was free speech: it had no mission to win, so I judge it by how you spoke.',
  goal: (goal) => `Your goal was: ${goal}`,
  criteriaMet: (list) => `You covered ${list}.`,
  criteriaMissing: (list) => `You never said ${list}: that is what the mission needed to be won.`,
  criteriaAllMet: 'You covered every success criterion of the mission.',
  failure: (phrase, quote) => `The mission fails on “${phrase}”, and ${stop(quote)}`,
  outcome: {
    win: 'You won the mission.',
    loose: 'You lost the mission.',
    end: 'The session ended without a win.',
    abort: 'You stopped the session before it ended.',
  },
  questionsNone:
    'You asked no questions. Start with an open one, such as “What matters most to you here?”, and listen to the answer.',
  questions: (total, open, closed) =>
    `You asked ${total} question${total === 1 ? '' : 's'}: ${open} open and ${closed} closed.`,
  closedExample: (quote) =>
    `A closed question gets a yes or a no: ${stop(quote)} Ask it openly instead, starting with “What”, “How” or “Tell me about”.`,
  openExample: (quote) => `Good open question: ${stop(quote)}`,
  rephraseFailure: (quote, phrase) =>
    `The turn to change: ${stop(quote)} The mission fails on “${phrase}”: say what you can offer instead, and ask what the other person needs.`,
  rephraseLong: (quote, words) =>
    `The turn to change: ${quote} (${words} words). Say the one point that matters in a sentence or two, then ask a question and listen.`,
  rephraseClosed: (quote) =>
    `The turn to change: ${stop(quote)} That question only gets a yes or a no: ask it openly, with “What” or “How”, so the other person explains.`,
  rephraseFillers: (quote) =>
    `The turn to change: ${stop(quote)} Say the same without the filler words, and pause instead.`,
  rephraseCriterion: (quote, criterion) =>
    `The turn to change: ${stop(quote)} It was the moment to cover “${criterion}”, which the mission needed and you never said.`,
  score: (score) => `Your overall score is ${score}/100.`,
  noReport: 'The observers’ report has not arrived yet, so I can only go by the transcript.',
  toImprove: (list) => `The observers suggest you improve: ${list}.`,
  wentWell: (item) => `What went well: ${item}.`,
  suggest:
    'Ask me what you should have said differently, about your questions, your filler words, how much you talked, or the mission’s criteria.',
  list: joinEn,
  q: (text) => `“${text}”`,
};

const FR: CoachLines = {
  quote: ({ turn, text }) => `à votre tour ${turn}, vous avez dit «${NBSP}${text}${NBSP}»`,
  nothingSaid: `Vous n’avez rien dit pendant cette session${NBSP}: il n’y a encore rien à commenter. Rejouez-la et commencez par une question sur ce qui compte pour votre interlocuteur.`,
  fillersNone: `Vous n’avez utilisé aucun mot de remplissage${NBSP}: vos tours étaient nets. Continuez ainsi.`,
  fillers: (total, list) => `Vous avez utilisé ${total} mot${total === 1 ? '' : 's'} de remplissage (${list}).`,
  fillersExample: (quote) => `Par exemple, ${stop(quote)}`,
  fillersTip: `La prochaine fois, marquez plutôt une pause${NBSP}: un silence paraît plus assuré qu’un «${NBSP}euh${NBSP}».`,
  talk: (percent) => `Vous avez prononcé ${percent}${NBSP}% des mots de cette conversation.`,
  talkTooMuch: `C’est beaucoup${NBSP}: posez une question et laissez votre interlocuteur parler plus que vous.`,
  talkTooLittle: `C’est peu${NBSP}: prenez davantage l’initiative, dites ce que vous proposez et pourquoi.`,
  talkBalanced: 'C’est un bon équilibre entre parler et écouter.',
  longest: (words, quote) => `Votre tour le plus long comptait ${words} mots${NBSP}: ${stop(quote)}`,
  freeSpeech: `Cette session était en expression libre${NBSP}: sans mission à gagner, je la juge sur votre façon de parler.`,
  goal: (goal) => `Votre objectif était${NBSP}: ${goal}`,
  criteriaMet: (list) => `Vous avez abordé ${list}.`,
  criteriaMissing: (list) => `Vous n’avez jamais dit ${list}${NBSP}: c’est ce qu’il fallait pour gagner la mission.`,
  criteriaAllMet: 'Vous avez abordé chaque critère de réussite de la mission.',
  failure: (phrase, quote) => `La mission échoue sur «${NBSP}${phrase}${NBSP}», et ${stop(quote)}`,
  outcome: {
    win: 'Vous avez gagné la mission.',
    loose: 'Vous avez perdu la mission.',
    end: 'La session s’est terminée sans victoire.',
    abort: 'Vous avez arrêté la session avant sa fin.',
  },
  questionsNone: `Vous n’avez posé aucune question. Commencez par une question ouverte, comme «${NBSP}Qu’est-ce qui compte le plus pour vous ici${NBSP}?${NBSP}», et écoutez la réponse.`,
  questions: (total, open, closed) =>
    `Vous avez posé ${total} question${total === 1 ? '' : 's'}${NBSP}: ${open} ouverte${open === 1 ? '' : 's'} et ${closed} fermée${closed === 1 ? '' : 's'}.`,
  closedExample: (quote) =>
    `Une question fermée n’appelle qu’un oui ou un non${NBSP}: ${stop(quote)} Posez-la plutôt de façon ouverte, avec «${NBSP}Qu’est-ce que${NBSP}», «${NBSP}Comment${NBSP}» ou «${NBSP}Parlez-moi de${NBSP}».`,
  openExample: (quote) => `Bonne question ouverte${NBSP}: ${stop(quote)}`,
  rephraseFailure: (quote, phrase) =>
    `Le tour à changer${NBSP}: ${stop(quote)} La mission échoue sur «${NBSP}${phrase}${NBSP}»${NBSP}: dites plutôt ce que vous pouvez proposer, et demandez ce dont votre interlocuteur a besoin.`,
  rephraseLong: (quote, words) =>
    `Le tour à changer${NBSP}: ${quote} (${words} mots). Dites en une ou deux phrases le point qui compte, puis posez une question et écoutez.`,
  rephraseClosed: (quote) =>
    `Le tour à changer${NBSP}: ${stop(quote)} Cette question n’appelle qu’un oui ou un non${NBSP}: posez-la de façon ouverte, avec «${NBSP}Qu’est-ce que${NBSP}» ou «${NBSP}Comment${NBSP}», pour que votre interlocuteur explique.`,
  rephraseFillers: (quote) =>
    `Le tour à changer${NBSP}: ${stop(quote)} Dites la même chose sans les mots de remplissage, en marquant plutôt une pause.`,
  rephraseCriterion: (quote, criterion) =>
    `Le tour à changer${NBSP}: ${stop(quote)} C’était le moment d’aborder «${NBSP}${criterion}${NBSP}», qu’il fallait pour la mission et que vous n’avez jamais dit.`,
  score: (score) => `Votre note globale est de ${score}/100.`,
  noReport: `Le rapport des observateurs n’est pas encore arrivé${NBSP}: je ne peux m’appuyer que sur la transcription.`,
  toImprove: (list) => `Les observateurs vous suggèrent d’améliorer${NBSP}: ${list}.`,
  wentWell: (item) => `Ce qui a bien marché${NBSP}: ${item}.`,
  suggest:
    'Demandez-moi ce que vous auriez dû dire autrement, ou parlez-moi de vos questions, de vos mots de remplissage, de votre temps de parole ou des critères de la mission.',
  list: joinFr,
  q: (text) => `«${NBSP}${text}${NBSP}»`,
};

const LINES: Record<SessionLanguage, CoachLines> = { 'en-GB': EN, 'en-US': EN, 'fr-FR': FR };

const QUOTE_WORDS = 25;

/** A turn as quoted: its first words, with an ellipsis when cut. */
const excerpt = (text: string): string => {
  const words = text.trim().split(/\s+/);
  return words.length <= QUOTE_WORDS ? text.trim() : `${words.slice(0, QUOTE_WORDS).join(' ')}…`;
};

type LearnerTurn = { turn: number; index: number; text: string };

const learnerTurnsOf = (transcript: readonly TranscriptTurn[]): LearnerTurn[] => {
  const turns: LearnerTurn[] = [];
  transcript.forEach((entry, index) => {
    if (entry.speaker === 'learner' && entry.text.trim().length > 0) {
      turns.push({ turn: turns.length + 1, index, text: entry.text });
    }
  });
  return turns;
};

type Facts = {
  lines: CoachLines;
  brief: CoachBrief;
  turns: LearnerTurn[];
  metrics: ConversationMetrics;
  quoteOf: (turn: LearnerTurn, text?: string) => string;
  said: (phrase: string) => boolean;
  missing: string[];
  failure: { phrase: string; turn: LearnerTurn } | null;
  fillerTurn: { turn: LearnerTurn; count: number } | null;
  closed: { turn: LearnerTurn; text: string } | null;
};

const factsOf = (brief: CoachBrief): Facts => {
  const lines = LINES[brief.language];
  const turns = learnerTurnsOf(brief.transcript);
  const metrics = conversationMetrics(brief.transcript, brief.language);
  const said = (phrase: string) => turns.some((turn) => containsPhrase(turn.text, phrase));
  const failurePhrase = brief.mission?.failureConditions.find(said);
  const failureTurn =
    failurePhrase === undefined ? undefined : turns.find((turn) => containsPhrase(turn.text, failurePhrase));
  let fillerTurn: Facts['fillerTurn'] = null;
  for (const turn of turns) {
    const count = [...countFillers(turn.text, brief.language).values()].reduce((sum, n) => sum + n, 0);
    if (count > 0 && (fillerTurn === null || count > fillerTurn.count)) fillerTurn = { turn, count };
  }
  const closedQuestion = metrics.questions.asked.find((question) => question.kind === 'closed');
  const closedTurn = closedQuestion && turns.find((turn) => turn.index === closedQuestion.turnIndex);
  return {
    lines,
    brief,
    turns,
    metrics,
    quoteOf: (turn, text = turn.text) => lines.quote({ turn: turn.turn, text: excerpt(text) }),
    said,
    missing: brief.mission?.successCriteria.filter((criterion) => !said(criterion)) ?? [],
    failure: failurePhrase !== undefined && failureTurn ? { phrase: failurePhrase, turn: failureTurn } : null,
    fillerTurn,
    closed: closedQuestion && closedTurn ? { turn: closedTurn, text: closedQuestion.text } : null,
  };
};

const fillersAnswer = ({ lines, metrics, fillerTurn, quoteOf }: Facts): string[] => {
  if (metrics.fillers.total === 0 || fillerTurn === null) return [lines.fillersNone];
  const list = lines.list(
    Object.entries(metrics.fillers.byFiller).map(([name, count]) => `${lines.q(name)} × ${count}`),
  );
  return [lines.fillers(metrics.fillers.total, list), lines.fillersExample(quoteOf(fillerTurn.turn)), lines.fillersTip];
};

const talkAnswer = ({ lines, metrics, turns, quoteOf }: Facts): string[] => {
  const ratio = metrics.talkRatio ?? 0;
  const verdict = ratio > 0.65 ? lines.talkTooMuch : ratio < 0.3 ? lines.talkTooLittle : lines.talkBalanced;
  const answer = [lines.talk(Math.round(ratio * 100)), verdict];
  const longest = metrics.longestMonologue;
  const turn = longest && turns.find((entry) => entry.index === longest.turnIndex);
  if (longest && turn) answer.push(lines.longest(longest.words, quoteOf(turn)));
  return answer;
};

const missionAnswer = ({ lines, brief, failure, missing, said, quoteOf }: Facts): string[] => {
  const outcome = lines.outcome[brief.status];
  if (!brief.mission) return [lines.freeSpeech, ...(outcome ? [outcome] : [])];
  const answer = [lines.goal(brief.mission.goal.trim()), ...(outcome ? [outcome] : [])];
  const met = brief.mission.successCriteria.filter(said);
  if (failure) answer.push(lines.failure(failure.phrase, quoteOf(failure.turn)));
  if (missing.length === 0 && met.length > 0) answer.push(lines.criteriaAllMet);
  else {
    if (met.length > 0) answer.push(lines.criteriaMet(lines.list(met.map(lines.q))));
    if (missing.length > 0) answer.push(lines.criteriaMissing(lines.list(missing.map(lines.q))));
  }
  return answer;
};

const questionsAnswer = ({ lines, metrics, closed, turns, quoteOf }: Facts): string[] => {
  const { total, open, closed: closedCount, asked } = metrics.questions;
  if (total === 0) return [lines.questionsNone];
  const answer = [lines.questions(total, open, closedCount)];
  if (closed) answer.push(lines.closedExample(quoteOf(closed.turn, closed.text)));
  const openQuestion = asked.find((question) => question.kind === 'open');
  const openTurn = openQuestion && turns.find((turn) => turn.index === openQuestion.turnIndex);
  if (openQuestion && openTurn) answer.push(lines.openExample(quoteOf(openTurn, openQuestion.text)));
  return answer;
};

/** The one turn most worth saying differently, and how: failing words first, then what the metrics show. */
const rephraseAnswer = (facts: Facts): string[] => {
  const { lines, failure, metrics, turns, closed, fillerTurn, missing, quoteOf } = facts;
  if (failure) return [lines.rephraseFailure(quoteOf(failure.turn), failure.phrase)];
  const longest = metrics.longestMonologue;
  const longTurn = longest && longest.words > 40 ? turns.find((turn) => turn.index === longest.turnIndex) : undefined;
  if (longest && longTurn) return [lines.rephraseLong(quoteOf(longTurn), longest.words)];
  if (closed) return [lines.rephraseClosed(quoteOf(closed.turn, closed.text))];
  if (fillerTurn) return [lines.rephraseFillers(quoteOf(fillerTurn.turn))];
  const last = turns.at(-1);
  const criterion = missing[0];
  if (last && criterion !== undefined) return [lines.rephraseCriterion(quoteOf(last), criterion)];
  return improveAnswer(facts);
};

const improveAnswer = (facts: Facts): string[] => {
  const { lines, brief, missing } = facts;
  const answer: string[] = [];
  if (brief.report) {
    if (brief.report.overallScore !== null) answer.push(lines.score(brief.report.overallScore));
    const items = brief.report.toImprove.slice(0, 3);
    if (items.length > 0) answer.push(lines.toImprove(lines.list(items)));
  } else answer.push(lines.noReport);
  if (missing.length > 0) answer.push(lines.criteriaMissing(lines.list(missing.map(lines.q))));
  if (answer.length < 3) answer.push(...rephraseTip(facts));
  return answer;
};

/** One measured tip, for answers that would otherwise hold only the report's words. */
const rephraseTip = (facts: Facts): string[] => {
  const { metrics, closed, lines, quoteOf } = facts;
  if (metrics.questions.total === 0) return [lines.questionsNone];
  if (closed) return [lines.closedExample(quoteOf(closed.turn, closed.text))];
  if (metrics.fillers.total > 0) return fillersAnswer(facts).slice(0, 1);
  return talkAnswer(facts).slice(0, 2);
};

const overviewAnswer = (facts: Facts): string[] => {
  const { lines, brief, missing } = facts;
  const answer: string[] = [];
  const outcome = lines.outcome[brief.status];
  if (outcome) answer.push(outcome);
  if (brief.report?.overallScore != null) answer.push(lines.score(brief.report.overallScore));
  const well = brief.report?.wentWell[0];
  if (well) answer.push(lines.wentWell(well));
  const improve = brief.report?.toImprove[0];
  if (improve) answer.push(lines.toImprove(improve));
  else if (missing.length > 0) answer.push(lines.criteriaMissing(lines.list(missing.map(lines.q))));
  answer.push(lines.suggest);
  return answer;
};

const ANSWERS: Record<CoachTopic, (facts: Facts) => string[]> = {
  fillers: fillersAnswer,
  talk: talkAnswer,
  mission: missionAnswer,
  questions: questionsAnswer,
  rephrase: rephraseAnswer,
  improve: improveAnswer,
  overview: overviewAnswer,
};

/** The built-in coach's answer to one question about an ended session, in the session's language. */
export const builtinCoachAnswer = (brief: CoachBrief, question: string): string => {
  const facts = factsOf(brief);
  const topic = coachTopicOf(question);
  if (facts.turns.length === 0 && topic !== 'mission') return facts.lines.nothingSaid;
  return ANSWERS[topic](facts).join(' ');
};
