import {
  PROTOCOL_VERSION,
  type ClientToServerEvents,
  type GatewayResult,
  type ServerToClientEvents,
  type VoiceAudioOut,
  type VoiceResponseDone,
  type VoiceStartAnswer,
  type VoiceTranscript,
} from '@ai-coaching/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';

// What the voice gateway's integration specs read off a socket.

export type GatewaySocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type Chunk = { header: VoiceAudioOut; samples: Int16Array };

/** Everything the server sends a socket about voice, in order. */
export const recorder = (socket: GatewaySocket) => {
  const chunks: Chunk[] = [];
  const transcripts: VoiceTranscript[] = [];
  const done: VoiceResponseDone[] = [];
  const outcomes: string[] = [];
  const order: string[] = [];
  const speech: string[] = [];
  const playbackStops: string[] = [];
  const errors: string[] = [];
  socket.on('voice.speech', (event) => speech.push(event.state));
  socket.on('voice.playback.stop', (event) => {
    playbackStops.push(event.response_id);
    order.push(`stop:${event.response_id}`);
  });
  socket.on('voice.error', (event) => errors.push(event.code));
  socket.on('voice.audio', (header, pcm) => {
    const bytes = new Uint8Array(pcm as unknown as Buffer);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    chunks.push({
      header,
      samples: Int16Array.from({ length: bytes.length / 2 }, (_, i) => view.getInt16(i * 2, true)),
    });
    expect(bytes.length % 2).toBe(0);
    order.push(`audio:${header.response_id}`);
  });
  socket.on('voice.transcript', (transcript) => transcripts.push(transcript));
  socket.on('voice.response.done', (event) => {
    done.push(event);
    order.push(`done:${event.response_id}`);
  });
  socket.on('voice.outcome', (outcome) => outcomes.push(outcome.status));
  const until = async (check: () => boolean, ms = 20_000) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out waiting for the gateway');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return { chunks, transcripts, done, outcomes, order, speech, playbackStops, errors, until };
};

/**
 * Sockets of one spec to the test server's gateway, with the voice messages its tests send; `closeAll` after each
 * test.
 */
export const voiceSockets = (url: () => string) => {
  const open: GatewaySocket[] = [];
  return {
    async socketOf(token: string, locale = 'en-GB'): Promise<GatewaySocket> {
      const socket: GatewaySocket = connect(url(), {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        auth: { token, protocolVersion: PROTOCOL_VERSION, locale },
      });
      open.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return socket;
    },
    start: (socket: GatewaySocket, sessionId: string) =>
      new Promise<GatewayResult<VoiceStartAnswer>>((resolve) =>
        socket.emit('voice.start', { session_id: sessionId }, resolve),
      ),
    /** The learner speaks: 20 ms frames as the microphone sends them (unpaced: the fakes count samples, not time). */
    speak(socket: GatewaySocket, sessionId: string, frames: Int16Array[]) {
      frames.forEach((frame, seq) =>
        socket.emit(
          'voice.audio.in',
          { session_id: sessionId, seq },
          Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength) as unknown as ArrayBuffer,
        ),
      );
    },
    closeAll() {
      for (const socket of open.splice(0)) socket.disconnect();
    },
  };
};
