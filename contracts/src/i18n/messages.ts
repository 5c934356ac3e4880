import type { z } from 'zod';
import * as enGB from './en-GB.js';
import * as frFR from './fr-FR.js';
import type { MessageLocale } from './locales.js';

/** A kind of field problem, or a rule of the contracts, that has a message. */
export type IssueKey = keyof typeof enGB.issues;
/** An error code that has a message. */
export type ErrorCode = keyof typeof enGB.errors;

type Counted = { readonly one: string; readonly other: string };
type Catalogue = {
  issues: Readonly<Record<IssueKey, string>>;
  types: Readonly<Record<keyof typeof enGB.types, string>>;
  counts: Readonly<Record<keyof typeof enGB.counts, Counted>>;
  errors: typeof frFR.errors;
};

// Each section apart, so a bundle that only checks fields (the client) leaves the error texts out.
const ISSUES: Record<MessageLocale, Catalogue['issues']> = { 'en-GB': enGB.issues, 'fr-FR': frFR.issues };
const TYPES: Record<MessageLocale, Catalogue['types']> = { 'en-GB': enGB.types, 'fr-FR': frFR.types };
const COUNTS: Record<MessageLocale, Catalogue['counts']> = { 'en-GB': enGB.counts, 'fr-FR': frFR.counts };
const ERRORS: Record<MessageLocale, Catalogue['errors']> = { 'en-GB': enGB.errors, 'fr-FR': frFR.errors };

/** The catalogue of each language (en-GB.ts, fr-FR.ts), for checks that walk every text. */
export const MESSAGE_CATALOGUES: Readonly<Record<MessageLocale, Readonly<Catalogue>>> = {
  'en-GB': { issues: enGB.issues, types: enGB.types, counts: enGB.counts, errors: enGB.errors },
  'fr-FR': { issues: frFR.issues, types: frFR.types, counts: frFR.counts, errors: frFR.errors },
};

export type MessageParams = Readonly<Record<string, unknown>>;

type CountedNoun = keyof Catalogue['counts'];
const isCountedNoun = (format: string): format is CountedNoun => Object.hasOwn(enGB.counts, format);

/**
 * A parameter as a number: a number, or text that starts with one, as an English message carries it ("1,000",
 * "5 credits" when the message's template says `{{price, credit}}`); null for anything else.
 */
const numberOf = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const digits = /^-?\d[\d,]*(?:\.\d+)?/.exec(String(value).trim())?.[0];
  return digits === undefined ? null : Number(digits.replaceAll(',', ''));
};

/** "1 000 crédits": the count written as the language writes numbers, with the form its plural rule asks for. */
const counted = (noun: CountedNoun, count: number, locale: MessageLocale): string => {
  const forms = COUNTS[locale][noun];
  const form = new Intl.PluralRules(locale).select(count);
  return (form === 'one' ? forms.one : forms.other).replace('{{count}}', new Intl.NumberFormat(locale).format(count));
};

const duration = (seconds: number, locale: MessageLocale): string =>
  seconds < 60 ? counted('second', seconds, locale) : counted('minute', Math.ceil(seconds / 60), locale);

/**
 * One parameter filled in by its format: `number`, a counted noun (`credit`…), `duration` or `list`; a value that is
 * not the number its format wants is written as it is.
 */
const formatted = (value: unknown, format: string | undefined, locale: MessageLocale): string => {
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (format === undefined || format === 'list') return String(value);
  const number = numberOf(value);
  if (number === null) return String(value);
  if (format === 'duration') return duration(number, locale);
  if (isCountedNoun(format)) return counted(format, number, locale);
  return new Intl.NumberFormat(locale).format(number);
};

/** `{{name}}` and `{{name, format}}` filled in; an unknown parameter stays as it is. */
const fill = (template: string, params: MessageParams, locale: MessageLocale): string =>
  template.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (placeholder, name: string, format?: string) => {
    const value = params[name];
    return value === undefined || value === null ? placeholder : formatted(value, format, locale);
  });

/** A field problem's message in the locale. */
export const issueText = (locale: MessageLocale, key: IssueKey, params: MessageParams = {}): string =>
  fill(ISSUES[locale][key], params, locale);

const isIssueKey = (key: unknown): key is IssueKey => typeof key === 'string' && Object.hasOwn(enGB.issues, key);

/**
 * A schema's own rule, by its key in the catalogue: `.refine(check, rule('patch_empty'))`. The
 * message is looked up when the value is parsed, in the caller's language, by `issueMessages`.
 */
export const rule = (key: IssueKey, params: MessageParams = {}) => ({ params: { rule: key, ...params } });

type RawIssue = z.core.$ZodRawIssue;

const typeName = (expected: unknown, locale: MessageLocale): string => {
  const types = TYPES[locale];
  return types[(typeof expected === 'string' && expected in types ? expected : 'other') as 'other'];
};

/** A problem that means "fill this in": no value at all, or an empty text where one is required. */
export const isRequiredIssue = (issue: RawIssue): boolean =>
  (issue.code === 'invalid_type' && issue.input === undefined) ||
  (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1);

/** The message of one zod issue in the locale, from its kind and what it carries (limits, values, rule). */
export const issueMessage = (issue: RawIssue, locale: MessageLocale): string => {
  const say = (key: IssueKey, params: MessageParams = {}) => issueText(locale, key, params);
  switch (issue.code) {
    case 'custom': {
      const params = (issue.params ?? {}) as Record<string, unknown>;
      return isIssueKey(params['rule']) ? say(params['rule'], params) : say('invalid');
    }
    case 'invalid_type':
      return isRequiredIssue(issue) ? say('required') : say('type', { expected: typeName(issue.expected, locale) });
    case 'too_small': {
      const min = Number(issue.minimum);
      if (isRequiredIssue(issue)) return say('required');
      if (issue.origin === 'string') return say('too_short', { min });
      if (issue.origin === 'array' || issue.origin === 'set') return say('too_few', { min });
      return say(issue.inclusive === false ? 'number_above' : 'number_min', { min });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return say('too_long', { max });
      if (issue.origin === 'array' || issue.origin === 'set') return say('too_many', { max });
      return say(issue.inclusive === false ? 'number_below' : 'number_max', { max });
    }
    case 'invalid_format':
      return issue.format === 'email' ? say('email') : say('format');
    case 'invalid_value':
      return say('one_of', { values: issue.values.map(String) });
    case 'unrecognized_keys':
      return say('unknown_keys', { keys: issue.keys });
    default:
      return say('invalid');
  }
};

/**
 * A zod error map answering in the locale: `schema.parse(value, { error: issueMessages('fr-FR') })`.
 * The API parses every request with the caller's; the client checks its forms with the interface's.
 */
export const issueMessages =
  (locale: MessageLocale): z.core.$ZodErrorMap =>
  (issue) =>
    issueMessage(issue, locale);

type Variants = Readonly<Record<string, string>>;

const variantsOf = (entry: string | Variants): Variants => (typeof entry === 'string' ? { default: entry } : entry);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PLACEHOLDER = /\{\{\s*(\w+)\s*(?:,\s*\w+\s*)?\}\}/g;

/** The parameters an English message carries, if it is this template filled in; else null. */
const matchTemplate = (template: string, message: string): Record<string, string> | null => {
  const names: string[] = [];
  let pattern = '';
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    pattern += `${escapeRegExp(template.slice(last, match.index))}(.+?)`;
    names.push(match[1]!);
    last = match.index + match[0].length;
  }
  pattern += escapeRegExp(template.slice(last));
  const found = new RegExp(`^${pattern}$`, 's').exec(message);
  if (!found) return null;
  return Object.fromEntries(names.map((name, index) => [name, found[index + 1]!]));
};

/**
 * Which entry of an error code an English message stands for, and the parameters it carries; null
 * when the catalogue has no entry that reads like it (the message is then answered as thrown).
 */
export const findErrorEntry = (
  code: string,
  message: string,
): { variant: string; params: Record<string, string> } | null => {
  if (!Object.hasOwn(ERRORS['en-GB'], code)) return null;
  const variants = variantsOf(ERRORS['en-GB'][code as ErrorCode]);
  for (const [variant, template] of Object.entries(variants)) {
    const params = matchTemplate(template, message);
    if (params) return { variant, params };
  }
  return null;
};

/** The message of an error code's entry (`variant`, else its only one) in the locale. */
export const errorText = (
  locale: MessageLocale,
  code: ErrorCode,
  params: MessageParams = {},
  variant = 'default',
): string => {
  const variants = variantsOf(ERRORS[locale][code] as string | Variants);
  return fill(variants[variant] ?? Object.values(variants)[0]!, params, locale);
};

/**
 * An error's message in the locale. Use cases and deciders throw English messages (their tests and
 * the logs read them); the code and that text find the catalogue entry, whose text in the locale is
 * filled with the message's own parameters and the error's details: in English too, so its numbers
 * and counts read as the language says them ("1,000 credits", "1 credit"). A message the catalogue
 * does not know is answered as thrown (a unit spec keeps every thrown message in the catalogue).
 */
export const translateError = (
  locale: MessageLocale,
  error: { code: string; message: string; details?: MessageParams | undefined },
): string => {
  const entry = findErrorEntry(error.code, error.message);
  if (!entry) return error.message;
  return errorText(locale, error.code as ErrorCode, { ...entry.params, ...error.details }, entry.variant);
};
