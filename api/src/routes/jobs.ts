import { readBackgroundJob } from '@ai-coaching/application';
import { backgroundJobOperations as op } from '@ai-coaching/contracts';
import { readHandler } from '../http/use-case-handlers.js';
import { defineRoute, signedIn } from '../http/route.js';

// Background jobs: who may follow one depends on the job (its starter, its organization's operators for its kind),
// so the use case decides, answering 404 to everyone else.
export const backgroundJobRoutes = [
  defineRoute(op.read, { access: signedIn, handler: readHandler(readBackgroundJob) }),
];
