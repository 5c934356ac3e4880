import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findErrorEntry, issueText, MESSAGE_CATALOGUES, translateError } from '@ai-coaching/contracts';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every server-side source file, tracked or new (another change may add throw sites). */
const sources = execFileSync(
  'git',
  [
    'ls-files',
    '--cached',
    '--others',
    '--exclude-standard',
    '--',
    ...['domain', 'contracts', 'platform', 'projections', 'application', 'workers', 'gateway', 'api'].map(
      (workspace) => `${workspace}/src`,
    ),
  ],
  { cwd: root, encoding: 'utf8' },
)
  .split('\n')
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && !file.includes('/testing/'));

const STRING = String.raw`'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|\x60(?:[^\x60\\]|\\.)*\x60`;
const THROW = new RegExp(
  String.raw`new (?:ValidationError|ForbiddenError|NotFoundError|ConflictError|QuotaExceededError|UnavailableError|ApiError|AuthenticationError|SsoError)\(\s*(?:\d{3},\s*)?'([a-z_]+)',\s*(${STRING}|[A-Z_]+)`,
  'g',
);

/** A decider's text refused by `boundedText` or `textUpTo` (domain/src/shared/text.ts): the refusal's code and message. */
const BOUNDED_TEXT = new RegExp(
  String.raw`(?:boundedText|textUpTo)\([^{]*\{[^{}]*?code: '([a-z_]+)',\s*message: (${STRING}|[A-Z_]+)`,
  'g',
);

/** A message as a person would read it: a template literal's `${…}` stands for any value. */
const sampleOf = (literal: string, file: string, source: string): string => {
  if (/^[A-Z_]+$/.test(literal)) {
    const constant = new RegExp(String.raw`const ${literal}\s*=\s*(${STRING})`).exec(source);
    if (!constant) throw new Error(`${file}: cannot resolve the message ${literal}`);
    return sampleOf(constant[1]!, file, source);
  }
  const body = literal.slice(1, -1);
  if (literal.startsWith('`')) return body.replace(/\$\{[^}]*\}/g, 'X');
  return body.replace(/\\(['"\\])/g, '$1');
};

/** Each (code, English message) a use case, a decider or the API throws literally. */
const thrown = sources.flatMap((file) => {
  const source = readFileSync(path.join(root, file), 'utf8');
  return [...source.matchAll(THROW), ...source.matchAll(BOUNDED_TEXT)].map((match) => ({
    file,
    code: match[1]!,
    message: sampleOf(match[2]!, file, source),
  }));
});

/** Messages built by helpers rather than written at the throw site. */
const built = [
  { code: 'invalid_first_name', message: 'A name has at most 100 characters.' },
  { code: 'invalid_last_name', message: 'A name has at most 100 characters.' },
  { code: 'too_many_requests', message: 'Too many attempts. Wait 5 minutes and try again.' },
  {
    code: 'too_many_requests',
    message: 'You have uploaded too many images in the last few minutes. Wait 5 minutes and try again.',
  },
  {
    code: 'too_many_requests',
    message: 'Your organization has uploaded too many images in the last few minutes. Wait 5 minutes and try again.',
  },
  {
    code: 'redirect_source_invalid',
    message:
      'The source is an application path such as /old/page: it starts with "/", is not "/" itself, has no "?", "#", spaces or "\\", and is not an API path (/v1, /api).',
  },
  { code: 'redirect_target_invalid', message: 'The target is a path such as /new/page or an http(s) address.' },
  { code: 'redirect_target_invalid', message: 'Write an external target with its protocol: https://….' },
  { code: 'redirect_loop', message: 'A path cannot redirect to itself.' },
  { code: 'redirect_loop', message: 'This target leads back to /a through other redirects.' },
];

const { 'en-GB': enGB, 'fr-FR': frFR } = MESSAGE_CATALOGUES;

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]).sort();

/** Every (key, English, French) text pair of a section, variants flattened. */
const pairs = (english: object, french: object, prefix = ''): [string, string, string][] =>
  Object.entries(english).flatMap(([key, value]) => {
    const other = (french as Record<string, unknown>)[key];
    return typeof value === 'string'
      ? [[`${prefix}${key}`, value, other as string] as [string, string, string]]
      : pairs(value as object, other as object, `${prefix}${key}.`);
  });

describe('[I18N]: the message catalogue', () => {
  it('finds the throw sites it checks (the scan itself works)', () => {
    expect(thrown.length).toBeGreaterThan(100);
    expect(thrown).toContainEqual(
      expect.objectContaining({ code: 'email_taken', message: 'Another account already uses this email address.' }),
    );
    expect(thrown).toContainEqual(
      expect.objectContaining({ code: 'invalid_user_group_name', message: 'A group name has 1 to X characters.' }),
    );
  });

  it('has an entry for every message thrown to a caller, so no answer stays in English', () => {
    const missing = [...thrown, ...built]
      .filter(({ code, message }) => findErrorEntry(code, message) === null)
      .map((error) => `${'file' in error ? `${String(error.file)}: ` : ''}${error.code}: ${error.message}`);
    expect(missing).toEqual([]);
  });

  it('translates every thrown message into French, with the same parameters', () => {
    for (const { code, message } of [...thrown, ...built]) {
      const french = translateError('fr-FR', { code, message });
      expect(french, `${code}: ${message}`).not.toBe(message);
      expect(french).not.toMatch(/\{\{/);
    }
    expect(translateError('fr-FR', { code: 'insufficient_credits', message: 'Not enough credits: 3 available.' })).toBe(
      'Crédits insuffisants\u00a0: le solde est de 3 crédits.',
    );
    expect(
      translateError('fr-FR', {
        code: 'too_many_requests',
        message: 'Too many attempts. Wait 2 minutes and try again.',
        details: { retry_after_seconds: 61 },
      }),
    ).toBe('Trop de tentatives. Patientez 2 minutes puis réessayez.');
  });

  it('says counts and numbers as each language does, English included', () => {
    const insufficient = (available: number) => ({
      code: 'insufficient_credits',
      message: `Not enough credits to start this session: it reserves 1 and ${available} are available.`,
    });
    expect(translateError('fr-FR', insufficient(0))).toBe(
      'Crédits insuffisants pour démarrer cette session\u00a0: elle réserve 1 crédit et le solde est de 0 crédit.',
    );
    expect(translateError('fr-FR', insufficient(1500))).toBe(
      'Crédits insuffisants pour démarrer cette session\u00a0: elle réserve 1 crédit et le solde est de 1\u202f500 crédits.',
    );
    expect(translateError('en-GB', insufficient(1500))).toBe(
      'Not enough credits to start this session: it reserves 1 credit and 1,500 are available.',
    );
    const mismatch = { code: 'coaching_session_reservation_mismatch', message: '' };
    expect(
      translateError('en-GB', {
        ...mismatch,
        message: 'A session reserves its price for the whole time limit: 1 credits.',
      }),
    ).toBe('A session reserves its price for the whole time limit: 1 credit.');
    expect(
      translateError('fr-FR', {
        code: 'invalid_nb_credits',
        message: 'A number of credits is a whole number from 1 to 4294967295.',
      }),
    ).toBe('Un nombre de crédits est un nombre entier de 1 à 4\u202f294\u202f967\u202f295.');
    expect(issueText('fr-FR', 'too_few', { min: 1 })).toBe('Indiquez au moins 1 élément.');
    expect(issueText('en-GB', 'too_short', { min: 2 })).toBe('Too short: use at least 2 characters.');
  });

  it('answers English messages exactly as thrown', () => {
    for (const { code, message } of thrown) expect(translateError('en-GB', { code, message })).toBe(message);
  });

  it('keeps the same keys and placeholders in both languages', () => {
    for (const section of ['issues', 'types', 'counts', 'errors'] as const) {
      const all = pairs(enGB[section], frFR[section]);
      expect(Object.keys(frFR[section]).sort()).toEqual(Object.keys(enGB[section]).sort());
      for (const [key, english, french] of all) {
        expect(typeof french, `${section}.${key}`).toBe('string');
        expect(placeholders(french), `${section}.${key}`).toEqual(placeholders(english));
      }
    }
  });
});
