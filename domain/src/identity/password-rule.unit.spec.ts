import { describe, expect, it } from 'vitest';
import { passwordProblems, passwordSchema } from './password-rule.js';

describe('password rule', () => {
  it('accepts 8 to 50 characters with a lowercase, an uppercase, a digit and a special character', () => {
    expect(passwordProblems('Abcdef1!')).toEqual([]);
    expect(passwordProblems(`Ab1!${'x'.repeat(46)}`)).toEqual([]);
    expect(passwordProblems('Éléphant-7')).toEqual([]);
  });

  it.each([
    ['Ab1!', ['password_too_short']],
    [`Ab1!${'x'.repeat(47)}`, ['password_too_long']],
    ['ABCDEF1!', ['password_missing_lowercase']],
    ['abcdef1!', ['password_missing_uppercase']],
    ['Abcdefg!', ['password_missing_digit']],
    ['Abcdefg1', ['password_missing_special']],
    [
      '',
      [
        'password_too_short',
        'password_missing_lowercase',
        'password_missing_uppercase',
        'password_missing_digit',
        'password_missing_special',
      ],
    ],
  ])('reports every unmet rule of %j', (password, codes) => {
    expect(passwordProblems(password)).toEqual(codes);
  });

  it('refuses the account email as password', () => {
    expect(passwordProblems('Ada@Example.com1', 'ada@example.com1')).toEqual(['password_same_as_email']);
  });

  it('exposes the same codes through the shared zod schema', () => {
    const result = passwordSchema.safeParse('abc');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'password_too_short',
      'password_missing_uppercase',
      'password_missing_digit',
      'password_missing_special',
    ]);
  });
});
