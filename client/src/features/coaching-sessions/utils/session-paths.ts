// Spec §2: `scenario/info-{scenarioID}`, `session/play-{sessionID}`, `session/result-{sessionID}`.
const BASE = '/apps/ai-coaching';

/**
 * A playlist the learner plays from rides along in `?playlist=`, from its page to a scenario's, the session's and its
 * result's, where it offers "Back to the playlist" and "Next scenario": a session itself does not know its playlist.
 */
const PLAYLIST_PARAM = 'playlist';
/** Ids as the API accepts them (api/src/http/schemas.ts idSchema). */
const ID = /^[A-Za-z0-9_-]{1,100}$/;

const within = (path: string, playlistId: string | null | undefined) =>
  playlistId ? `${path}?${new URLSearchParams({ [PLAYLIST_PARAM]: playlistId })}` : path;

export const infoPath = (scenarioId: string, playlistId?: string | null) =>
  within(`${BASE}/scenario/info-${scenarioId}`, playlistId);
export const playPath = (sessionId: string, playlistId?: string | null) =>
  within(`${BASE}/session/play-${sessionId}`, playlistId);
export const resultPath = (sessionId: string, playlistId?: string | null) =>
  within(`${BASE}/session/result-${sessionId}`, playlistId);
/** Ours, named like the session screens (route-table.tsx). */
export const playlistPlayPath = (playlistId: string) => `${BASE}/playlist/play-${playlistId}`;
export const sessionListPath = `${BASE}/session/list`;

/** The playlist of an address's `?playlist=`, when it is an id at all. */
export const playedFromPlaylist = (search: URLSearchParams): string | null => {
  const value = search.get(PLAYLIST_PARAM);
  return value !== null && ID.test(value) ? value : null;
};
