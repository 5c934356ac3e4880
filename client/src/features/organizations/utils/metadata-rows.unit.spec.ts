import { describe, expect, it } from 'vitest';
import { metadataToRows, rowsToMetadata } from './metadata-rows';

describe('metadata rows', () => {
  it('round-trips text, numbers and booleans', () => {
    const metadata = { sector: 'health', seats: 40, pilot: true };
    const rows = metadataToRows(metadata);
    expect(rows).toEqual([
      { key: 'sector', type: 'text', value: 'health' },
      { key: 'seats', type: 'number', value: '40' },
      { key: 'pilot', type: 'boolean', value: 'true' },
    ]);
    expect(rowsToMetadata(rows)).toEqual({ ok: true, metadata });
  });

  it('names the problem of each bad row', () => {
    const result = rowsToMetadata([
      { key: ' ', type: 'text', value: 'x' },
      { key: 'a', type: 'number', value: 'ten' },
      { key: 'a', type: 'text', value: 'again' },
      { key: 'k'.repeat(65), type: 'text', value: '' },
    ]);
    expect(result).toEqual({
      ok: false,
      problems: { 0: 'keyBlank', 1: 'notNumber', 2: 'keyDuplicate', 3: 'keyTooLong' },
    });
  });

  it('trims keys and accepts an empty set', () => {
    expect(rowsToMetadata([{ key: ' region ', type: 'text', value: 'EU' }])).toEqual({
      ok: true,
      metadata: { region: 'EU' },
    });
    expect(rowsToMetadata([])).toEqual({ ok: true, metadata: {} });
  });
});
