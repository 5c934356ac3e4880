import { describe, expect, it } from 'vitest';
import { parseTypedNumber, typedNumber } from './number-input';

describe('numbers typed into text fields', () => {
  it('should read whole numbers and both decimal separators', () => {
    expect(parseTypedNumber('12', undefined)).toBe(12);
    expect(parseTypedNumber(' 0.7 ', null)).toBe(0.7);
    expect(parseTypedNumber('0,7', null)).toBe(0.7);
    expect(parseTypedNumber('.5', null)).toBe(0.5);
  });

  it('should give the blank value for an empty field', () => {
    expect(parseTypedNumber('', null)).toBeNull();
    expect(parseTypedNumber('   ', undefined)).toBeUndefined();
  });

  it('should refuse what is not a plain number, leaving the schema to say so', () => {
    for (const typed of ['abc', '1e3', '0x10', '1.2.3', '-', ',']) {
      expect(parseTypedNumber(typed, null), typed).toBeNaN();
    }
  });

  it('should show a number with the separator of the language', () => {
    expect(typedNumber(0.7, 'fr-FR')).toBe('0,7');
    expect(typedNumber(0.7, 'en-GB')).toBe('0.7');
    expect(typedNumber(null, 'en-GB')).toBe('');
    expect(typedNumber(4000, 'fr-FR')).toBe('4000');
  });
});
