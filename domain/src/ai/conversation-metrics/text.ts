// Text handling shared by the observer metrics and the built-in persona. Matching works on a folded
// form (lower case, no accents, typographic apostrophes made plain) so that "Réduction", "reduction"
// and "RÉDUCTION" are one phrase; what people see is always the original text.

/** Lower case, accents removed, ligatures and typographic apostrophes made plain. */
export const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/[’‘ʼ`´]/g, "'");

/**
 * Words as a person counts them: runs between spaces that hold a letter or a digit, so "don't",
 * "l’offre" and "est-ce" are one word each and a lone "?" or "—" is none.
 */
export const countWords = (text: string): number =>
  text.split(/\s+/).filter((chunk) => /[\p{L}\p{N}]/u.test(chunk)).length;

/**
 * Matching tokens: letter and digit runs of the folded text. Apostrophes and hyphens separate them, so
 * a phrase matches on word boundaries inside "l’offre" (offre) or "qu’est-ce" (qu est ce) too.
 */
export const matchTokens = (text: string): string[] => fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/** Where `phrase` occurs in `tokens` as whole words, or -1; an empty phrase occurs nowhere. */
export const indexOfPhrase = (tokens: readonly string[], phrase: readonly string[]): number => {
  if (phrase.length === 0) return -1;
  for (let start = 0; start + phrase.length <= tokens.length; start += 1) {
    if (phrase.every((word, offset) => tokens[start + offset] === word)) return start;
  }
  return -1;
};

/** Whether `text` contains `phrase` as whole words, ignoring case and accents. */
export const containsPhrase = (text: string, phrase: string): boolean =>
  indexOfPhrase(matchTokens(text), matchTokens(phrase)) >= 0;

// A full stop after these is an abbreviation ("Mr. Smith", "M. Dupont"), not the end of a sentence.
const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'prof', 'st', 'vs', 'cf', 'm', 'mme', 'mlle', 'mm', 'no']);

/** The sentences of a text, trimmed, in order (split after . ! ? … and at line breaks). */
export const sentencesOf = (text: string): string[] => {
  const pieces = text
    .split(/(?<=[.!?…])\s+|\n+/)
    .map((piece) => piece.trim())
    .filter((piece) => piece.length > 0);
  const sentences: string[] = [];
  for (const piece of pieces) {
    const previous = sentences.at(-1);
    const lastWord = previous === undefined ? undefined : /([\p{L}]+)\.$/u.exec(fold(previous))?.[1];
    if (previous !== undefined && lastWord !== undefined && ABBREVIATIONS.has(lastWord)) {
      sentences[sentences.length - 1] = `${previous} ${piece}`;
    } else {
      sentences.push(piece);
    }
  }
  return sentences;
};

/** Whether a sentence ends with a question mark (closing quotes or brackets may follow it). */
export const endsWithQuestionMark = (sentence: string): boolean => /\?["'”»)\]\s]*$/u.test(sentence);

/** A matching token with what separates it from its neighbours. */
export type PlacedToken = {
  word: string;
  /** A clause starts here: the text's start or punctuation before the token. */
  boundaryBefore: boolean;
  /** A sentence starts here: the text's start or . ! ? … or a line break before the token. */
  sentenceStart: boolean;
  /** A clause ends here: the text's end or punctuation after the token. */
  boundaryAfter: boolean;
  /** A question mark follows the token. */
  questionAfter: boolean;
};

const isBoundary = (gap: string): boolean => /[.,;:!?…—–()«»"“”\n]/u.test(gap) || /\s-\s/.test(gap);

/** The matching tokens of a text, each knowing whether punctuation stands before or after it. */
export const placedTokens = (text: string): PlacedToken[] => {
  const folded = fold(text);
  const matches = [...folded.matchAll(/[\p{L}\p{N}]+/gu)];
  return matches.map((match, index) => {
    const start = match.index;
    const end = start + match[0].length;
    const before = index === 0 ? undefined : matches[index - 1];
    const after = matches[index + 1];
    const gapBefore = before === undefined ? '' : folded.slice(before.index + before[0].length, start);
    const gapAfter = folded.slice(end, after === undefined ? folded.length : after.index);
    return {
      word: match[0],
      boundaryBefore: before === undefined || isBoundary(gapBefore),
      sentenceStart: before === undefined || /[.!?…\n]/u.test(gapBefore),
      boundaryAfter: after === undefined || isBoundary(gapAfter),
      questionAfter: gapAfter.includes('?'),
    };
  });
};
