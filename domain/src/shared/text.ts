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

/** A decider's refusal of a text: its module's code and message, and the details (the field, what the form shows). */
export type TextRefusal = { code: string; message: string; details: ErrorDetails };

const trimmedWithin = (raw: string, min: number, max: number, refusal: TextRefusal): string => {
  const text = raw.trim();
  if (text.length < min || text.length > max) throw new ValidationError(refusal.code, refusal.message, refusal.details);
  return text;
};

/** A name, label or title as a decider keeps it: trimmed, then 1 to `max` characters, else the refusal. */
export const boundedText = (raw: string, max: number, refusal: TextRefusal): string =>
  trimmedWithin(raw, 1, max, refusal);

/** A description as a decider keeps it: trimmed, possibly empty, at most `max` characters, else the refusal. */
export const textUpTo = (raw: string, max: number, refusal: TextRefusal): string => trimmedWithin(raw, 0, max, refusal);
