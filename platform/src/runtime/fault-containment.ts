import { AsyncLocalStorage } from 'node:async_hooks';
import type { EventEmitter } from 'node:events';
import type { Logger } from '../logging/logger.js';

/**
 * What one request or socket event runs within: the fields its log lines carry, and what to do with that one request
 * or socket when an error escapes it (answer it, close it), so that its client is not left waiting.
 */
export type FaultScope = {
  context: Readonly<Record<string, string>>;
  onFault?: (error: unknown) => void;
};

const scopes = new AsyncLocalStorage<FaultScope>();

/**
 * Runs `work` inside a fault scope: timers, promises and callbacks it starts keep the scope, so an error that escapes
 * them is told against this request or socket event.
 */
export const withinFaultScope = <T>(scope: FaultScope, work: () => T): T => scopes.run(scope, work);

/**
 * The safety net behind every handler: an error nobody caught (an `'error'` event without a listener deep in a
 * stream, a rejected promise nobody awaited) would end the process and with it every tenant's requests, sockets and
 * in-process jobs. Node's advice to restart after `uncaughtException` is for state left half-changed; here the state
 * that matters is in the database (each command is one transaction) and the half-served request is closed by its
 * scope, so losing the whole process is the worse harm. Each such error is logged at `error` with the request id or
 * socket it came from, and counted; fixing its cause stays a bug to fix (docs/security.md, "Faults stay contained").
 * Returns a function that removes the net (tests).
 */
export const containFaults = (
  logger: Logger,
  target: Pick<EventEmitter, 'on' | 'off'> = process,
): { escaped: () => number; remove: () => void } => {
  let escaped = 0;
  const contain = (kind: 'uncaught_exception' | 'unhandled_rejection') => (error: unknown) => {
    escaped += 1;
    const scope = scopes.getStore();
    logger.error(
      { err: error, fault: kind, ...scope?.context, escaped },
      'an error escaped its handler; the process goes on',
    );
    try {
      scope?.onFault?.(error);
    } catch (closing) {
      logger.warn({ err: closing }, 'could not close what the escaped error belonged to');
    }
  };
  const onException = contain('uncaught_exception');
  const onRejection = contain('unhandled_rejection');
  target.on('uncaughtException', onException);
  target.on('unhandledRejection', onRejection);
  return {
    escaped: () => escaped,
    remove: () => {
      target.off('uncaughtException', onException);
      target.off('unhandledRejection', onRejection);
    },
  };
};
