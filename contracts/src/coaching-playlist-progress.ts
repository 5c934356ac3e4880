import { TERMINAL_COACHING_SESSION_STATUSES } from '@ai-coaching/domain';
import { z } from 'zod';
import { idParams, text } from './http/fields.js';
import { defineOperations } from './http/operation.js';

// Playlists in play (docs/coaching-sessions.md, "Playlists in play"): the caller's progress through a playlist's
// scenarios, in the playlist's order.

export const playlistScenarioProgressSchema = z.strictObject({
  scenario_id: text(),
  /** 1, 2, …: its place in the playlist. */
  position: z.number().int(),
  /** The scenario’s name as the caller sees it; null when it is not available to them. */
  name: text().nullable(),
  /** Whether the caller can start it now: published, not archived, and visible to them. */
  available: z.boolean(),
  /** The caller’s sessions of this scenario, playing or ended, wherever they started them. */
  sessions: z.number().int(),
  finished_sessions: z.number().int(),
  /** The best outcome of the ended ones (win > end > loose > abort); null before one ended. */
  best_status: z.enum(TERMINAL_COACHING_SESSION_STATUSES).nullable(),
  /** The best overall score of their analysis reports, 0..100; null without one. */
  best_score: z.number().nullable(),
  /** Played: a session of it ended other than by abort. */
  played: z.boolean(),
  /** The first scenario, in order, not played yet and available: the one to play next. */
  next: z.boolean(),
  last_session_id: text().nullable(),
  last_played_at: text().nullable(),
});

export const playlistProgressSchema = z.strictObject({
  playlist_id: text(),
  name: text(),
  description: text(),
  scenarios: z.array(playlistScenarioProgressSchema),
  /** Scenarios played, of `total`. */
  played: z.number().int(),
  total: z.number().int(),
  /** The scenario to play next; null when every available one is played. */
  next_scenario_id: text().nullable(),
});
export type PlaylistProgress = z.infer<typeof playlistProgressSchema>;

export const coachingPlaylistProgressOperations = defineOperations(
  { name: 'coachingPlaylistProgress', tag: 'Coaching: playlists' },
  {
    read: {
      method: 'GET',
      path: '/v1/coaching/playlists/:id/progress',
      summary:
        'The caller’s progress through a playlist they may see: its scenarios in order, each with the caller’s sessions of it, their best outcome and best score, and the one to play next.',
      params: idParams,
      responses: {
        200: { description: 'The progress.', schema: playlistProgressSchema },
        404: { description: '`coaching_item_not_found`: no such playlist, or not one the caller may see.' },
      },
    },
  },
);
