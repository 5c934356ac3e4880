/**
 * The typed Socket.IO protocol shared by the gateway and the client. Event names are dotted
 * nouns and verbs declared only here. Session play (text and voice) extends these maps.
 * What the gateway keeps about a socket (`SocketData`) is the gateway's own business.
 */
export const PROTOCOL_VERSION = 1;

/** Why a connection was refused: `connect_error` carries one of these in `err.data.code`. */
export const ConnectionRefusal = {
  OriginNotAllowed: 'origin_not_allowed',
  Unauthorized: 'unauthorized',
  ClientTooOld: 'client_too_old',
} as const;
export type ConnectionRefusal = (typeof ConnectionRefusal)[keyof typeof ConnectionRefusal];

export type ServerToClientEvents = {
  'gateway.welcome': (payload: { protocolVersion: number; userId: string; role: string }) => void;
};

export type ClientToServerEvents = {
  'gateway.ping': (ack: (payload: { at: string }) => void) => void;
};
