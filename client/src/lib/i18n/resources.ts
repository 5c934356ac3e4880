import enGbCommon from '../../locales/en-GB/common.json';
import enGbErrors from '../../locales/en-GB/errors.json';
import enGbLanding from '../../locales/en-GB/landing.json';
import enGbShell from '../../locales/en-GB/shell.json';
import frFrCommon from '../../locales/fr-FR/common.json';
import frFrErrors from '../../locales/fr-FR/errors.json';
import frFrLanding from '../../locales/fr-FR/landing.json';
import frFrShell from '../../locales/fr-FR/shell.json';
import type { Locale } from './locales';

/** One namespace per feature; each is a file `src/locales/<locale>/<namespace>.json`. */
export const NAMESPACES = ['common', 'errors', 'landing', 'shell'] as const;

export type Namespace = (typeof NAMESPACES)[number];

export const DEFAULT_NAMESPACE = 'common' satisfies Namespace;

const enGb = { common: enGbCommon, errors: enGbErrors, landing: enGbLanding, shell: enGbShell };

/** en-GB is the reference shape: typed `t()` keys come from it, and French must provide at least the same keys. */
export type CatalogueShape = typeof enGb;

// Catalogues are bundled (a few kB): loading them eagerly keeps i18n synchronous, so the first render is already
// translated and the readiness flag never races a fetch. Revisit with a lazy backend once catalogues grow.
export const resources: Record<Locale, CatalogueShape> = {
  'en-GB': enGb,
  'fr-FR': { common: frFrCommon, errors: frFrErrors, landing: frFrLanding, shell: frFrShell },
};
