import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ELISION_FORMATTERS } from './elision';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, isLocale, type Locale } from './locales';
import { DEFAULT_NAMESPACE, NAMESPACES, resources } from './resources';

export const createI18n = (locale: Locale): I18n => {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: SUPPORTED_LOCALES,
    // Only exact tags exist in our catalogues; without this i18next also looks up `fr` and `en`.
    load: 'currentOnly',
    ns: NAMESPACES,
    defaultNS: DEFAULT_NAMESPACE,
    // Resources are in memory, so init completes synchronously and the first render is already translated.
    initAsync: false,
    // React escapes rendered text already; escaping twice would show `&amp;` to users.
    interpolation: { escapeValue: false },
    returnEmptyString: false,
  });
  // `{{name, de}}`: French elision ("d’Acme"), see elision.ts.
  for (const [name, format] of Object.entries(ELISION_FORMATTERS)) instance.services.formatter?.add(name, format);
  return instance;
};

export const getCurrentLocale = (i18n: I18n): Locale => {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
};
