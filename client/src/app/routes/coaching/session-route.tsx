import { useParams } from 'react-router';
import { Can } from '../../../components/can';
import { GuestExit } from '../../../features/auth/components/guest-exit';
import { AskCoach } from '../../../features/coaching-chats/components/ask-coach';
import { PlaylistPlay } from '../../../features/coaching-sessions/components/playlist-play';
import { ScenarioInfo } from '../../../features/coaching-sessions/components/scenario-info';
import { SessionList } from '../../../features/coaching-sessions/components/session-list';
import { SessionPlay } from '../../../features/coaching-sessions/components/session-play';
import { SessionResult } from '../../../features/coaching-sessions/components/session-result';
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
        afterReport={(session) =>
          // A guest has no coach to ask; they read their report and go back to their own account, if any.
          isGuest ? (
            <GuestExit />
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
  return <SessionPlay key={id} sessionId={id} guestExit={isGuest ? <GuestExit /> : undefined} />;
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
