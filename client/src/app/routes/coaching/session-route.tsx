import { useParams } from 'react-router';
import { Can } from '../../../components/can';
import { GuestExit, GuestExitButton } from '../../../features/auth/components/guest-exit';
import { AskCoach } from '../../../features/coaching-chats/components/ask-coach';
import { PlaylistPlay } from '../../../features/coaching-sessions/components/playlist-play';
import { ScenarioInfo } from '../../../features/coaching-sessions/components/scenario-info';
import { SessionList } from '../../../features/coaching-sessions/components/session-list';
import { SessionPlay } from '../../../features/coaching-sessions/components/session-play';
import { SessionResult } from '../../../features/coaching-sessions/components/session-result';
import { SessionComments, TurnComments } from '../../../features/session-comments/components/session-comments';
import type { CoachingSession } from '../../../features/coaching-sessions/api/sessions-api';
import { useGuestSharedLink } from '../../../features/shared-sessions/api/shared-sessions-api';
import { guestEndOf, GuestPlayAgain } from '../../../features/shared-sessions/components/guest-way-on';
import { ShareLinkPanel } from '../../../features/shared-sessions/components/share-link-panel';
import { ShareLinks } from '../../../features/shared-sessions/components/share-links';
import { useCurrentUser } from '../../../lib/session/session-context';

// The route's validity check has made sure of the prefix (route-table.tsx), so what follows it is the id.

/** `scenario/info-{scenarioID}`. */
export const ScenarioInfoRoute = () => {
  const { slug = '' } = useParams();
  const id = slug.slice('info-'.length);
  return (
    <ScenarioInfo
      key={id}
      scenarioId={id}
      aside={(briefing) => (
        <Can permissions="generate-shared-session">
          <ShareLinkPanel
            scenarioId={briefing.scenario_id}
            scenarioName={briefing.name}
            priceCredits={briefing.price_credits}
            ownCredits={briefing.available_credits}
          />
        </Can>
      )}
    />
  );
};

/**
 * A guest's ways on are what their link allows (issue 23): "Play again" through it while it takes guests, else
 * "Finish" onto their last page. None of the app's pages is theirs.
 */
const GuestWayOn = ({ session }: { session: CoachingSession }) => {
  const link = useGuestSharedLink(session.id);
  if (link.isPending) return null;
  const code = link.data?.access_code;
  return code ? (
    <GuestPlayAgain accessCode={code} guestName={session.guest_name} />
  ) : (
    <GuestExitButton end={guestEndOf(link.data)} finish />
  );
};

/** Under a guest's result: the way out, onto their last page with what the link told (asked once for both). */
const GuestLeave = ({ sessionId }: { sessionId: string }) => (
  <GuestExit end={guestEndOf(useGuestSharedLink(sessionId).data)} />
);

/** `session/play-{sessionID}` and `session/result-{sessionID}`. */
export const SessionRoute = () => {
  const { slug = '' } = useParams();
  const isGuest = useCurrentUser()?.organization_role === 'guest';
  if (slug.startsWith('result-')) {
    const id = slug.slice('result-'.length);
    return (
      <SessionResult
        key={id}
        sessionId={id}
        actions={isGuest ? (session) => <GuestWayOn session={session} /> : undefined}
        // Manager review: the session's reviewers comment, its learner reads and replies; a guest has no part in it.
        comments={
          isGuest ? undefined : (session) => <SessionComments sessionId={session.id} playerId={session.user_id} />
        }
        turnComments={
          isGuest
            ? undefined
            : (session, turnIndex) => (
                <TurnComments sessionId={session.id} playerId={session.user_id} turnIndex={turnIndex} />
              )
        }
        afterReport={(session) =>
          // A guest has no coach to ask; they read their report and go back to their own account, if any.
          isGuest ? (
            <GuestLeave sessionId={session.id} />
          ) : (
            <Can permissions="chat-read">
              <AskCoach sessionId={session.id} playerId={session.user_id} language={session.language} />
            </Can>
          )
        }
      />
    );
  }
  const id = slug.slice('play-'.length);
  // A guest whose link closed while they played has only the way out left.
  return <SessionPlay key={id} sessionId={id} guestExit={isGuest ? <GuestLeave sessionId={id} /> : undefined} />;
};

/** `shared-session/list` (ours: spec §2 shows no list of share links). */
export const ShareLinksRoute = ShareLinks;

/** `session/list` (ours: spec §2 shows no sessions list). */
export const SessionListRoute = SessionList;

/** `playlist/play-{playlistID}` (ours: spec §2 shows no page to play a playlist). */
export const PlaylistPlayRoute = () => {
  const { slug = '' } = useParams();
  const id = slug.slice('play-'.length);
  return <PlaylistPlay key={id} playlistId={id} />;
};
