import { classifyQuestion, type QuestionKind } from '../conversation-metrics/questions.js';
import { matchTokens, sentencesOf } from '../conversation-metrics/text.js';
import type { SessionLanguage } from '../vocabulary.js';
import { EN_LEXICON } from './lexicon-en.js';
import { FR_LEXICON } from './lexicon-fr.js';
import type { Cues, IntentLexicon } from './lexicon.js';

// What a learner's turn does, sentence by sentence, read from the bilingual lexicons: the intents the practice
// engine reacts to and the observer judges. Each detection keeps the sentence it was read in, as said, so a report
// quotes the learner verbatim.

export const INTENTS = [
  'open_question',
  'closed_question',
  'needs_question',
  'identity_question',
  'empathy',
  'summary',
  'value',
  'trade',
  'concession',
  'next_step',
  'vague_next_step',
  'closing',
  'pressure',
  'rudeness',
] as const;
export type Intent = (typeof INTENTS)[number];

export type Detection = { intent: Intent; sentence: string; cue: string };

export type ReadSentence = {
  text: string;
  question: QuestionKind | null;
  /** The words a topic match reads: the sentence's tokens without the lexicon's stopwords. */
  content: string[];
};

export type TurnReading = {
  /** The turn's matching tokens, joined: two turns with the same words read the same. */
  words: string;
  sentences: ReadSentence[];
  detections: Detection[];
  has: (intent: Intent) => boolean;
  /** The first sentence showing the intent, for quoting. */
  first: (intent: Intent) => Detection | undefined;
};

/** Whether a detection of pressure is an ultimatum ("take it or leave it"), which leaves no way out. */
export const isUltimatum = (detection: Detection, language: SessionLanguage): boolean =>
  lexiconOf(language).ultimatum.includes(detection.cue);

export const lexiconOf = (language: SessionLanguage): IntentLexicon => (language === 'fr-FR' ? FR_LEXICON : EN_LEXICON);

/** A word's stem for topic matching: its first five letters, which joins "budget"/"budgets", "former"/"formation". */
export const stemOf = (word: string): string => word.slice(0, 5);

type CueMatch = { cue: string; at: number; length: number };

const matchesWord = (pattern: string, word: string | undefined): boolean =>
  word !== undefined && (pattern.endsWith('*') ? word.startsWith(pattern.slice(0, -1)) : word === pattern);

type CompiledCues = { byFirst: Map<string, string[][]>; starred: string[][] };
const compiled = new WeakMap<Cues, CompiledCues>();

/** The cues indexed by their first word, so a sentence is scanned once rather than once per cue. */
const compile = (cues: Cues): CompiledCues => {
  let done = compiled.get(cues);
  if (done) return done;
  done = { byFirst: new Map(), starred: [] };
  for (const cue of cues) {
    const parts = cue.split(' ');
    const first = parts[0]!;
    if (first.endsWith('*')) done.starred.push(parts);
    else done.byFirst.set(first, [...(done.byFirst.get(first) ?? []), parts]);
  }
  compiled.set(cues, done);
  return done;
};

const findCue = (tokens: readonly string[], cues: Cues): CueMatch | undefined => {
  const { byFirst, starred } = compile(cues);
  for (let at = 0; at < tokens.length; at += 1) {
    const candidates = [...(byFirst.get(tokens[at]!) ?? []), ...starred];
    for (const parts of candidates) {
      if (at + parts.length > tokens.length) continue;
      if (parts.every((part, offset) => matchesWord(part, tokens[at + offset]))) {
        return { cue: parts.join(' '), at, length: parts.length };
      }
    }
  }
  return undefined;
};

/** A cue negated by a word just before it ("don't", "can't", "ne"), or in French by `pas`/`jamais` just after. */
const isNegated = (tokens: readonly string[], match: CueMatch, lexicon: IntentLexicon, language: SessionLanguage) => {
  const before = tokens.slice(Math.max(0, match.at - 3), match.at);
  if (before.some((token) => lexicon.negation.has(token))) return true;
  if (language !== 'fr-FR') return false;
  // "Je ne peux pas vous faire de remise": the verb's negation stands a few words before its object.
  const clause = tokens.slice(Math.max(0, match.at - 6), match.at);
  if (
    (clause.includes('ne') || clause.includes('n')) &&
    clause.some((token) => token === 'pas' || token === 'jamais')
  ) {
    return true;
  }
  const after = tokens.slice(match.at + match.length, match.at + match.length + 2);
  return after.some((token) => token === 'pas' || token === 'jamais' || token === 'rien');
};

const FIRST_PERSON = new Set(['i', 'we', 'our', 'je', 'j', 'nous', 'on', 'notre']);

/** Reads one sentence; `null` entries are the intents it does not show. */
const readSentence = (text: string, language: SessionLanguage, lexicon: IntentLexicon) => {
  const tokens = matchTokens(text);
  const question = classifyQuestion(text, language);
  const found: Detection[] = [];
  const detect = (intent: Intent, cues: Cues, { negatable = true } = {}): boolean => {
    const match = findCue(tokens, cues);
    if (!match || (negatable && isNegated(tokens, match, lexicon, language))) return false;
    found.push({ intent, sentence: text, cue: match.cue });
    return true;
  };

  if (question) {
    found.push({ intent: question === 'open' ? 'open_question' : 'closed_question', sentence: text, cue: '?' });
    if (!detect('identity_question', lexicon.identity) && question === 'open') {
      detect('needs_question', lexicon.needs, { negatable: false });
    }
  }
  detect('rudeness', lexicon.rudeness, { negatable: false });
  if (!detect('pressure', lexicon.ultimatum, { negatable: false }))
    detect('pressure', lexicon.pressure, { negatable: false });
  detect('empathy', lexicon.empathy);
  detect('summary', lexicon.summary);
  detect('value', lexicon.value);

  const offer = findCue(tokens, lexicon.offer);
  const offered = offer !== undefined && !isNegated(tokens, offer, lexicon, language);
  const exchange = findCue(tokens, lexicon.exchange);
  const condition = findCue(tokens, lexicon.condition);
  if (exchange || (offered && condition)) {
    found.push({ intent: 'trade', sentence: text, cue: (exchange ?? condition)!.cue });
  } else if (offered && !question && tokens.some((token) => FIRST_PERSON.has(token))) {
    found.push({ intent: 'concession', sentence: text, cue: offer.cue });
  }

  if (detect('closing', lexicon.closing)) {
    // Asking for the commitment is a proposal of what comes next too.
  } else {
    const step = findCue(tokens, lexicon.nextStep);
    if (step && !isNegated(tokens, step, lexicon, language)) {
      const concrete = findCue(tokens, lexicon.concrete) !== undefined || /\d/.test(text);
      found.push({ intent: concrete ? 'next_step' : 'vague_next_step', sentence: text, cue: step.cue });
    }
  }
  const content = tokens.filter((token) => !lexicon.stopwords.has(token) && token.length > 1 && !/^\d+$/.test(token));
  return { sentence: { text, question, content }, found };
};

/**
 * Readings of turns already read: the engine replays the whole conversation at every turn, and a turn reads the
 * same every time. Bounded, oldest first out.
 */
const readings = new Map<string, TurnReading>();
const READINGS_KEPT = 4000;

/** Forgets every reading: for benchmarks, so that each session's turns are read for the first time. */
export const forgetReadings = () => readings.clear();

/** What one learner turn does. */
export const readTurn = (text: string, language: SessionLanguage): TurnReading => {
  const key = `${language}\u0000${text}`;
  const known = readings.get(key);
  if (known) return known;
  const reading = readUncached(text, language);
  if (readings.size >= READINGS_KEPT) readings.delete(readings.keys().next().value!);
  readings.set(key, reading);
  return reading;
};

const readUncached = (text: string, language: SessionLanguage): TurnReading => {
  const lexicon = lexiconOf(language);
  const sentences: ReadSentence[] = [];
  const detections: Detection[] = [];
  for (const sentence of sentencesOf(text)) {
    const read = readSentence(sentence, language, lexicon);
    sentences.push(read.sentence);
    detections.push(...read.found);
  }
  return {
    words: matchTokens(text).join(' '),
    sentences,
    detections,
    has: (intent) => detections.some((detection) => detection.intent === intent),
    first: (intent) => detections.find((detection) => detection.intent === intent),
  };
};
