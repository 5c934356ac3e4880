import type { Origin } from '@ai-coaching/application';
import type { ApiContext } from './context.js';
import { requestLocale } from './request-locale.js';

/**
 * The request as use cases see it: who calls, the request id (the events' correlation id), the
 * request's logger and language. After each command, whether the read models caught up becomes the
 * `X-Projection-Wait` header (the last command's outcome wins).
 */
export const originOf = (ctx: ApiContext): Origin => ({
  caller: ctx.state.caller,
  correlationId: ctx.state.requestId,
  log: ctx.state.log,
  locale: requestLocale(ctx),
  onReadModelWait: (outcome) => ctx.set('X-Projection-Wait', outcome),
});
