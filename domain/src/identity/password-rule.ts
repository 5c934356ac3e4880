import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 50;

/** One code per unmet rule, so the client can show each rule's state next to the field. */
export const PASSWORD_RULES = [
  { code: 'password_too_short', test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { code: 'password_too_long', test: (p: string) => p.length <= PASSWORD_MAX_LENGTH },
  { code: 'password_missing_lowercase', test: (p: string) => /\p{Ll}/u.test(p) },
  { code: 'password_missing_uppercase', test: (p: string) => /\p{Lu}/u.test(p) },
  { code: 'password_missing_digit', test: (p: string) => /\p{Nd}/u.test(p) },
  { code: 'password_missing_special', test: (p: string) => /[^\p{L}\p{Nd}\s]/u.test(p) },
] as const;

export type PasswordRuleCode = (typeof PASSWORD_RULES)[number]['code'] | 'password_same_as_email';

/** The codes of every rule the password breaks; empty when it is acceptable. */
export const passwordProblems = (password: string, email?: string): PasswordRuleCode[] => {
  const problems: PasswordRuleCode[] = PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.code);
  if (email && password.trim().toLowerCase() === email.trim().toLowerCase()) problems.push('password_same_as_email');
  return problems;
};

/** The rule as a zod schema shared by the API and the client; each issue's message is its code. */
export const passwordSchema = z.string().superRefine((password, ctx) => {
  for (const code of passwordProblems(password)) ctx.addIssue({ code: 'custom', message: code, params: { code } });
});
