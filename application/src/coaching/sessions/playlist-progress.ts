import type { PlaylistProgress } from '@ai-coaching/contracts';
import { coachingScenarioProgress, type CoachingItemView } from '@ai-coaching/projections';
import type { AppServices, Origin } from '../../app-services.js';
import { signedInUser } from '../../tenancy/scope.js';
import { toCoachingAnswer, visibleCoachingItem } from '../content/coaching-content.js';
import { playlistOf, scenarioOf } from '../content/content-fields.js';

// Playlists in play (docs/coaching-sessions.md, "Playlists in play"): the caller's progress through a playlist they
// may see. The playlist and its scenarios are read as the caller sees them (published versions for learners); the
// figures are the caller's own sessions, aggregated by the database (projections `coaching-playlist-progress`).

const isLive = (item: CoachingItemView) => item.publishedVersion !== null && item.status !== 'archived';

export const readCoachingPlaylistProgress = async (
  services: AppServices,
  origin: Origin,
  playlistId: string,
): Promise<PlaylistProgress> => {
  const caller = signedInUser(origin.caller);
  const playlist = toCoachingAnswer(caller, await visibleCoachingItem(services, caller, 'playlist', playlistId));
  const fields = playlistOf(playlist);
  const scenarioIds = [...new Set(fields.scenario_ids)];
  // A scenario archived, deleted or not visible to the caller since the playlist was published stays in its place,
  // unavailable, rather than silently shifting the order the author chose.
  const scenarios = await Promise.all(
    scenarioIds.map((id) => visibleCoachingItem(services, caller, 'scenario', id).catch(() => undefined)),
  );
  const progress = await coachingScenarioProgress(services.db, {
    organizationId: caller.organizationId,
    userId: caller.userId,
    scenarioIds,
  });
  let nextScenarioId: string | null = null;
  const rows = scenarioIds.map((scenarioId, index) => {
    const scenario = scenarios[index];
    const mine = progress.find((row) => row.scenarioId === scenarioId);
    const available = scenario !== undefined && isLive(scenario);
    // An aborted session was given up: the scenario is still to play.
    const played = mine?.bestStatus !== undefined && mine.bestStatus !== null && mine.bestStatus !== 'abort';
    const next = nextScenarioId === null && available && !played;
    if (next) nextScenarioId = scenarioId;
    return {
      scenario_id: scenarioId,
      position: index + 1,
      name: scenario === undefined ? null : scenarioOf(toCoachingAnswer(caller, scenario)).name,
      available,
      sessions: mine?.sessions ?? 0,
      finished_sessions: mine?.finished ?? 0,
      best_status: mine?.bestStatus ?? null,
      best_score: mine?.bestScore ?? null,
      played,
      next,
      last_session_id: mine?.lastSessionId ?? null,
      last_played_at: mine?.lastPlayedAt ?? null,
    };
  });
  return {
    playlist_id: playlist.id,
    name: fields.name,
    description: fields.description,
    scenarios: rows,
    played: rows.filter((row) => row.played).length,
    total: rows.length,
    next_scenario_id: nextScenarioId,
  };
};
