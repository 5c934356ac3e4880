import { useEffect } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/ui/query-state';
import { useGuestSession } from '../../features/auth/hooks/use-guest-session';
import { GuestEnd, useNameToStartAgain } from '../../features/shared-sessions/components/guest-way-on';
import { SharedSessionJoin } from '../../features/shared-sessions/components/shared-session-join';
import { useCurrentUser } from '../../lib/session/session-context';

const playPath = (sessionId: string) => `/apps/ai-coaching/session/play-${sessionId}`;

/**
 * `/shared/ai-coaching-session/{access_code}`: the public page of a link. Joining swaps the guest token in (spec §4:
 * a signed-in visitor's own token waits aside as the guest backup), then goes through `/redirect/guest`.
 */
export const SharedSessionRoute = () => {
  const { accessCode = '' } = useParams();
  const navigate = useNavigate();
  const guest = useGuestSession();
  const initialName = useNameToStartAgain();
  return (
    <SharedSessionJoin
      accessCode={accessCode}
      initialName={initialName}
      onJoined={async ({ accessToken, sessionId }) => {
        if (await guest.enter(accessToken)) {
          await navigate(`/redirect/guest?session=${encodeURIComponent(sessionId)}`, { replace: true });
        }
      }}
    />
  );
};

/** `/redirect/guest`: once the guest's profile is loaded, on to the play screen of the session the token names. */
export const GuestRedirectRoute = () => {
  const { t } = useTranslation('sharedSessions');
  const [params] = useSearchParams();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const sessionId = params.get('session');
  const isGuest = user?.organization_role === 'guest';
  useEffect(() => {
    if (isGuest && sessionId) void navigate(playPath(sessionId), { replace: true });
  }, [isGuest, sessionId, navigate]);
  if (!sessionId || (user !== null && !isGuest)) return <Navigate to="/" replace />;
  return <Loading label={t('redirect.title')} />;
};

/** `/shared/end` (ours): a guest's last page. */
export const GuestEndRoute = GuestEnd;
