import { describe, expect, it } from 'vitest';
import { infoPath, playedFromPlaylist, resultPath } from './session-paths';

describe('session paths', () => {
  it('carry the playlist played from, and nothing when there is none', () => {
    expect(infoPath('s-1', 'p_1')).toBe('/apps/ai-coaching/scenario/info-s-1?playlist=p_1');
    expect(resultPath('x', null)).toBe('/apps/ai-coaching/session/result-x');
    expect(playedFromPlaylist(new URLSearchParams('playlist=p_1'))).toBe('p_1');
  });

  it('read no playlist from an address that names none, or not an id', () => {
    expect(playedFromPlaylist(new URLSearchParams(''))).toBeNull();
    expect(playedFromPlaylist(new URLSearchParams('playlist=../x'))).toBeNull();
    expect(playedFromPlaylist(new URLSearchParams(`playlist=${'a'.repeat(101)}`))).toBeNull();
  });
});
