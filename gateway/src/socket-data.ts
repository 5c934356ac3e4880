import type { Caller } from '@ai-coaching/platform';

/** What the gateway keeps about a socket once its handshake passed (shared across nodes by the Redis adapter). */
export type SocketData = {
  userId: string;
  role: string;
  organizationId?: string;
  tokenType: 'access' | 'guest';
  /** For guests: the one shared session they may join. */
  sharedSessionId?: string;
  /** Who the socket acts for, as use cases take it. */
  caller: Caller;
};
