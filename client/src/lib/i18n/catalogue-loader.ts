import type { BackendModule, ReadCallback } from 'i18next';

type Catalogue = Record<string, unknown>;

// Each file becomes a chunk of its own (the start namespaces of a language share one, see vite.config.ts), so a page
// downloads its language only, and only the namespaces its route needs.
const files = import.meta.glob<Catalogue>('../../locales/*/*.json', { import: 'default' });

/** `userGroups` lives in `user-groups.json`. */
const fileOf = (locale: string, namespace: string) =>
  `../../locales/${locale}/${namespace.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.json`;

export const loadCatalogue = (locale: string, namespace: string): Promise<Catalogue> => {
  const load = files[fileOf(locale, namespace)];
  return load ? load() : Promise.reject(new Error(`No catalogue ${locale}/${namespace}`));
};

/**
 * i18next backend over the bundled catalogues. i18next asks it for every namespace of the language it switches to
 * before switching, retries a failed download, and react-i18next suspends a component whose namespace is missing.
 */
export const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language: string, namespace: string, callback: ReadCallback) => {
    loadCatalogue(language, namespace).then(
      (catalogue) => callback(null, catalogue),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};
