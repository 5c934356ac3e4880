import type { SessionLanguage } from '../vocabulary.js';
import { matchTokens, placedTokens } from './text.js';
import type { PlacedToken } from './text.js';

// Filler words. Hesitations ("um", "euh") always count; words that are also ordinary words count only
// where they are used as fillers, told by their neighbours: "like" not after "I", "would", "looks";
// "kind of" not after "what", "a", "this"; "you know", "voilà", "quoi" only when a clause ends after
// them ("…, you know, …", "c'était bien, quoi."); "I mean" only when it opens a clause; "genre" not
// after a determiner ("ce genre de"). These are heuristics: they count what a listener would hear as
// filler in ordinary sentences, not a grammatical analysis.

type Occurrence = { before: PlacedToken | undefined; first: PlacedToken; last: PlacedToken };

type Filler = {
  /** How the filler is named in the metrics. */
  name: string;
  tokens: readonly string[];
  /** When absent the filler always counts. */
  counts?: (at: Occurrence) => boolean;
};

const notAfter =
  (words: string): ((at: Occurrence) => boolean) =>
  ({ before, first }) =>
    first.boundaryBefore || before === undefined || !words.split(' ').includes(before.word);

const endsClause = ({ last }: Occurrence): boolean => last.boundaryAfter;
const opensClause = ({ first }: Occurrence): boolean => first.boundaryBefore;

const always = (names: string): Filler[] =>
  names.split(',').map((name) => ({ name: name.trim(), tokens: matchTokens(name) }));
const filler = (name: string, counts: (at: Occurrence) => boolean): Filler => ({
  name,
  tokens: matchTokens(name),
  counts,
});

const KIND_OF_DETERMINERS =
  'what which this that a an the any some every each one same other different all these those no my your our their his her its only right new first best wrong';

const ENGLISH: readonly Filler[] = [
  ...always('um, umm, uh, uhm, er, erm, hmm'),
  filler(
    'like',
    notAfter(
      'i you we they he she d t would do does did really also feel feels felt look looks looked looking sound sounds sounded seem seems seemed just more much not nothing something anything people',
    ),
  ),
  filler('you know', endsClause),
  filler('I mean', opensClause),
  ...always('basically, actually, literally'),
  filler('sort of', notAfter(KIND_OF_DETERMINERS)),
  filler('kind of', notAfter(KIND_OF_DETERMINERS)),
];

const FRENCH: readonly Filler[] = [
  ...always('euh, heu, hum, bah, ben, du coup, en fait, en gros'),
  filler(
    'genre',
    notAfter('ce cet le un quel quelle du de mon ton son notre votre leur meme autre l d tout mauvais bon'),
  ),
  filler('voilà', endsClause),
  filler('tu vois', endsClause),
  filler('vous voyez', endsClause),
  // "quoi" ending a clause ("c'était bien, quoi.") but neither a question ("Vous parlez de quoi ?") nor an exclamation opening a sentence ("Quoi, déjà ?").
  filler('quoi', ({ first, last }) => last.boundaryAfter && !last.questionAfter && !first.sentenceStart),
];

export const fillersOf = (language: SessionLanguage): readonly Filler[] => (language === 'fr-FR' ? FRENCH : ENGLISH);

/** How many times each filler of the language occurs in a text, by filler name in list order. */
export const countFillers = (text: string, language: SessionLanguage): Map<string, number> => {
  const tokens = placedTokens(text);
  const counts = new Map<string, number>();
  for (const candidate of fillersOf(language)) {
    const size = candidate.tokens.length;
    for (let start = 0; start + size <= tokens.length; start += 1) {
      const span = tokens.slice(start, start + size);
      if (!span.every((token, offset) => token.word === candidate.tokens[offset])) continue;
      // A filler of several words said in one breath: no punctuation inside it.
      if (span.slice(1).some((token) => token.boundaryBefore)) continue;
      const [first] = span;
      const last = span.at(-1);
      if (first === undefined || last === undefined) continue;
      if (candidate.counts && !candidate.counts({ before: tokens[start - 1], first, last })) continue;
      counts.set(candidate.name, (counts.get(candidate.name) ?? 0) + 1);
    }
  }
  return counts;
};
