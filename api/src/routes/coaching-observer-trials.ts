import { tryObserver } from '@ai-coaching/application';
import { coachingObserverTrialOperations as op } from '@ai-coaching/contracts';
import { defineRoute, permission } from '../http/route.js';

// Trying an observer is part of writing one: whoever may create or edit observers. The use case decides what the
// transcript may come from (a session the caller may read, a scenario they see).
export const observerTrialRoutes = [
  defineRoute(op.create, {
    access: permission('coaching-observer-create', 'coaching-observer-update'),
    handler: async ({ body, origin, services }) => ({ body: await tryObserver(services, origin, body) }),
  }),
];
