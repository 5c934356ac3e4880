import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { AppServices } from '@ai-coaching/application';
import { withinFaultScope, type Logger } from '@ai-coaching/platform';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import {
  ConnectionRefusal,
  PROTOCOL_VERSION,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@ai-coaching/contracts';
import { createTurnsInFlight, handleSessionTurns } from './session/session-turns.js';
import type { SocketData } from './socket-data.js';
import { createVoiceSessions, handleVoiceSessions } from './voice/voice-sessions.js';

export type GatewayOptions = {
  httpServer: HttpServer;
  /** Resolves a bearer token to the socket's identity, or undefined to refuse it. */
  authenticate: (token: string) => Promise<SocketData | undefined>;
  /** Browser origins allowed to open a socket (ASVS 4.4.2); others are refused at the handshake. */
  allowedOrigins: readonly string[];
  logger: Logger;
  /** What the use cases sockets call run on: the runtime's platform. */
  services: AppServices;
  /** With Redis, events fan out across gateway nodes through Redis streams. */
  redisUrl?: string;
};

export type Gateway = {
  io: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
  close(): Promise<void>;
};

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
    const identity = token ? await options.authenticate(token) : undefined;
    if (!identity) return next(refusal(ConnectionRefusal.Unauthorized, 'Sign in to continue.'));
    socket.data = identity;
    next();
  });

  const turnsInFlight = createTurnsInFlight();
  const voiceSessions = createVoiceSessions();
  io.on('connection', (socket) => {
    socket.emit('gateway.welcome', {
      protocolVersion: PROTOCOL_VERSION,
      userId: socket.data.userId,
      role: socket.data.role,
    });
    // Every event's handler runs in a fault scope: an error that escapes it (platform `containFaults`) is logged with
    // the socket and event, and ends this socket alone (the client reconnects and resumes), not the process.
    socket.use((packet, next) => {
      withinFaultScope(
        { context: { socketId: socket.id, event: String(packet[0]) }, onFault: () => socket.disconnect(true) },
        next,
      );
    });
    socket.on('gateway.ping', (ack) => {
      if (typeof ack === 'function') ack({ at: new Date().toISOString() });
    });
    handleSessionTurns(socket, options.services, turnsInFlight, options.logger);
    handleVoiceSessions(socket, options.services, voiceSessions, options.logger);
  });

  return {
    io,
    async close() {
      // io.close() would also close the shared HTTP server; the owner of that server closes it.
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => {
        io.engine.close();
        resolve();
      });
      await redis?.quit().catch(() => undefined);
    },
  };
};
