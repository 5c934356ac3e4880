import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { readBody, startHttpServer } from './support/http-server.js';

/**
 * A few frames of silent MPEG-1 Layer III (128 kbit/s, 44.1 kHz, mono): what the speech fakes answer,
 * a real MP3 that a browser would play, small enough to compare byte for byte. `tag` goes into the
 * padding of the first frame, so each fake (and each voice) answers bytes of its own.
 */
export const fakeMp3 = (tag = ''): Uint8Array => {
  const frameLength = 417; // 144 * 128000 / 44100, without padding
  const frames = 3;
  const bytes = new Uint8Array(frameLength * frames);
  for (let frame = 0; frame < frames; frame++) bytes.set([0xff, 0xfb, 0x90, 0xc4], frame * frameLength);
  bytes.set(new TextEncoder().encode(tag.slice(0, 200)), 40);
  return bytes;
};

export type RecordedSpeechRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: string;
};

export type RecordingServer = {
  origin: string;
  /** The HTTP server itself, for fakes that also upgrade to WebSocket on it. */
  server: Server;
  requests: RecordedSpeechRequest[];
  close(): Promise<void>;
};

export const sendAudio = (response: ServerResponse, audio: Uint8Array, mimeType = 'audio/mpeg') => {
  response.writeHead(200, { 'content-type': mimeType, 'content-length': String(audio.byteLength) });
  response.end(Buffer.from(audio));
};

/** An HTTP server on 127.0.0.1 that records every request (body read as text) before `handle` answers it. */
export const startRecordingServer = async (
  handle: (request: RecordedSpeechRequest, response: ServerResponse) => void | Promise<void>,
): Promise<RecordingServer> => {
  const requests: RecordedSpeechRequest[] = [];
  const { server, origin, close } = await startHttpServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const recorded: RecordedSpeechRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      body: await readBody(request),
    };
    requests.push(recorded);
    await handle(recorded, response);
  });
  return { origin, server, requests, close };
};

// ---- streamed synthesis ----------------------------------------------------------------------------------------

/** How a speech fake streams: chunk size and the pause between chunks, so a test sees chunks before the end. */
export type PcmStreaming = {
  /**
   * Bytes per network chunk; odd by default, so chunk boundaries fall inside a sample as a real network's may
   * (the adapter re-aligns them).
   */
  chunkBytes?: number;
  /** Pause between chunks. */
  chunkDelayMs?: number;
};

/** One streamed synthesis answer, for assertions: how many chunks went, and whether the answer ended. */
export type StreamRecord = { chunksSent: number; ended: boolean; bytes: number };

/**
 * Speech as a fake synthesiser answers it: PCM16 LE mono at `sampleRate`, a 220 Hz tone with its harmonics under a
 * syllable-rate envelope, 60 ms of audio per character of text (at least 400 ms), so its length follows the text.
 */
export const fakeSpeechPcm = (text: string, sampleRate = 24_000): Uint8Array => {
  const samples = Math.round((Math.max(400, text.length * 60) / 1000) * sampleRate);
  const bytes = new Uint8Array(samples * 2);
  const view = new DataView(bytes.buffer);
  for (let index = 0; index < samples; index++) {
    const t = index / sampleRate;
    const envelope = 0.55 + 0.45 * Math.sin(2 * Math.PI * 4 * t);
    const value =
      9000 *
      envelope *
      (0.6 * Math.sin(2 * Math.PI * 220 * t) +
        0.3 * Math.sin(2 * Math.PI * 440 * t) +
        0.1 * Math.sin(2 * Math.PI * 660 * t));
    view.setInt16(index * 2, Math.round(value), true);
  }
  return bytes;
};

/** Answers 200 with `audio` as a chunked body (no content-length), chunk by chunk with pauses. */
export const streamAudio = async (
  response: ServerResponse,
  audio: Uint8Array,
  mimeType: string,
  streaming: PcmStreaming = {},
  record: StreamRecord = { chunksSent: 0, ended: false, bytes: 0 },
): Promise<void> => {
  const chunkBytes = streaming.chunkBytes ?? 4801;
  const delayMs = streaming.chunkDelayMs ?? 20;
  response.writeHead(200, { 'content-type': mimeType, 'transfer-encoding': 'chunked' });
  for (let at = 0; at < audio.length; at += chunkBytes) {
    if (response.destroyed) return;
    const chunk = audio.subarray(at, at + chunkBytes);
    response.write(Buffer.from(chunk));
    record.chunksSent++;
    record.bytes += chunk.length;
    if (at + chunkBytes < audio.length) await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  record.ended = true;
  response.end();
};
