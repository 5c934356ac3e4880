import { describe, expect, it } from 'vitest';
import { createVisibleReplyStream } from './visible-reply-stream.js';

const streamed = (deltas: string[]) => {
  const stream = createVisibleReplyStream();
  const shown = deltas.map((delta) => stream.push(delta));
  return { shown, whole: shown.join('') + stream.flush() };
};

describe('the visible reply stream', () => {
  it('passes plain text through delta by delta', () => {
    expect(streamed(['Hello ', 'there, ', 'how can I help?']).shown).toEqual(['Hello ', 'there, ', 'how can I help?']);
  });

  it('hides a marker split across deltas, and shows nothing of it meanwhile', () => {
    const { shown, whole } = streamed(['Deal, then. [', '[WI', 'N]', ']']);
    expect(shown.join('')).toBe('Deal, then. ');
    expect(whole).toBe('Deal, then. ');
  });

  it('hides every marker kind, wherever it stands', () => {
    expect(streamed(['#-WIN-# Agreed', ' [[LOSE]]no', ' [[END]]']).whole).toBe(' Agreed no ');
  });

  it('gives back what only looked like the start of a marker', () => {
    const { shown, whole } = streamed(['Look at item [', '2] and #-', 'tags']);
    expect(shown).toEqual(['Look at item ', '[2] and ', '#-tags']);
    expect(whole).toBe('Look at item [2] and #-tags');
  });

  it('flushes a held bracket at the end of the stream', () => {
    const { shown, whole } = streamed(['Really? [']);
    expect(shown).toEqual(['Really? ']);
    expect(whole).toBe('Really? [');
  });
});
