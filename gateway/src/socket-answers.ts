import {
  errorBodyOf,
  errorText,
  negotiateLocale,
  type GatewayResult,
  type MessageLocale,
} from '@ai-coaching/contracts';
import { DomainError } from '@ai-coaching/domain';
import { isStoreUnavailableError, type Logger } from '@ai-coaching/platform';
import type { Socket } from 'socket.io';
import { z } from 'zod';

/** The language the socket reads: the interface's, sent at the handshake, else the browser's. */
export const socketLocale = (socket: Pick<Socket, 'handshake'>): MessageLocale => {
  const chosen = socket.handshake.auth['locale'];
  return negotiateLocale(typeof chosen === 'string' ? chosen : socket.handshake.headers['accept-language']);
};

/** An error as the HTTP API would answer it: the same code, status and message in the caller's language. */
export const gatewayFailure = (error: unknown, locale: MessageLocale, log: Logger): GatewayResult<never> => {
  if (error instanceof DomainError) return { ok: false, status: error.status, error: errorBodyOf(error, locale) };
  if (error instanceof z.ZodError) return { ok: false, status: 400, error: errorBodyOf(error, locale) };
  if (isStoreUnavailableError(error)) {
    // A store restarting or failing over: the client sends the turn again under its id, recorded once.
    log.warn({ err: error }, 'a store is unavailable');
    return {
      ok: false,
      status: 503,
      error: { code: 'store_unavailable', message: errorText(locale, 'store_unavailable') },
    };
  }
  log.error({ err: error }, 'gateway call failed');
  return { ok: false, status: 500, error: { code: 'internal_error', message: errorText(locale, 'internal_error') } };
};
