import type { SessionLanguage } from '../vocabulary.js';
import { endsWithQuestionMark, fold, indexOfPhrase } from './text.js';

// Whether a sentence is a question, and whether it is open (cannot be answered by yes or no) or
// closed. A question mark is the surest sign; a transcribed voice turn may lack it, so the first
// words count too, but only in the forms that start questions and rarely statements: an interrogative
// followed by an auxiliary ("how do", "what is"), an auxiliary followed by its subject ("do you",
// "are there"), French inversion ("pouvez-vous") or "est-ce que". A request such as "tell me about…"
// or "décrivez…" invites an open answer and counts as an open question.

export type QuestionKind = 'open' | 'closed';

type Words = {
  /** Folded words with punctuation trimmed off their ends ("pouvez-vous", "qu'est-ce"). */
  raw: string[];
  /** The same words split at apostrophes and hyphens (the matching tokens). */
  tokens: string[];
};

const wordsOf = (text: string): Words => {
  const raw = fold(text)
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word.length > 0);
  return { raw, tokens: raw.flatMap((word) => word.match(/[\p{L}\p{N}]+/gu) ?? []) };
};

const phrases = (list: string): string[][] => list.split(',').map((phrase) => phrase.trim().split(' '));

const startsWith = (tokens: readonly string[], phrases: readonly string[][]): boolean =>
  phrases.some((phrase) => indexOfPhrase(tokens.slice(0, phrase.length), phrase) === 0);

const containsWithin = (tokens: readonly string[], phrases: readonly string[][], limit: number): boolean =>
  phrases.some((phrase) => indexOfPhrase(tokens.slice(0, limit), phrase) >= 0);

/** Drops the discourse words a question may open with ("So, what…", "Et alors, pourquoi…"). */
const skipLeading = (input: Words, leading: readonly string[][]): Words => {
  let { raw, tokens } = input;
  for (;;) {
    const phrase = leading.find((candidate) => indexOfPhrase(tokens.slice(0, candidate.length), candidate) === 0);
    if (!phrase) return { raw, tokens };
    let dropped = 0;
    let rawDropped = 0;
    while (dropped < phrase.length && rawDropped < raw.length) {
      dropped += (raw[rawDropped]?.match(/[\p{L}\p{N}]+/gu) ?? []).length;
      rawDropped += 1;
    }
    raw = raw.slice(rawDropped);
    tokens = tokens.slice(dropped);
  }
};

const EN = {
  leading: phrases(
    'and, so, but, ok, okay, well, then, now, also, right, oh, um, uh, er, erm, hmm, alright, all right',
  ),
  requests: phrases(
    'tell me, tell us, describe, explain, walk me through, walk us through, talk me through, help me understand',
  ),
  openInside: phrases(
    'tell me, tell us, describe, explain, walk me through, walk us through, talk me through, elaborate',
  ),
  interrogatives: new Set(['what', 'why', 'how', 'which', 'who', 'whom', 'whose', 'where', 'when']),
  auxiliaries: new Set(
    'do does did is are was were am can could would will should shall have has had may might must s re ll d isn aren wasn weren don doesn didn won wouldn couldn shouldn haven hasn hadn mustn'.split(
      ' ',
    ),
  ),
  howWith: new Set(['much', 'many', 'long', 'often', 'far', 'soon', 'big', 'about', 'come']),
  /** "Since when…", "In what way…", "With whom…": a preposition before the interrogative. */
  prepositions: new Set(['since', 'for', 'in', 'with', 'to', 'at', 'from', 'by', 'on', 'of', 'about', 'until']),
  subjects: new Set(
    'i you we they he she it there this that these those your our their anyone anybody someone somebody'.split(' '),
  ),
};

const classifyEnglish = (input: Words, questionMark: boolean): QuestionKind | null => {
  const { tokens } = skipLeading(input, EN.leading);
  const [first, second] = tokens;
  if (first === undefined) return null;
  if (startsWith(tokens, EN.requests)) return 'open';
  if (questionMark && EN.prepositions.has(first) && second !== undefined && EN.interrogatives.has(second)) {
    return 'open';
  }
  if (EN.interrogatives.has(first)) {
    const asks =
      questionMark ||
      (second !== undefined && EN.auxiliaries.has(second)) ||
      (first === 'how' && second !== undefined && EN.howWith.has(second)) ||
      (first === 'what' && second === 'about');
    return asks ? 'open' : null;
  }
  if (EN.auxiliaries.has(first)) {
    // "don't you…", "isn't it…": the subject comes after the contraction's "t".
    const subject = second === 't' ? tokens[2] : second;
    const asks = questionMark || (subject !== undefined && EN.subjects.has(subject));
    if (!asks) return null;
    return containsWithin(tokens, EN.openInside, 6) ? 'open' : 'closed';
  }
  // "You said what?", "And you'd start when?"
  if (questionMark && EN.interrogatives.has(tokens.at(-1) ?? '')) return 'open';
  return null;
};

const FR = {
  leading: phrases('et, alors, donc, mais, bon, ok, oui, non, euh, ben, bah, du coup, en fait, d accord'),
  requestVerbs: new Set(['racontez', 'raconte', 'decrivez', 'decris', 'expliquez', 'explique', 'detaillez']),
  requestWords: new Set(['parlez-moi', 'parle-moi', 'dites-moi', 'dis-moi']),
  openInside: phrases('decrire, expliquer, raconter, parler, detailler'),
  // A statement seldom starts with these; "quand", "où", "qui" and "que" often do, so they need more.
  strongInterrogatives: new Set([
    'pourquoi',
    'comment',
    'combien',
    'quel',
    'quelle',
    'quels',
    'quelles',
    'lequel',
    'laquelle',
    'lesquels',
    'lesquelles',
  ]),
  interrogatives: new Set(['quand', 'ou', 'qui', 'que', 'qu', 'quoi']),
  /** "Depuis quand…", "En quoi…", "Avec qui…", "À quel moment…": a preposition before the interrogative. */
  prepositions: new Set(['depuis', 'pour', 'a', 'de', 'avec', 'en', 'par', 'dans', 'sur', 'jusqu', 'chez', 'vers']),
};

/** "pouvez-vous", "a-t-il", "qu'avez-vous": a verb with its subject pronoun after a hyphen. */
const isInversion = (raw: string | undefined): boolean =>
  raw !== undefined && /^(?:\p{L}+')?\p{L}+-(?:t-)?(?:je|tu|il|elle|on|nous|vous|ils|elles)$/u.test(raw);

const classifyFrench = (input: Words, questionMark: boolean): QuestionKind | null => {
  const { raw, tokens } = skipLeading(input, FR.leading);
  const [first] = tokens;
  if (first === undefined) return null;
  const firstRaw = raw[0] ?? '';
  if (FR.requestWords.has(firstRaw) || FR.requestVerbs.has(firstRaw.split('-')[0] ?? '')) return 'open';
  if (startsWith(tokens, phrases('qu est ce'))) return 'open';
  const second = tokens[1];
  if (
    FR.prepositions.has(first) &&
    second !== undefined &&
    (FR.strongInterrogatives.has(second) || (questionMark && FR.interrogatives.has(second)))
  ) {
    return 'open';
  }
  if (startsWith(tokens, phrases('est ce'))) {
    return containsWithin(tokens, FR.openInside, 8) ? 'open' : 'closed';
  }
  // "Pourquoi pas." agrees; "Pourquoi pas ?" still asks.
  if (FR.strongInterrogatives.has(first)) return questionMark || tokens[1] !== 'pas' ? 'open' : null;
  if (FR.interrogatives.has(first)) {
    const asks =
      questionMark || isInversion(firstRaw) || isInversion(raw[1]) || startsWith(tokens.slice(1), phrases('est ce'));
    return asks ? 'open' : null;
  }
  if (isInversion(firstRaw)) return containsWithin(tokens, FR.openInside, 6) ? 'open' : 'closed';
  // Spoken French often puts the interrogative last: "Et le prix, c'est combien ?", "Vous partez quand ?"
  const last = tokens.at(-1) ?? '';
  // "C'est quoi, le problème ?": "quoi" asks wherever it stands; "qui" and "que" there are often relatives.
  const asksWith = (token: string) => FR.strongInterrogatives.has(token) || token === 'quoi';
  if (questionMark && (tokens.some(asksWith) || FR.interrogatives.has(last))) {
    return 'open';
  }
  return null;
};

const classifyWords = (text: string, language: SessionLanguage, questionMark: boolean): QuestionKind | null =>
  language === 'fr-FR' ? classifyFrench(wordsOf(text), questionMark) : classifyEnglish(wordsOf(text), questionMark);

/**
 * Whether one sentence is a question and of which kind, or null when it is not a question. A
 * sentence ending with "?" that opens with neither an interrogative nor an auxiliary ("If we
 * lower the price, would you sign?") is judged on its last clause, and is closed if that says no more.
 */
export const classifyQuestion = (sentence: string, language: SessionLanguage): QuestionKind | null => {
  const questionMark = endsWithQuestionMark(sentence);
  const whole = classifyWords(sentence, language, questionMark);
  if (whole !== null || !questionMark) return whole;
  const clauses = sentence.split(/[,;:—–]/);
  const last = clauses.at(-1) ?? sentence;
  return (clauses.length > 1 ? classifyWords(last, language, true) : null) ?? 'closed';
};
