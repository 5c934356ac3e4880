import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from './locales';
import { loadCatalogue } from './catalogue-loader';
import { NAMESPACES } from './resources';

// Every catalogue file on disk, whether or not NAMESPACES lists it, so a forgotten file is caught too.
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { eager: true, import: 'default' });

type Catalogue = { locale: string; namespace: string; messages: unknown };

const catalogues: Catalogue[] = Object.entries(files).map(([path, messages]) => {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2]) throw new Error(`Unexpected catalogue path ${path}`);
  // Files are kebab-case, namespaces camelCase: user-groups.json holds the userGroups namespace.
  const namespace = match[2].replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
  return { locale: match[1], namespace, messages };
});

// Locales pluralise differently (French has a `many` form English lacks), so plural variants count as one key.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

const flatten = (value: unknown, prefix = ''): Map<string, unknown> => {
  const entries = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) entries.set(path, leaf);
    }
  } else {
    entries.set(prefix, value);
  }
  return entries;
};

const keysOf = (messages: unknown) =>
  new Set([...flatten(messages).keys()].map((key) => key.replace(PLURAL_SUFFIX, '')));

const placeholdersOf = (text: unknown) =>
  typeof text === 'string' ? [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort() : [];

const find = (locale: string, namespace: string) =>
  catalogues.find((catalogue) => catalogue.locale === locale && catalogue.namespace === namespace);

describe('translation catalogues', () => {
  it('should exist only for supported locales', () => {
    expect([...new Set(catalogues.map((c) => c.locale))].sort()).toEqual([...SUPPORTED_LOCALES].sort());
  });

  it('should have the same feature files in every locale', () => {
    const namespacesOf = (locale: string) =>
      catalogues
        .filter((c) => c.locale === locale)
        .map((c) => c.namespace)
        .sort();
    for (const locale of SUPPORTED_LOCALES) expect(namespacesOf(locale), locale).toEqual([...NAMESPACES].sort());
  });

  it('should load every catalogue file by its locale and namespace', async () => {
    for (const { locale, namespace, messages } of catalogues) {
      expect(await loadCatalogue(locale, namespace), `${locale}/${namespace}.json`).toEqual(messages);
    }
  });

  it('should refuse a namespace that has no file', async () => {
    await expect(loadCatalogue('en-GB', 'nothingHere')).rejects.toThrow('No catalogue en-GB/nothingHere');
  });

  describe.each(NAMESPACES)('namespace %s', (namespace) => {
    it('should have the same keys in every locale', () => {
      const [reference, ...others] = SUPPORTED_LOCALES;
      const referenceKeys = keysOf(find(reference, namespace)?.messages);
      for (const locale of others) {
        const keys = keysOf(find(locale, namespace)?.messages);
        const missing = [...referenceKeys].filter((key) => !keys.has(key));
        const extra = [...keys].filter((key) => !referenceKeys.has(key));
        expect({ missing, extra }, `${locale}/${namespace}.json compared with ${reference}`).toEqual({
          missing: [],
          extra: [],
        });
      }
    });

    it('should have only non-empty strings', () => {
      for (const locale of SUPPORTED_LOCALES) {
        for (const [key, value] of flatten(find(locale, namespace)?.messages)) {
          expect(typeof value === 'string' && value.trim() !== '', `${locale}/${namespace}.json ${key}`).toBe(true);
        }
      }
    });

    it('should have every plural form of each language for each counted text', () => {
      // i18next looks up the form Intl.PluralRules picks and nothing else: without `_many`, French would show the key
      // for a million.
      for (const locale of SUPPORTED_LOCALES) {
        const forms = new Intl.PluralRules(locale).resolvedOptions().pluralCategories.filter((form) => form !== 'zero');
        const keys = [...flatten(find(locale, namespace)?.messages).keys()];
        for (const base of new Set(
          keys.filter((key) => PLURAL_SUFFIX.test(key)).map((k) => k.replace(PLURAL_SUFFIX, '')),
        )) {
          expect(
            forms.filter((form) => !keys.includes(`${base}_${form}`)),
            `${locale}/${namespace}.json ${base}`,
          ).toEqual([]);
        }
      }
    });

    it('should write counts as numbers of the language (1,000 / 1 000)', () => {
      for (const locale of SUPPORTED_LOCALES) {
        for (const [key, value] of flatten(find(locale, namespace)?.messages)) {
          const bare = typeof value === 'string' ? value.match(/\{\{\s*count\s*\}\}/g) : null;
          expect(bare, `${locale}/${namespace}.json ${key}: write {{count, number}}`).toBeNull();
        }
      }
    });

    it('should use the same interpolation placeholders in every locale', () => {
      const [reference, ...others] = SUPPORTED_LOCALES;
      const referenceEntries = flatten(find(reference, namespace)?.messages);
      for (const locale of others) {
        for (const [key, value] of flatten(find(locale, namespace)?.messages)) {
          if (!referenceEntries.has(key)) continue;
          expect(placeholdersOf(value), `${locale}/${namespace}.json ${key}`).toEqual(
            placeholdersOf(referenceEntries.get(key)),
          );
        }
      }
    });
  });
});
