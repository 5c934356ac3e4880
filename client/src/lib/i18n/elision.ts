/** French words that lose their vowel before a vowel sound: "de Acme" is written "d’Acme". */
export type ElidingWord = 'de' | 'que';

const ELIDED: Record<ElidingWord, string> = { de: 'd’', que: 'qu’' };

// Vowels with the accents French names carry; `h` is left out on purpose (see below).
const VOWEL = /^[aeiouàâäéèêëîïôöùûüæœ]/i;
const Y_BEFORE_CONSONANT = /^y[^aeiouàâäéèêëîïôöùûüæœy\s\d]/i;

/**
 * Whether a French word elides before `next`. Only spelling decides here: a leading vowel elides, and so does a `y`
 * sounded as one ("d’Yves", but "de Yann"). A leading `h` never does: the silent `h` of "Hélène" would want it, the
 * aspirated `h` of "Hachette" forbids it, and nothing in a name tells them apart; "de Hélène" reads as a slip, while
 * "d’Hachette" would be a mistake.
 */
export const elides = (next: string): boolean => {
  const start = next.trimStart();
  return VOWEL.test(start) || Y_BEFORE_CONSONANT.test(start);
};

/** `de` or `que` followed by `next`, elided when French spelling asks for it: "d’Acme Corp", "de Beta". */
export const withElision = (word: ElidingWord, next: string): string =>
  elides(next) ? `${ELIDED[word]}${next.trimStart()}` : `${word} ${next}`;

/**
 * i18next formatters, so a French message reads `Crédits {{name, de}}` and renders "Crédits d’Acme Corp"; the
 * English message keeps its own wording (`Credits of {{name}}`) and never names the formatter.
 */
export const ELISION_FORMATTERS: Record<ElidingWord, (value: unknown) => string> = {
  de: (value) => withElision('de', String(value ?? '')),
  que: (value) => withElision('que', String(value ?? '')),
};
