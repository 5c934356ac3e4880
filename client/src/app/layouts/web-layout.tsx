import type { ReactNode } from 'react';
import { LanguageSwitcher } from '../../components/language-switcher';
import { SkipLink } from '../../components/skip-link';
import { ThemeToggle } from '../../components/theme-toggle';
import { SiteFooter } from './site-footer';
import { AppName, TopBar } from './top-bar';

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

/** The app's name, the language and the theme: the frame of the pages without an account menu. */
const NameHeader = ({ className = '' }: { className?: string }) => (
  <header className={`flex items-center justify-between gap-2 px-4 py-3 ${className}`}>
    <AppName to="/" />
    <div className="flex items-center gap-2">
      <LanguageSwitcher />
      <ThemeToggle />
    </div>
  </header>
);

/**
 * "web empty": the page alone (shared session, guest redirect, a guest's end), under the app's name only: a visitor
 * through a link sees whose page it is and a way home, never an account menu (issue 23).
 */
export const WebEmptyLayout = ({ children }: { children: ReactNode }) => (
  <div className="flex min-h-dvh flex-col">
    <SkipLink targetId={MAIN_CONTENT_ID} />
    <NameHeader className="mx-auto w-full max-w-3xl sm:px-8" />
    <Main>{children}</Main>
  </div>
);

/** "web login": a centred panel (login, preconnect, activate, and signed-out pages). */
export const WebLoginLayout = ({ children }: { children: ReactNode }) => (
  <div className="flex min-h-dvh flex-col bg-gray-50 dark:bg-gray-950">
    <SkipLink targetId={MAIN_CONTENT_ID} />
    <NameHeader />
    <Main className="flex items-start justify-center px-4 py-8 sm:items-center">
      <div className="w-full max-w-md">{children}</div>
    </Main>
    <SiteFooter />
  </div>
);
