import { describe, expect, it } from 'vitest';
import {
  LEADERBOARD_SIZE,
  leaderboardLines,
  leaderboardPeriod,
  rankStandings,
  type LeaderboardStanding,
} from './rules.js';

const standing = (userId: string, value: number, name = userId, hidden = false): LeaderboardStanding => ({
  userId,
  name,
  hidden,
  value,
});

describe('leaderboardPeriod', () => {
  // Wednesday 16 December 2026, 15:30 UTC.
  const now = new Date('2026-12-16T15:30:00.000Z');

  it('starts the week on Monday, the month on the 1st and the quarter on its first month, in UTC, up to now', () => {
    expect(leaderboardPeriod('week', now)).toEqual({ from: '2026-12-14T00:00:00.000Z', to: now.toISOString() });
    expect(leaderboardPeriod('month', now)).toEqual({ from: '2026-12-01T00:00:00.000Z', to: now.toISOString() });
    expect(leaderboardPeriod('quarter', now)).toEqual({ from: '2026-10-01T00:00:00.000Z', to: now.toISOString() });
  });

  it('counts a Sunday in the week that began the Monday before, and a Monday as its own week’s first day', () => {
    expect(leaderboardPeriod('week', new Date('2026-12-20T23:59:00.000Z')).from).toBe('2026-12-14T00:00:00.000Z');
    expect(leaderboardPeriod('week', new Date('2026-12-14T00:00:00.000Z')).from).toBe('2026-12-14T00:00:00.000Z');
    // A week that began in the month before.
    expect(leaderboardPeriod('week', new Date('2027-01-01T08:00:00.000Z')).from).toBe('2026-12-28T00:00:00.000Z');
  });

  it('starts each quarter on January, April, July and October', () => {
    expect(leaderboardPeriod('quarter', new Date('2027-03-31T23:00:00.000Z')).from).toBe('2027-01-01T00:00:00.000Z');
    expect(leaderboardPeriod('quarter', new Date('2027-04-01T00:00:00.000Z')).from).toBe('2027-04-01T00:00:00.000Z');
    expect(leaderboardPeriod('quarter', new Date('2027-08-15T12:00:00.000Z')).from).toBe('2027-07-01T00:00:00.000Z');
  });
});

describe('rankStandings', () => {
  it('ranks the best value first, ties sharing a rank and the next rank skipping them', () => {
    const ranked = rankStandings([standing('c', 3), standing('a', 5), standing('b', 5), standing('d', 1)]);
    expect(ranked.map(({ userId, rank }) => [userId, rank])).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 3],
      ['d', 4],
    ]);
  });

  it('orders a tie by name, whatever the case, with the hidden ones last', () => {
    const ranked = rankStandings([
      standing('u1', 2, 'zoe', true),
      standing('u2', 2, 'Zed'),
      standing('u3', 2, 'amy'),
      standing('u4', 2, 'Aaron', true),
    ]);
    expect(ranked.map(({ userId }) => userId)).toEqual(['u3', 'u2', 'u1', 'u4']);
    expect(ranked.every(({ rank }) => rank === 1)).toBe(true);
  });

  it('ranks nobody when nobody did anything', () => {
    expect(rankStandings([])).toEqual([]);
  });
});

describe('leaderboardLines', () => {
  const many = rankStandings(
    Array.from({ length: LEADERBOARD_SIZE + 5 }, (_, index) => standing(`u${index}`, 1000 - index)),
  );

  it('shows the first lines, and the caller’s own after them when it ranks below', () => {
    const lines = leaderboardLines(many, `u${LEADERBOARD_SIZE + 3}`);
    expect(lines).toHaveLength(LEADERBOARD_SIZE + 1);
    expect(lines.at(-1)).toMatchObject({ userId: `u${LEADERBOARD_SIZE + 3}`, rank: LEADERBOARD_SIZE + 4 });
  });

  it('adds nothing when the caller is among them or not ranked', () => {
    expect(leaderboardLines(many, 'u2')).toHaveLength(LEADERBOARD_SIZE);
    expect(leaderboardLines(many, 'nobody')).toHaveLength(LEADERBOARD_SIZE);
  });
});
