// Cuts a reply streaming in as text deltas into sentences, so that the voice path can synthesise the first sentence
// while the rest is still being written (docs/voice.md, "Built-in voice").

/** A run this long without a sentence end is cut at its last space: synthesis should not wait for a full stop forever. */
export const SENTENCE_SOFT_LIMIT = 200;

// A sentence ends at . ! ? … (possibly repeated, possibly closed by quotes or brackets) followed by whitespace, or at a
// line break. A decimal point ("3.5") or an abbreviation directly followed by a letter is not followed by whitespace.
const SENTENCE_END = /[.!?…]+["'”’»)\]]*\s+|\n+/g;

export type SentenceCutter = {
  /** Adds a piece of text; answers the sentences it completed, trimmed, in order. */
  push(delta: string): string[];
  /** The text left once the reply is complete (an unfinished last sentence), or nothing. */
  flush(): string[];
};

export const createSentenceCutter = (softLimit: number = SENTENCE_SOFT_LIMIT): SentenceCutter => {
  let pending = '';
  const take = (end: number): string => {
    const sentence = pending.slice(0, end).trim();
    pending = pending.slice(end);
    return sentence;
  };
  return {
    push(delta) {
      pending += delta;
      const sentences: string[] = [];
      for (;;) {
        SENTENCE_END.lastIndex = 0;
        const match = SENTENCE_END.exec(pending);
        if (match) {
          const sentence = take(match.index + match[0].length);
          if (sentence) sentences.push(sentence);
          continue;
        }
        if (pending.length < softLimit) break;
        const space = pending.lastIndexOf(' ', softLimit);
        const sentence = take(space > 0 ? space + 1 : softLimit);
        if (sentence) sentences.push(sentence);
      }
      return sentences;
    },
    flush() {
      const rest = take(pending.length);
      return rest ? [rest] : [];
    },
  };
};

/** Every sentence of a whole text, as the streaming cutter would give them. */
export const splitSentences = (text: string): string[] => {
  const cutter = createSentenceCutter();
  return [...cutter.push(text), ...cutter.flush()];
};
