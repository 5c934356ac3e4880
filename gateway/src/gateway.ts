import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { AppServices } from '@ai-coaching/application';
import { drainHttpServer, withinFaultScope, type Logger } from '@ai-coaching/platform';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import {
  ConnectionRefusal,
  errorText,
  PROTOCOL_VERSION,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@ai-coaching/contracts';
import { createTurnsInFlight, handleSessionTurns } from './session/session-turns.js';
import { socketLocale } from './socket-answers.js';
import type { SocketData } from './socket-data.js';
import { createSocketGuard } from './socket-guard.js';
import { socketIdentity } from './socket-identity.js';
import { createVoiceSessions, handleVoiceSessions } from './voice/voice-sessions.js';

export type GatewayOptions = {
  httpServer: HttpServer;
  /** Browser origins allowed to open a socket (ASVS 4.4.2); others are refused at the handshake. */
  allowedOrigins: readonly string[];
  logger: Logger;
  /** What the use cases sockets call run on, and what tokens are resolved with: the runtime's platform. */
  services: AppServices;
  /** With Redis, events fan out across gateway nodes through Redis streams. */
  redisUrl?: string;
};

export type Gateway = {
  io: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
  /**
   * Lets the text turns in flight finish (up to `drainMs`), then closes every connection without a disconnect
   * packet: clients see a transport close and reconnect by themselves. See `shutDownGateway`.
   */
  close(options?: { drainMs?: number }): Promise<void>;
};

/** How long a closing gateway waits for the text turns in flight by default: a reply takes seconds. */
export const GATEWAY_DRAIN_MS = 8000;

const refusal = (code: ConnectionRefusal, message: string) => Object.assign(new Error(message), { data: { code } });

const tokenFrom = (auth: Record<string, unknown>, request: IncomingMessage): string | undefined => {
  if (typeof auth.token === 'string' && auth.token) return auth.token;
  const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
  return match?.[1];
};

/**
 * The realtime gateway. WebSocket transport only: no long-polling means no sticky sessions are
 * needed behind a load balancer. The handshake checks the Origin, then the bearer token; a
 * socket exists only for an authenticated principal.
 */
export const createGateway = (options: GatewayOptions): Gateway => {
  const allowed = new Set(options.allowedOrigins);
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { maxRetriesPerRequest: null, lazyConnect: false })
    : undefined;
  redis?.on('error', (error) => options.logger.warn({ err: error }, 'gateway redis error'));

  const io: Gateway['io'] = new Server(options.httpServer, {
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    cors: { origin: [...allowed], credentials: false },
    // Checked before the upgrade completes; browsers always send Origin on WebSocket requests.
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, origin === undefined || allowed.has(origin));
    },
    ...(redis ? { adapter: createAdapter(redis) } : {}),
  });

  const authenticate = socketIdentity(options.services);
  const guard = createSocketGuard(io, options.services, options.logger);
  /** How long after its handshake each socket's caller is looked at again (its session's or its link's expiry). */
  const firstCheck = new WeakMap<object, number>();
  io.use(async (socket, next) => {
    const origin = socket.handshake.headers.origin;
    if (origin !== undefined && !allowed.has(origin)) {
      return next(refusal(ConnectionRefusal.OriginNotAllowed, 'This origin may not connect.'));
    }
    const clientVersion = Number(socket.handshake.auth.protocolVersion ?? PROTOCOL_VERSION);
    if (clientVersion < PROTOCOL_VERSION) {
      return next(refusal(ConnectionRefusal.ClientTooOld, 'This page is out of date. Reload it to continue.'));
    }
    const token = tokenFrom(socket.handshake.auth, socket.request);
    if (!token) return next(refusal(ConnectionRefusal.Unauthorized, 'Sign in to continue.'));
    try {
      const identity = await authenticate(token);
      if ('refusal' in identity) {
        const code = identity.refusal;
        const message =
          code === ConnectionRefusal.Unauthorized ? 'Sign in to continue.' : errorText(socketLocale(socket), code);
        return next(refusal(code, message));
      }
      socket.data = identity.data;
      firstCheck.set(socket, identity.checkAgainInMs);
      next();
    } catch (error) {
      options.logger.warn({ err: error }, 'could not resolve a socket handshake');
      next(
        refusal(
          ConnectionRefusal.ServiceUnavailable,
          errorText(socketLocale(socket), 'service_unavailable', { request_id: socket.id }),
        ),
      );
    }
  });

  const turnsInFlight = createTurnsInFlight();
  const voiceSessions = createVoiceSessions();
  io.on('connection', (socket) => {
    // Every event's checks and handler run in a fault scope: an error that escapes it (platform `containFaults`) is logged with
    // the socket and event, and ends this socket alone (the client reconnects and resumes), not the process.
    socket.use((packet, next) => {
      withinFaultScope(
        { context: { socketId: socket.id, event: String(packet[0]) }, onFault: () => socket.disconnect(true) },
        next,
      );
    });
    guard.watch(socket, firstCheck.get(socket) ?? 0);
    socket.emit('gateway.welcome', {
      protocolVersion: PROTOCOL_VERSION,
      userId: socket.data.userId,
      role: socket.data.role,
    });
    socket.on('gateway.ping', (ack) => ack({ at: new Date().toISOString() }));
    handleSessionTurns(socket, options.services, turnsInFlight, options.logger);
    handleVoiceSessions(socket, options.services, voiceSessions, options.logger);
  });

  return {
    io,
    async close({ drainMs = GATEWAY_DRAIN_MS } = {}) {
      guard.close();
      // A turn being answered is recorded either way, but its socket gets the answer only before it closes.
      const deadline = Date.now() + drainMs;
      while (turnsInFlight.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      // Not io.disconnectSockets(): a disconnect packet is "io server disconnect", after which a client does not
      // reconnect. Closing the connections is a "transport close": the client reconnects (to another gateway
      // behind the load balancer) and resends what was unanswered. io.close() would also close the HTTP server,
      // which its owner closes.
      io.engine.close();
      await redis?.quit().catch(() => undefined);
    },
  };
};

/**
 * The gateway's part of a shutdown (SIGTERM): stop taking connections, so that the clients told to reconnect reach
 * another gateway; let the turns in flight finish; close every connection (the clients reconnect); resolve once the
 * HTTP server has closed (with the API on it, once its requests in flight are answered: `drainHttpServer`).
 */
export const shutDownGateway = async (
  server: HttpServer,
  gateway: Gateway,
  options: { drainMs?: number } = {},
): Promise<void> => {
  const closed = drainHttpServer(server);
  await gateway.close(options);
  await closed;
};
