import { readCoachingPlaylistProgress } from '@ai-coaching/application';
import { coachingPlaylistProgressOperations as op } from '@ai-coaching/contracts';
import { readHandler } from '../http/use-case-handlers.js';
import { defineRoute, permission } from '../http/route.js';

// The playlist's own read permission: who may see the playlist may see their progress through it; the figures are
// only ever the caller's own sessions.
export const coachingPlaylistProgressRoutes = [
  defineRoute(op.read, {
    access: permission('coaching-playlist-read'),
    handler: readHandler(readCoachingPlaylistProgress),
  }),
];
