import type { Locale } from './locales';

/** Name kept from the previous (Nuxt i18n) client so returning users keep their language. */
export const LOCALE_COOKIE_NAME = 'i18n_redirected';

const ONE_YEAR_IN_SECONDS = 365 * 24 * 60 * 60;

export const readCookie = (cookieHeader: string, name: string): string | null => {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
};

/** A `document.cookie` assignment. `Secure` only over HTTPS, or the browser would drop the cookie on local http. */
export const serializeLocaleCookie = (locale: Locale, options: { isSecure: boolean }): string =>
  [
    `${LOCALE_COOKIE_NAME}=${encodeURIComponent(locale)}`,
    `Max-Age=${ONE_YEAR_IN_SECONDS}`,
    'Path=/',
    'SameSite=Lax',
    ...(options.isSecure ? ['Secure'] : []),
  ].join('; ');
