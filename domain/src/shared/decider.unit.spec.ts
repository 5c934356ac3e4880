import { describe, expect, it } from 'vitest';
import type { Command } from './command.js';
import { decideByType, type DomainEvent } from './decider.js';

type Rename = Command<'Rename', { name: string }>;
type Clear = Command<'Clear', Record<string, never>>;
type Renamed = DomainEvent<'Renamed', { name: string }>;

const decide = decideByType<Rename | Clear, Renamed, { name: string }>({
  Rename: ({ data }, state) => (data.name === state.name ? [] : [{ type: 'Renamed', data: { name: data.name } }]),
  Clear: (_command, state) => (state.name === '' ? [] : [{ type: 'Renamed', data: { name: '' } }]),
});
const now = '2026-11-21T10:00:00.000Z';

describe('decideByType', () => {
  it('should hand each command to the handler of its type, with the state', () => {
    expect(decide({ type: 'Rename', data: { name: 'b' }, metadata: { now } }, { name: 'a' })).toEqual([
      { type: 'Renamed', data: { name: 'b' } },
    ]);
    expect(decide({ type: 'Clear', data: {}, metadata: { now } }, { name: '' })).toEqual([]);
  });

  it('should refuse a command type no handler knows, even one named like an object property', () => {
    for (const type of ['Archive', 'toString', 'constructor']) {
      const unknown = { type, data: {}, metadata: { now } } as unknown as Rename;
      expect(() => decide(unknown, { name: 'a' })).toThrow(`Unknown command ${type}`);
    }
  });
});
