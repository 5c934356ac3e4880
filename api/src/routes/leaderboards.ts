import { changeMyLeaderboardPreference, readLeaderboard, readMyLeaderboardPreference } from '@ai-coaching/application';
import { leaderboardOperations as op } from '@ai-coaching/contracts';
import { defineRoute, signedIn } from '../http/route.js';

// Every signed-in member of an organization reads its leaderboards (the use case answers 403 while the organization
// keeps them off) and chooses whether their own name shows on them; guests are refused at the route.
export const leaderboardRoutes = [
  defineRoute(op.read, {
    access: signedIn,
    handler: async ({ query, origin, services }) => ({ body: await readLeaderboard(services, origin, query) }),
  }),
  defineRoute(op.readMine, {
    access: signedIn,
    handler: async ({ origin, services }) => ({ body: await readMyLeaderboardPreference(services, origin) }),
  }),
  defineRoute(op.changeMine, {
    access: signedIn,
    handler: async ({ body, origin, services }) => ({
      body: await changeMyLeaderboardPreference(services, origin, body),
    }),
  }),
];
