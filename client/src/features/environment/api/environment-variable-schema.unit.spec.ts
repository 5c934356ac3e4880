import { describe, expect, it } from 'vitest';
import { environmentFormProblems } from './environment-variable-schema';

const valid = { name: 'SUPPORT_EMAIL', value: 'help@example.com', description: '', is_secret: false };

describe('environment variable form', () => {
  it('accepts upper-case names with digits and underscores', () => {
    expect(environmentFormProblems(valid)).toEqual({});
    expect(environmentFormProblems({ ...valid, name: 'A1_B2' })).toEqual({});
  });

  it.each(['support_email', '1ABC', '_ABC', 'WITH-DASH', '', 'A'.repeat(65)])('refuses the name %j', (name) => {
    expect(environmentFormProblems({ ...valid, name })).toEqual({ name: true });
  });

  it('limits the value and the description', () => {
    expect(environmentFormProblems({ ...valid, value: 'x'.repeat(4097), description: 'y'.repeat(501) })).toEqual({
      value: true,
      description: true,
    });
  });
});
