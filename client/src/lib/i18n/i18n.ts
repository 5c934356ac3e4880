import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogueBackend, loadCatalogue } from './catalogue-loader';
import { ELISION_FORMATTERS } from './elision';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, isLocale, type Locale } from './locales';
import { DEFAULT_NAMESPACE, type Namespace } from './resources';
import { START_NAMESPACES } from './start-namespaces';

/** The app's instance and its start-up language: routes load their namespaces into it. */
let current: { locale: Locale; ready: Promise<I18n>; instance?: I18n } | undefined;

/**
 * Resolves once the catalogues of `namespaces` are loaded for `locale`, so the first render is already translated
 * (the readiness flag never waits on a missing namespace). Other namespaces load with their route
 * (`loadNamespaces`), or when a component asks for one (react-i18next suspends it meanwhile).
 */
export const createI18n = (locale: Locale, namespaces: readonly Namespace[] = START_NAMESPACES): Promise<I18n> => {
  const state: NonNullable<typeof current> = {
    locale,
    ready: initialise(locale, namespaces).then((instance) => (state.instance = instance)),
  };
  current = state;
  return state.ready;
};

const initialise = async (locale: Locale, namespaces: readonly Namespace[]): Promise<I18n> => {
  const instance = i18next.createInstance();
  await instance
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      // No fallback language: a French page does not download English catalogues too. Every key exists in both
      // (catalogues.unit.spec.ts).
      fallbackLng: false,
      supportedLngs: SUPPORTED_LOCALES,
      // Only exact tags exist in our catalogues; without this i18next also looks up `fr` and `en`.
      load: 'currentOnly',
      ns: [...namespaces],
      defaultNS: DEFAULT_NAMESPACE,
      // React escapes rendered text already; escaping twice would show `&amp;` to users.
      interpolation: { escapeValue: false },
      returnEmptyString: false,
    });
  // `{{name, de}}`: French elision ("d’Acme"), see elision.ts.
  for (const [name, format] of Object.entries(ELISION_FORMATTERS)) instance.services.formatter?.add(name, format);
  return instance;
};

/**
 * Loads namespaces of the current language (a route's, before it renders). i18next keeps them in its list, so a
 * language switch downloads them in the new language before it switches.
 */
export const loadNamespaces = async (namespaces: readonly Namespace[]): Promise<void> => {
  if (!current || namespaces.length === 0) return;
  // The first page's catalogues start downloading with its module, not after the start catalogues: i18next would
  // not know the language before its init has finished. Its backend then finds the same modules loaded.
  if (!current.instance) {
    for (const namespace of namespaces) loadCatalogue(current.locale, namespace).catch(() => undefined);
  }
  const instance = await current.ready;
  await instance.loadNamespaces([...namespaces]);
};

export const getCurrentLocale = (i18n: I18n): Locale => {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
};
