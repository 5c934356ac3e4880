import { useId, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SkipLink } from '../../components/skip-link';
import { useCurrentUser } from '../../lib/session/session-context';
import { SideNav, APP_NAV, type NavItem } from './side-nav';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';
import { Main, MAIN_CONTENT_ID } from './web-layout';

/** Menu button shown below the lg breakpoint, where the sidebar folds away. */
const MenuButton = ({ open, controls, onClick }: { open: boolean; controls: string; onClick: () => void }) => {
  const { t } = useTranslation('shell');
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onClick}
      className="inline-flex size-9 items-center justify-center rounded-md border border-gray-300 lg:hidden dark:border-gray-600"
    >
      <span className="sr-only">{t('nav.menu')}</span>
      <svg
        aria-hidden="true"
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 6h16M4 12h16M4 18h16'} strokeLinecap="round" />
      </svg>
    </button>
  );
};

/** Shared shape of the signed-in layouts: top bar with menu button, optional sidebar, content, footer. */
export const AppFrame = ({
  children,
  nav: wanted,
  footer = true,
}: {
  children: ReactNode;
  nav: readonly NavItem[] | null;
  footer?: boolean;
}) => {
  // A guest plays one session: none of the app's pages is theirs, so no menu leads to one.
  const nav = useCurrentUser()?.organization_role === 'guest' ? null : wanted;
  const [open, setOpen] = useState(false);
  const sidebarId = useId();
  const { pathname } = useLocation();
  // Close on navigation: adjust state during render rather than in an effect.
  const [openedAt, setOpenedAt] = useState(pathname);
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    setOpen(false);
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <TopBar start={nav ? <MenuButton open={open} controls={sidebarId} onClick={() => setOpen((v) => !v)} /> : null} />
      <div className="mx-auto flex w-full max-w-7xl flex-1">
        {nav ? (
          <aside
            id={sidebarId}
            className={`${open ? 'block' : 'hidden'} w-full shrink-0 border-gray-200 p-4 max-lg:absolute max-lg:z-30 max-lg:border-b max-lg:bg-white lg:block lg:w-60 lg:border-r dark:border-gray-800 max-lg:dark:bg-gray-950`}
          >
            <SideNav items={nav} onNavigate={() => setOpen(false)} />
          </aside>
        ) : null}
        <Main className="min-w-0 px-4 py-6 sm:px-6 lg:px-8">{children}</Main>
      </div>
      {footer ? <SiteFooter /> : null}
    </div>
  );
};

/** Spec §2 "default app" layout (top bar, menu, sidebar, footer): every signed-in page. */
export const DefaultAppLayout = ({ children }: { children: ReactNode }) => (
  <AppFrame nav={APP_NAV}>{children}</AppFrame>
);
