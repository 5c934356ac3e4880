// The cues of each intent, in English (British and American) and French, as folded matching tokens (text.ts: lower
// case, no accents, split at spaces, apostrophes and hyphens: "don't" is `don t`, "aujourd'hui" `aujourd hui`). A
// word ending with `*` matches any word it starts ("economis*": économise, économiser…). Cues are phrases people use,
// not the words of a rubric: a learner who never read the rules should be understood.

export type Cues = readonly string[];

export type IntentLexicon = {
  empathy: Cues;
  summary: Cues;
  value: Cues;
  /** A condition asked of the other side ("if you…"), which turns an offer into a trade. */
  condition: Cues;
  /** Words of an explicit exchange: a trade whatever else the sentence holds. */
  exchange: Cues;
  /** Giving something: a concession without a condition, a trade with one. */
  offer: Cues;
  nextStep: Cues;
  /** A next step is concrete when it names a time or a meeting. */
  concrete: Cues;
  closing: Cues;
  /** Pressure that leaves no way out: it counts twice. */
  ultimatum: Cues;
  pressure: Cues;
  rudeness: Cues;
  /** A question about needs, priorities or the situation. */
  needs: Cues;
  identity: Cues;
  /** Words that turn a cue's meaning around when they stand just before it (or, in French, just after). */
  negation: ReadonlySet<string>;
  /** Words a topic match ignores. */
  stopwords: ReadonlySet<string>;
};

/** A set of words written as one string, separated by spaces. */
export const words = (list: string): ReadonlySet<string> => new Set(list.split(/\s+/).filter(Boolean));
