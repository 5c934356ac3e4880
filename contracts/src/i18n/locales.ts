/** The languages the API answers in: the interface languages of the spec (section 1). */
export const MESSAGE_LOCALES = ['en-GB', 'fr-FR'] as const;
export type MessageLocale = (typeof MESSAGE_LOCALES)[number];
export const DEFAULT_MESSAGE_LOCALE: MessageLocale = 'en-GB';

export const isMessageLocale = (value: unknown): value is MessageLocale =>
  typeof value === 'string' && (MESSAGE_LOCALES as readonly string[]).includes(value);

/** `fr`, `fr-CA` → `fr-FR`; `en`, `en-US` → `en-GB`: the one locale we have of that language. */
const byLanguage = (tag: string): MessageLocale | undefined => {
  const exact = MESSAGE_LOCALES.find((locale) => locale.toLowerCase() === tag);
  if (exact) return exact;
  const language = tag.split('-')[0];
  return MESSAGE_LOCALES.find((locale) => locale.toLowerCase().split('-')[0] === language);
};

/**
 * The locale to answer in, from an `Accept-Language` header (RFC 9110 §12.5.4): the acceptable
 * language of highest weight we speak, else en-GB. The client sends the interface language alone
 * (`fr-FR`); other callers may send a browser's list (`fr-CA,fr;q=0.9,en;q=0.8`).
 */
export const negotiateLocale = (acceptLanguage: string | undefined | null): MessageLocale => {
  if (!acceptLanguage) return DEFAULT_MESSAGE_LOCALE;
  const ranges = acceptLanguage
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().toLowerCase().split(';');
      const weight = parameters.map((parameter) => /^\s*q=([0-9.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: weight === undefined ? 1 : Number(weight), index };
    })
    .filter((range) => range.tag && range.tag !== '*' && range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const range of ranges) {
    const locale = byLanguage(range.tag);
    if (locale) return locale;
  }
  return DEFAULT_MESSAGE_LOCALE;
};
