import { APP_NAME, APP_VERSION } from '@ai-coaching/domain';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../components/language-switcher';
import { ThemeToggle } from '../../components/theme-toggle';
import { buttonClassName } from '../../components/ui/button';
import { useQueryClientLoaded } from '../../lib/query/lazy-query-client';
import { useCurrentUser } from '../../lib/session/session-context';
import { UserMenu } from './user-menu';

/** The app's name, a link home; for a guest, who has no home in the app, the name alone. */
export const AppName = ({ to, className = '' }: { to: string; className?: string }) => {
  const { t } = useTranslation('shell');
  const nameClass = `text-lg font-bold text-primary-700 dark:text-primary-300 ${className}`;
  if (useCurrentUser()?.organization_role === 'guest') return <span className={nameClass}>{APP_NAME}</span>;
  return (
    <Link to={to} aria-label={t('topBar.homeLink', { app: APP_NAME })} className={nameClass}>
      {APP_NAME}
    </Link>
  );
};

// Loaded with the query client it reads through, never with the first screen of a visit.
const NoticesMenu = lazy(() =>
  import('../../features/notices/components/notices-menu').then((module) => ({ default: module.NoticesMenu })),
);

/** Top bar of every layout with chrome; `start` holds the menu button of the app layouts. */
export const TopBar = ({ start }: { start?: ReactNode }) => {
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  // A guest is not a user: no account menu (its profile and credits pages are not theirs).
  const guest = user?.organization_role === 'guest';
  // The bell reads its notices through the query client, which the first pages of a visit (landing, login) go without.
  const queries = useQueryClientLoaded();
  return (
    <header className="border-b border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-950">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
        <div className="flex min-w-0 items-center gap-2">
          {start}
          <AppName to={user ? '/dashboard' : '/'} className="truncate" />
          <span className="hidden text-xs text-gray-600 sm:inline dark:text-gray-400">
            {t('topBar.version', { version: APP_VERSION })}
          </span>
        </div>
        {/* ml-auto keeps this group at the right edge when it wraps under the title on a narrow screen, so the
            account menu, which opens leftwards from the avatar, stays inside the viewport. */}
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitcher />
          <ThemeToggle />
          {user && !guest && queries ? (
            <Suspense fallback={null}>
              <NoticesMenu />
            </Suspense>
          ) : null}
          {guest ? null : user ? (
            <UserMenu user={user} />
          ) : (
            <Link to="/#login" className={buttonClassName('primary')}>
              {t('topBar.login')}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
};
