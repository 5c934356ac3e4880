import { readCoachingPractice } from '@ai-coaching/application';
import { coachingPracticeOperations as op } from '@ai-coaching/contracts';
import { listHandler } from '../http/use-case-handlers.js';
import { defineRoute, permission } from '../http/route.js';

// Whoever may read scenarios may see which they can play; the figures are only ever the caller's own sessions.
export const coachingPracticeRoutes = [
  defineRoute(op.home, { access: permission('coaching-scenario-read'), handler: listHandler(readCoachingPractice) }),
];
