import { z } from 'zod';
import { ValidationError, type ErrorDetails } from './errors.js';

/**
 * A NUL character, or a UTF-16 surrogate without its pair (`\ud800`): JSON and JavaScript strings can
 * hold them, but PostgreSQL text cannot (errors 22021 and 22P05) and they are never anything a person
 * typed. With the `u` flag a well-formed pair is one code point, so only lone surrogates match.
 */
export const UNSTORABLE_TEXT = /\0|[\uD800-\uDFFF]/u;

export const isStorableText = (value: string): boolean => !UNSTORABLE_TEXT.test(value);

/**
 * Every string the API accepts: refuses NUL and lone surrogates with the `unstorable_text` rule, so the
 * 400 names the field instead of the database failing on it. The contracts' `text()` is this schema;
 * chain each field's own rules after it (`storableText().trim().max(200)`).
 */
export const storableText = (params?: Parameters<typeof z.string>[0]): z.ZodString =>
  z.string(params).refine(isStorableText, { params: { rule: 'unstorable_text' }, abort: true });

/**
 * A name, label, title or description as a decider keeps it: trimmed, and then `min` (1 unless said) to `max`
 * characters, else a ValidationError with the module's own code, message and details (the field, and anything the
 * form shows with it).
 */
export const boundedText = (
  raw: string,
  rule: { min?: number; max: number; code: string; message: string; details: ErrorDetails },
): string => {
  const text = raw.trim();
  if (text.length < (rule.min ?? 1) || text.length > rule.max) {
    throw new ValidationError(rule.code, rule.message, rule.details);
  }
  return text;
};
