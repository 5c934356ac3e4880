import type { ClientToServerEvents, ServerToClientEvents } from '@ai-coaching/contracts';
import type { Socket } from 'socket.io';
import type { SocketData } from '../socket-data.js';

/** The gateway's socket as the voice handlers use it. */
export type VoiceSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
