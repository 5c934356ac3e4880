import {
  CLIENT_EVENTS,
  errorText,
  GatewayRevocation,
  isClientEvent,
  issueMessages,
  type ClientToServerEvents,
  type ErrorCode,
  type GatewayResult,
  type ServerToClientEvents,
} from '@ai-coaching/contracts';
import { can } from '@ai-coaching/domain';
import {
  AUTH_SESSIONS_TOPIC,
  isStoreUnavailableError,
  onChange,
  readModelTopic,
  throttledWarning,
  type Logger,
} from '@ai-coaching/platform';
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import { gatewayFailure, socketLocale } from './socket-answers.js';
import type { SocketData } from './socket-data.js';
import { checkSocketCaller, checkSocketCallers, type IdentityServices, type SocketAccess } from './socket-identity.js';

// Revocation reaches open sockets (docs/security.md, "Revocation reaches open sockets"). Every message a socket sends
// is checked first against its caller as they are now, through the change-aware caches the API's requests use; and
// when sessions, users or share links change, the open sockets are checked again at once, so a socket that sends
// nothing is closed too. A socket whose access ended is told why (`gateway.revoked`) and disconnected.

type GuardedSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type GuardedServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** What a change may have ended: sessions (logout, disabled accounts), users' records (roles), share links. */
const REVOCATION_TOPICS = [
  AUTH_SESSIONS_TOPIC,
  readModelTopic('user-directory'),
  readModelTopic('coaching-shared-sessions'),
];

/**
 * Changes come in bursts (a transaction announces its topics when it starts and again once it ends): the open sockets
 * are checked again at most this often, the first change of a quiet spell at once.
 */
const SWEEP_GAP_MS = 200;
/**
 * Messages that play or spend: checked against the store itself, not the caches, so that one sent after a revocation
 * answered anywhere is refused even before this process has heard of it (by NOTIFY, milliseconds later). The others
 * (audio frames, playback positions, pings, a stop) are many, or harmless, and go through the caches.
 */
const ACTING_EVENTS: ReadonlySet<string> = new Set(['session.turn', 'voice.start', 'voice.text', 'voice.commit']);
/** The bound on a change notification lost for good, as the caches' own expiry. */
const SWEEP_INTERVAL_MS = 30_000;
/** Sockets checked again per round trip. */
const SWEEP_BATCH = 500;
/** setTimeout's largest delay; a later expiry is looked at again then. */
const MAX_TIMER_MS = 2_147_483_647;

const revocationStatus = (code: GatewayRevocation) =>
  code === GatewayRevocation.SharedSessionRevoked || code === GatewayRevocation.SharedSessionExpired ? 403 : 401;

/** A refusal of the socket protocol's own, in the socket's language; the socket's id is what a log line names. */
const refusal = (socket: GuardedSocket, status: number, code: ErrorCode): GatewayResult<never> => ({
  ok: false,
  status,
  error: { code, message: errorText(socketLocale(socket), code, { request_id: socket.id }) },
});

/**
 * Issues of an event's arguments as paths within its message: `text`, not `0.text`; worded in the socket's language,
 * as the API words a request's issues in the caller's.
 */
const withinMessage = (error: z.ZodError) =>
  new z.ZodError(error.issues.map((issue) => ({ ...issue, path: issue.path.slice(1) })));

/**
 * A message whose check failed (PostgreSQL down: every message of every socket fails so, hence one log line every
 * 10 s, not one a message) is refused, with a 503 the client may retry when it awaits an answer.
 */
const refuseUnchecked = (
  socket: GuardedSocket,
  packet: unknown[],
  error: unknown,
  warn: (fields: Record<string, unknown>) => void,
) => {
  warn({ err: error, socketId: socket.id });
  const ack = packet.at(-1);
  const code = isStoreUnavailableError(error) ? 'store_unavailable' : 'service_unavailable';
  if (typeof ack === 'function') ack(refusal(socket, 503, code));
};

export type SocketGuard = {
  /** Sets the checks of a socket whose handshake passed; its caller is looked at again after `checkAgainInMs`. */
  watch(socket: GuardedSocket, checkAgainInMs: number): void;
  close(): void;
};

export const createSocketGuard = (io: GuardedServer, services: IdentityServices, log: Logger): SocketGuard => {
  const timers = new Map<GuardedSocket, NodeJS.Timeout>();

  const revoke = (socket: GuardedSocket, code: GatewayRevocation) => {
    if (!socket.connected) return;
    log.info({ socketId: socket.id, userId: socket.data.userId, code }, 'socket access ended');
    socket.emit('gateway.revoked', { code, message: errorText(socketLocale(socket), code) });
    // The reason goes out before the connection closes: engine.io flushes its buffer first.
    socket.disconnect(true);
  };

  const checkAgainLater = (socket: GuardedSocket, ms: number) => {
    clearTimeout(timers.get(socket));
    const timer = setTimeout(() => void checkAgain([socket]), Math.min(Math.max(ms, 0), MAX_TIMER_MS));
    timer.unref();
    timers.set(socket, timer);
  };

  /** Applies a check: the socket acts for its caller as they are now, or is told why it ends and disconnected. */
  const apply = (socket: GuardedSocket, access: SocketAccess): access is Extract<SocketAccess, { caller: unknown }> => {
    if ('revocation' in access) {
      revoke(socket, access.revocation);
      return false;
    }
    socket.data.caller = access.caller;
    checkAgainLater(socket, access.checkAgainInMs);
    return true;
  };

  const checkAgain = async (sockets: readonly GuardedSocket[]) => {
    const open = sockets.filter((socket) => socket.connected);
    for (let start = 0; start < open.length; start += SWEEP_BATCH) {
      const batch = open.slice(start, start + SWEEP_BATCH);
      try {
        const checks = await checkSocketCallers(
          services,
          batch.map((socket) => socket.data.caller),
        );
        for (const socket of batch) apply(socket, checks.get(socket.data.caller.sessionId)!);
      } catch (error) {
        // The next change, or the next message, checks them again.
        log.warn({ err: error }, 'could not check open sockets again');
      }
    }
  };

  // Every open socket of this node checked again after a change, throttled; a change arriving meanwhile sweeps again.
  let sweepTimer: NodeJS.Timeout | undefined;
  let sweeping = false;
  let changedMeanwhile = false;
  let lastSweep = 0;
  const requestSweep = () => {
    if (sweeping) {
      changedMeanwhile = true;
      return;
    }
    if (sweepTimer) return;
    sweepTimer = setTimeout(() => void sweep(), Math.max(0, lastSweep + SWEEP_GAP_MS - Date.now()));
    sweepTimer.unref();
  };
  const sweep = async () => {
    sweepTimer = undefined;
    sweeping = true;
    lastSweep = Date.now();
    try {
      await checkAgain([...io.of('/').sockets.values()]);
    } finally {
      sweeping = false;
      if (changedMeanwhile) {
        changedMeanwhile = false;
        requestSweep();
      }
    }
  };
  const stopListening = onChange(services.db, REVOCATION_TOPICS, requestSweep);
  const periodic = setInterval(requestSweep, SWEEP_INTERVAL_MS);
  periodic.unref();

  /**
   * Whether a message may reach its handler: an event of the protocol, from a caller whose access holds and who may
   * play sessions, with arguments that fit its schema (which then replace them). Anything else is answered with a
   * refusal when it came with an acknowledgement, and goes no further.
   */
  const admit = async (socket: GuardedSocket, packet: unknown[]): Promise<boolean> => {
    if (!socket.connected) return false;
    const [event, ...args] = packet;
    const ack = typeof args.at(-1) === 'function' ? (args.pop() as (result: GatewayResult<never>) => void) : undefined;
    if (!isClientEvent(event)) {
      ack?.(refusal(socket, 400, 'gateway_unknown_event'));
      return false;
    }
    const access = await checkSocketCaller(services, socket.data.caller, { fresh: ACTING_EVENTS.has(event) });
    if ('revocation' in access) {
      ack?.(refusal(socket, revocationStatus(access.revocation), access.revocation));
      revoke(socket, access.revocation);
      return false;
    }
    if (!socket.connected || !apply(socket, access)) return false;
    // Sessions are played with `coaching-session-run`, as the HTTP routes of turns require it.
    if (event !== 'gateway.ping' && !can(access.caller.permissions, 'coaching-session-run')) {
      ack?.(refusal(socket, 403, 'forbidden'));
      return false;
    }
    const expected = CLIENT_EVENTS[event];
    // An event that is answered, sent without a way to answer it: nobody would hear the result.
    if (expected.ack === 'required' && !ack) return false;
    const parsed = expected.args.safeParse(args, { error: issueMessages(socketLocale(socket)) });
    if (!parsed.success) {
      ack?.(gatewayFailure(withinMessage(parsed.error), socketLocale(socket), log));
      return false;
    }
    packet.splice(1, args.length, ...parsed.data);
    return true;
  };

  const uncheckable = throttledWarning(log, 'could not check a socket message');

  return {
    watch(socket, checkAgainInMs) {
      // A socket's own errors (a message a middleware refused, say) end nothing but what they concern.
      socket.on('error', (error) => log.debug({ err: error, socketId: socket.id }, 'socket error'));
      socket.on('disconnect', () => {
        clearTimeout(timers.get(socket));
        timers.delete(socket);
      });
      // Checked one after the other, so that messages reach their handlers in the order they came (audio frames).
      let checks = Promise.resolve();
      socket.use((packet, next) => {
        checks = checks
          .then(() => admit(socket, packet))
          .then(
            (admitted) => {
              if (admitted) next();
            },
            (error: unknown) => refuseUnchecked(socket, packet, error, uncheckable),
          );
      });
      checkAgainLater(socket, checkAgainInMs);
    },
    close() {
      stopListening();
      clearInterval(periodic);
      clearTimeout(sweepTimer);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
};
