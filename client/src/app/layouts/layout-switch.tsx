import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { useSession } from '../../lib/session/session-context';
import { chooseLayout, mergeHandles, type LayoutName } from '../navigation/route-handle';
import { CoachingLayout } from './coaching-layout';
import { DefaultAppLayout } from './default-app-layout';
import { SessionEndedGate } from './session-ended-gate';
import { WebContentLayout, WebEmptyLayout, WebLayout, WebLoginLayout } from './web-layout';

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
  const { user } = useSession();
  const handle = mergeHandles(matches.map((match) => match.handle));
  const layout = chooseLayout(handle, matches.at(-1)?.params ?? {}, user !== null);
  const Layout = LAYOUTS[layout];
  return (
    <div data-layout={layout} className="contents">
      <Layout>
        <Outlet />
      </Layout>
      <SessionEndedGate />
      <ScrollRestoration />
    </div>
  );
};
