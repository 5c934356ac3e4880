import { Outlet, ScrollRestoration } from 'react-router';
import { SkipLink } from '../../components/skip-link';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';

const MAIN_CONTENT_ID = 'main-content';

/** Spec §2 "web" layout (top bar, footer), used by the public pages. */
export const WebLayout = () => (
  <div className="flex min-h-dvh flex-col">
    <SkipLink targetId={MAIN_CONTENT_ID} />
    <TopBar />
    {/* tabIndex lets the skip link move focus here; no outline because it is not an interactive control. */}
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
      <Outlet />
    </main>
    <SiteFooter />
    <ScrollRestoration />
  </div>
);
