import type {
  ClientToServerEvents,
  ServerToClientEvents,
  VoiceAudioOut,
  VoiceResponseDone,
  VoiceTranscript,
} from '@ai-coaching/contracts';
import type { Socket } from 'socket.io-client';
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
