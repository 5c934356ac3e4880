import { DEFAULT_LOCALE, isLocale, type Locale } from './locales';
import { readCookie, LOCALE_COOKIE_NAME } from './locale-cookie';

/** Maps any BCP 47 tag to a supported locale by language, since browsers report e.g. `fr`, `fr-CA` or `en-US`. */
export const matchLocale = (tag: string): Locale | null => {
  const language = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (language === 'fr') return 'fr-FR';
  if (language === 'en') return 'en-GB';
  return null;
};

export type LocaleSources = {
  /** `document.cookie` */
  cookie: string;
  /** `navigator.languages`, most preferred first. */
  languages: readonly string[];
};

/** The saved choice wins; then the first browser language we support; then English. */
export const detectLocale = ({ cookie, languages }: LocaleSources): Locale => {
  const saved = readCookie(cookie, LOCALE_COOKIE_NAME);
  if (isLocale(saved)) return saved;
  for (const tag of languages) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
};
