import { describe, expect, it } from 'vitest';
import { builtinStreamChunks } from './stream.js';

describe('[AI]: built-in streaming', () => {
  it.each([
    ['Deal. [[WIN]]', ['Deal. ', '[[WIN]]']],
    ['  Two  spaces\nand a line ', ['  Two  ', 'spaces\n', 'and ', 'a ', 'line ']],
    ['Vraiment\u00a0? Oui.', ['Vraiment\u00a0? ', 'Oui.']],
    ['', []],
    ['   ', ['   ']],
  ])('should cut %j into word-sized deltas that join back into it', (text, chunks) => {
    expect(builtinStreamChunks(text)).toEqual(chunks);
    expect(builtinStreamChunks(text).join('')).toBe(text);
  });
});
