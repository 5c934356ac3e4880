import { describe, expect, it } from 'vitest';
import { ValidationError } from './errors.js';
import { boundedText, textUpTo } from './text.js';

describe('boundedText and textUpTo', () => {
  const refusal = { code: 'invalid_name', message: 'A name has 1 to 5 characters.', details: { field: 'name' } };

  it('should keep the text trimmed within its bounds', () => {
    expect(boundedText('  Ada ', 5, refusal)).toBe('Ada');
    expect(textUpTo('   ', 5, refusal)).toBe('');
  });

  it('should refuse an empty name, and any text over its maximum, with the refusal given', () => {
    for (const refuse of [() => boundedText('  ', 5, refusal), () => textUpTo('Lovelace', 5, refusal)]) {
      expect(refuse).toThrow(ValidationError);
      expect(refuse).toThrow(expect.objectContaining({ code: 'invalid_name', details: { field: 'name' } }));
    }
  });
});
