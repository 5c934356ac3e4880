import { APP_NAME, APP_VERSION } from '@ai-coaching/domain';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../components/language-switcher';
import { ThemeToggle } from '../../components/theme-toggle';

export const TopBar = () => {
  const { t } = useTranslation('shell');
  return (
    <header className="border-b border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
        <div className="flex min-w-0 items-baseline gap-2">
          <Link
            to="/"
            aria-label={t('topBar.homeLink', { app: APP_NAME })}
            className="truncate text-lg font-bold text-primary-700 dark:text-primary-300"
          >
            {APP_NAME}
          </Link>
          <span className="text-xs text-gray-600 dark:text-gray-400">
            {t('topBar.version', { version: APP_VERSION })}
          </span>
        </div>
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
};
