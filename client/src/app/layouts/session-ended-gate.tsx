import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { mergeHandles } from '../navigation/route-handle';
import { useSessionInterruption } from '../session/session-interruption';

// Only an ended session shows it, so its sign-in form is not part of every signed-in page's start-up code.
const SessionEndedDialog = lazy(() =>
  import('../../features/auth/components/session-ended-dialog').then((m) => ({ default: m.SessionEndedDialog })),
);

/**
 * Issue 9: a session that ends while a private page is open (a logout in another tab, a 401 that cannot be
 * refreshed) no longer leaves a page that fails to save with no way out. The page stays as it is, what the user typed
 * included, under a dialog that signs them in again. A public page has nothing to keep: it just shows signed out.
 */
export const SessionEndedGate = () => {
  const { interruption, dismiss } = useSessionInterruption();
  const matches = useMatches();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const isPublic = mergeHandles(matches.map((match) => match.handle)).public === true;

  useEffect(() => {
    if (interruption && isPublic) dismiss();
  }, [interruption, isPublic, dismiss]);

  if (!interruption || isPublic) return null;
  return (
    <Suspense fallback={null}>
      <SessionEndedDialog
        email={interruption.user.email}
        reason={interruption.reason}
        onLeave={() => {
          dismiss();
          // Visiting the page again, signed out, lets the navigation guard send to login and remember the way back.
          void navigate(pathname + search + hash, { replace: true });
        }}
      />
    </Suspense>
  );
};
