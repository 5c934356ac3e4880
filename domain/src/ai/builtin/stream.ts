/**
 * A reply cut into word-sized deltas for streaming: each word with the spaces after it (leading spaces
 * go with the first), so the deltas joined give the text back exactly. No-break spaces stay inside
 * their delta, keeping French "vous ?" and an outcome marker such as "[[WIN]]" whole.
 */
export const builtinStreamChunks = (text: string): string[] => {
  const chunks = text.match(/(?:[^\s]|[\u00a0\u202f])+[^\S\u00a0\u202f]*/gu) ?? [];
  const leading = /^[^\S\u00a0\u202f]*/u.exec(text)?.[0] ?? '';
  if (leading.length === 0) return chunks;
  const [first, ...rest] = chunks;
  return first === undefined ? [leading] : [leading + first, ...rest];
};
