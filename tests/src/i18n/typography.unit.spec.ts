import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGE_CATALOGUES } from '@ai-coaching/contracts';
import { catalogues as MAIL_CATALOGUES } from '@ai-coaching/workers';
import { describe, expect, it } from 'vitest';

// The typography every text a person reads follows (docs/client.md, "Typography"): French puts a no-break space
// (U+00A0) before : ; ! ? and %, and inside « »; both languages write the apostrophe ’; a count is said through plural
// forms, never with "(s)". Each text is checked as written: placeholders are left out, since their values are not text
// of ours, and so are code spans and addresses, which quote what a machine reads.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
type Locale = 'en-GB' | 'fr-FR';

type Text = { where: string; text: string };

const leaves = (value: unknown, where: string): Text[] => {
  if (typeof value === 'string') return [{ where, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${where}[${index}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, child]) => leaves(child, `${where}.${key}`));
  }
  return [];
};

const clientTexts = (locale: Locale): Text[] => {
  const folder = path.join(root, 'client/src/locales', locale);
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => leaves(JSON.parse(readFileSync(path.join(folder, file), 'utf8')), `client ${locale}/${file}`));
};

const textsOf = (locale: Locale): Text[] => [
  ...clientTexts(locale),
  ...leaves(MESSAGE_CATALOGUES[locale], `contracts ${locale}`),
  ...leaves(MAIL_CATALOGUES[locale], `mail ${locale}`),
];

/** What is ours to typeset: placeholders (`{{name}}`, a mail's `{name}`), code spans and addresses become "X". */
const prose = (text: string) =>
  text
    .replace(/\{\{[^}]*\}\}|\{\w+\}/g, 'X')
    .replace(/`[^`]*`/g, 'X')
    .replace(/\b[a-z]+:\/\/\S*|\bhttp\(s\)/g, 'X');

const NBSP = '\u00a0';

/** Each way a French text can break the rules, with the offending place quoted. */
const frenchTypographyProblems = (text: string): string[] => {
  const checked = prose(text);
  const problems: string[] = [];
  for (const match of checked.matchAll(/(.?)([:;!?%])/gu)) {
    const [, before, sign] = match;
    // "10:30" and "…?!" are not sentences' signs; anything else waits for a no-break space.
    if (sign === ':' && /\d/.test(before ?? '') && /\d/.test(checked[match.index + 2] ?? '')) continue;
    if (before === NBSP || (before && /[!?]/.test(before) && /[!?]/.test(sign!))) continue;
    problems.push(`"${before}${sign}" wants a no-break space before ${sign}`);
  }
  for (const match of checked.matchAll(/«(.?)|(.?)»/gu)) {
    if ((match[1] ?? match[2]) !== NBSP) problems.push(`"${match[0]}" wants a no-break space inside « »`);
  }
  problems.push(...apostropheProblems(checked));
  for (const match of checked.matchAll(/\p{L}\((?:s|e|es|x)\)/giu))
    problems.push(`"${match[0]}": say the count instead`);
  return problems;
};

/** A straight apostrophe (or a typewriter single quote) where ’ belongs. */
const apostropheProblems = (text: string): string[] =>
  [...prose(text).matchAll(/.?'.?/gu)].map((match) => `"${match[0]}" wants ’`);

describe('[I18N]: typography of the texts people read', () => {
  it('reads every catalogue (the scan itself works)', () => {
    const french = textsOf('fr-FR');
    expect(french.filter((text) => text.where.startsWith('client')).length).toBeGreaterThan(1000);
    expect(french.filter((text) => text.where.startsWith('contracts')).length).toBeGreaterThan(200);
    expect(french.filter((text) => text.where.startsWith('mail')).length).toBeGreaterThan(20);
  });

  it('finds each kind of problem, and only those', () => {
    expect(frenchTypographyProblems('Objectif : gagner')).toHaveLength(1);
    expect(frenchTypographyProblems('Objectif: gagner')).toHaveLength(1);
    expect(frenchTypographyProblems('50 %')).toHaveLength(1);
    expect(frenchTypographyProblems('Prêt ?')).toHaveLength(1);
    expect(frenchTypographyProblems('Le nom « Acme »')).toHaveLength(2);
    expect(frenchTypographyProblems("l'invitation")).toHaveLength(1);
    expect(frenchTypographyProblems('3 critère(s) retrouvé(s)')).toHaveLength(2);
    expect(
      frenchTypographyProblems(
        'Objectif\u00a0: {{goal}}, 50\u00a0%, «\u00a0Acme\u00a0», l’invitation, à 10:30, `scope=team`, https://a.test/?b=1\u00a0!',
      ),
    ).toEqual([]);
  });

  it('gives French its no-break spaces and apostrophes, and counts through plural forms', () => {
    const problems = textsOf('fr-FR').flatMap(({ where, text }) =>
      frenchTypographyProblems(text).map((problem) => `${where}: ${problem} in ${JSON.stringify(text)}`),
    );
    expect(problems).toEqual([]);
  });

  it('writes the English apostrophe ’ as well', () => {
    const problems = textsOf('en-GB').flatMap(({ where, text }) =>
      apostropheProblems(text).map((problem) => `${where}: ${problem} in ${JSON.stringify(text)}`),
    );
    expect(problems).toEqual([]);
  });
});
