import type { i18n as I18n } from 'i18next';
import { getCurrentLocale } from './i18n';
import { serializeLocaleCookie } from './locale-cookie';

/**
 * Keeps `<html lang dir>` and the locale cookie in step with i18next. The cookie is written on start-up too (as the
 * previous Nuxt client did), so the detected language sticks and the server can read it. Returns an unsubscribe.
 */
export const bindDocumentLanguage = (i18n: I18n, doc: Document = document): (() => void) => {
  const apply = () => {
    const locale = getCurrentLocale(i18n);
    doc.documentElement.lang = locale;
    doc.documentElement.dir = i18n.dir(locale);
    doc.cookie = serializeLocaleCookie(locale, { isSecure: doc.location.protocol === 'https:' });
  };
  apply();
  i18n.on('languageChanged', apply);
  return () => i18n.off('languageChanged', apply);
};
