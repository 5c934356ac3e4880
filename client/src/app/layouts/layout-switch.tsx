import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { Loading } from '../../components/ui/query-state';
import { WithQueryClient } from '../../lib/query/lazy-query-client';
import { useSession } from '../../lib/session/session-context';
import { LANDING_PATH } from '../navigation/navigation-guard';
import { chooseLayout, hasAccount, mergeHandles, type LayoutName } from '../navigation/route-handle';
import { SessionEndedGate } from './session-ended-gate';
import { WebContentLayout, WebEmptyLayout, WebLayout, WebLoginLayout } from './web-layout';

// The signed-in frames (menus, the side navigation with its installed-applications query) load with the first
// signed-in page: the landing and login pages, the ones a first visit sees, never download them (issue 9 §3.1).
const DefaultAppLayout = lazy(() =>
  import('./signed-in-layouts').then((layouts) => ({ default: layouts.DefaultAppLayout })),
);
const CoachingLayout = lazy(() =>
  import('./signed-in-layouts').then((layouts) => ({ default: layouts.CoachingLayout })),
);

const LAYOUTS: Record<LayoutName, (props: { children: ReactNode }) => ReactNode> = {
  web: WebLayout,
  'web-content': WebContentLayout,
  'web-empty': WebEmptyLayout,
  'web-login': WebLoginLayout,
  'default-app': DefaultAppLayout,
  'coaching-app': ({ children }) => <CoachingLayout sidebar>{children}</CoachingLayout>,
  'coaching-no-sidebar': ({ children }) => <CoachingLayout sidebar={false}>{children}</CoachingLayout>,
};

/** Spec §4 step 5: the layout is chosen from the matched route's metadata and the sign-in state. */
export const LayoutSwitch = () => {
  const matches = useMatches();
  const { pathname } = useLocation();
  const { user } = useSession();
  const handle = mergeHandles(matches.map((match) => match.handle));
  const layout = chooseLayout(handle, matches.at(-1)?.params ?? {}, hasAccount(user));
  const Layout = LAYOUTS[layout];
  return (
    <div data-layout={layout} className="contents">
      <Suspense fallback={<Loading />}>
        <Layout>
          {/* The guard loads the query client before such a page renders (preparePage): this only waits when that
            download failed, until it succeeds. */}
          <Suspense fallback={<Loading />}>
            <WithQueryClient needed={pathname !== LANDING_PATH}>
              <Outlet />
            </WithQueryClient>
          </Suspense>
        </Layout>
      </Suspense>
      <SessionEndedGate />
      <ScrollRestoration />
    </div>
  );
};
