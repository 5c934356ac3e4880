import { APP_NAME } from '@ai-coaching/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../components/language-switcher';
import { SkipLink } from '../../components/skip-link';
import { ThemeToggle } from '../../components/theme-toggle';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';

export const MAIN_CONTENT_ID = 'main-content';

/** The page's <main>; tabIndex lets the skip link move focus here (no outline: it is not a control). */
export const Main = ({ children, className = '' }: { children: ReactNode; className?: string }) => (
  <main id={MAIN_CONTENT_ID} tabIndex={-1} className={`flex-1 focus:outline-none ${className}`}>
    {children}
  </main>
);

/** Spec §2 "web" layout (top bar, footer): the landing page. */
export const WebLayout = ({ children }: { children: ReactNode }) => (
  <div className="flex min-h-dvh flex-col">
    <SkipLink targetId={MAIN_CONTENT_ID} />
    <TopBar />
    <Main>{children}</Main>
    <SiteFooter />
  </div>
);

/** "web content": reading pages (terms) for signed-out visitors. */
export const WebContentLayout = ({ children }: { children: ReactNode }) => (
  <div className="flex min-h-dvh flex-col">
    <SkipLink targetId={MAIN_CONTENT_ID} />
    <TopBar />
    <Main className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">{children}</Main>
    <SiteFooter />
  </div>
);

/** "web empty": nothing around the page (shared session, guest redirect). */
export const WebEmptyLayout = ({ children }: { children: ReactNode }) => (
  <div className="flex min-h-dvh flex-col">
    <Main>{children}</Main>
  </div>
);

/** "web login": a centred panel (login, preconnect, activate, and signed-out pages). */
export const WebLoginLayout = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation('shell');
  return (
    <div className="flex min-h-dvh flex-col bg-gray-50 dark:bg-gray-950">
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <header className="flex items-center justify-between gap-2 px-4 py-3">
        <Link
          to="/"
          aria-label={t('topBar.homeLink', { app: APP_NAME })}
          className="text-lg font-bold text-primary-700 dark:text-primary-300"
        >
          {APP_NAME}
        </Link>
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <ThemeToggle />
        </div>
      </header>
      <Main className="flex items-start justify-center px-4 py-8 sm:items-center">
        <div className="w-full max-w-md">{children}</div>
      </Main>
      <SiteFooter />
    </div>
  );
};
