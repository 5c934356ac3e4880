import { useParams } from 'react-router';
import { Can } from '../../../components/can';
import { AskCoach } from '../../../features/coaching-chats/components/ask-coach';
import { PlaylistPlay } from '../../../features/coaching-sessions/components/playlist-play';
import { ScenarioInfo } from '../../../features/coaching-sessions/components/scenario-info';
import { SessionList } from '../../../features/coaching-sessions/components/session-list';
import { SessionPlay } from '../../../features/coaching-sessions/components/session-play';
import { SessionResult } from '../../../features/coaching-sessions/components/session-result';

// The route's validity check has made sure of the prefix (route-table.tsx), so what follows it is the id.

/** `scenario/info-{scenarioID}`. */
export const ScenarioInfoRoute = () => {
  const { slug = '' } = useParams();
  const id = slug.slice('info-'.length);
  return <ScenarioInfo key={id} scenarioId={id} />;
};

/** `session/play-{sessionID}` and `session/result-{sessionID}`. */
export const SessionRoute = () => {
  const { slug = '' } = useParams();
  if (slug.startsWith('result-')) {
    const id = slug.slice('result-'.length);
    return (
      <SessionResult
        key={id}
        sessionId={id}
        afterReport={(session) => (
          <Can permissions="chat-read">
            <AskCoach sessionId={session.id} playerId={session.user_id} language={session.language} />
          </Can>
        )}
      />
    );
  }
  const id = slug.slice('play-'.length);
  return <SessionPlay key={id} sessionId={id} />;
};

/** `session/list` (ours: spec §2 shows no sessions list). */
export const SessionListRoute = SessionList;

/** `playlist/play-{playlistID}` (ours: spec §2 shows no page to play a playlist). */
export const PlaylistPlayRoute = () => {
  const { slug = '' } = useParams();
  const id = slug.slice('play-'.length);
  return <PlaylistPlay key={id} playlistId={id} />;
};
