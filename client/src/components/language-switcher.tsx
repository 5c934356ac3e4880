import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getCurrentLocale } from '../lib/i18n/i18n';
import { SUPPORTED_LOCALES, isLocale } from '../lib/i18n/locales';

/** A native <select>: keyboard and screen-reader friendly for free, and compact enough for a 360 px top bar. */
export const LanguageSwitcher = () => {
  const { t, i18n } = useTranslation('shell');
  const selectId = useId();
  const current = getCurrentLocale(i18n);

  const handleChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const { value } = event.target;
    // document-language.ts reacts to the change (html lang/dir, cookie).
    if (isLocale(value)) void i18n.changeLanguage(value);
  };

  return (
    <div className="flex items-center">
      <label htmlFor={selectId} className="sr-only">
        {t('languageSwitcher.label')}
      </label>
      <select
        id={selectId}
        value={current}
        onChange={handleChange}
        className="rounded-md border border-gray-300 bg-white py-1.5 pr-2 pl-2 text-sm text-gray-900 transition-colors hover:border-primary-600 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100 dark:hover:border-primary-300"
      >
        {SUPPORTED_LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {t(`locales.${locale}`, { ns: 'common' })}
          </option>
        ))}
      </select>
    </div>
  );
};
