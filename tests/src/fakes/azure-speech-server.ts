import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  fakeMp3,
  fakeSpeechPcm,
  sendAudio,
  startRecordingServer,
  streamAudio,
  type PcmStreaming,
  type RecordedSpeechRequest,
  type StreamRecord,
} from './fake-audio.js';
import { sendJson } from './support/http-server.js';

/**
 * Azure Speech's text-to-speech REST API (notes voice-providers.md §2b): `GET
 * /cognitiveservices/voices/list` (every voice with `ShortName`, `DisplayName`, `Gender`, `Locale`,
 * `SecondaryLocaleList` for multilingual ones) and `POST /cognitiveservices/v1` with SSML
 * (`Content-Type: application/ssml+xml`, `X-Microsoft-OutputFormat`) → audio/mpeg, or, for
 * `raw-24khz-16bit-mono-pcm`, speech as raw PCM streamed in several chunks (`fakeSpeechPcm`), authenticated by
 * `Ocp-Apim-Subscription-Key`. A wrong key gets 401, SSML that is not well formed 400. Every request is
 * recorded (the SSML as sent).
 *
 * Recognition speaks the Speech SDK's own protocol (USP over WebSocket, §2b) on the same port, as
 * `SpeechConfig.fromHost('ws://127.0.0.1:PORT')` reaches it: `/speech/recognition/{conversation|interactive|
 * dictation}/cognitiveservices/v1?language=…` (or `/stt/speech/universal/v2`). Text frames are `Path:` headers,
 * a blank line and JSON; binary frames a 2-byte big-endian header length, the headers, then the payload. The
 * client sends `speech.config`, `speech.context`, then `audio` (a WAVE header first, then PCM, then an empty
 * payload at the end of the stream). The fake answers `turn.start` at the first audio; while audio comes, once it
 * holds speech, `speech.startDetected` and a `speech.hypothesis` every 300 ms of audio (one more word of the first
 * phrase each time); at its end, a `speech.hypothesis` and a `speech.phrase` per phrase (`RecognitionStatus: 'Success'`,
 * `DisplayText`, `Offset` and `Duration` in 100 ns ticks), `speech.endDetected` and `turn.end`, each echoing the
 * client's `X-RequestId`; near-silent audio gets one `NoMatch` phrase. What it recognises is the next scripted
 * answer, else `transcriptOf(audio)`. A wrong key is refused at the upgrade with 401, and a scripted status
 * refuses the next connection with it. The audio received (16 kHz samples) is kept per connection.
 */

export type FakeAzureVoice = {
  ShortName: string;
  DisplayName: string;
  Gender: 'Female' | 'Male' | 'Neutral';
  Locale: string;
  SecondaryLocaleList?: string[];
};

export const DEFAULT_AZURE_VOICES: FakeAzureVoice[] = [
  { ShortName: 'en-GB-SoniaNeural', DisplayName: 'Sonia', Gender: 'Female', Locale: 'en-GB' },
  { ShortName: 'en-US-GuyNeural', DisplayName: 'Guy', Gender: 'Male', Locale: 'en-US' },
  { ShortName: 'fr-FR-DeniseNeural', DisplayName: 'Denise', Gender: 'Female', Locale: 'fr-FR' },
  {
    ShortName: 'en-US-AvaMultilingualNeural',
    DisplayName: 'Ava Multilingual',
    Gender: 'Female',
    Locale: 'en-US',
    SecondaryLocaleList: ['de-DE', 'en-GB', 'fr-FR'],
  },
  { ShortName: 'ja-JP-NanamiNeural', DisplayName: 'Nanami', Gender: 'Female', Locale: 'ja-JP' },
];

/** A recognition as scripted: the phrases heard, or a refusal of the connection with an HTTP status. */
export type FakeRecognition = { phrases: string[] } | { status: number };

export type RecognitionConnection = {
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  /** The `speech.config` and `speech.context` bodies, parsed. */
  config: Record<string, unknown>[];
  /** The WAVE header's sample rate, and the PCM that followed it. */
  sampleRate?: number;
  samples: Int16Array;
  /** The client ended its audio (the empty `audio` message). */
  ended: boolean;
  /** The hypotheses sent while the audio was coming, before its end. */
  hypotheses: string[];
};

export type FakeAzureSpeechServer = {
  /** The provider's base URL (a custom endpoint): REST synthesis there, recognition at its ws:// form. */
  origin: string;
  requests: RecordedSpeechRequest[];
  /** The synthesis requests. */
  syntheses(): RecordedSpeechRequest[];
  audioOf(voiceName: string): Uint8Array;
  /** Recognition connections, in order (refused ones included, with no audio). */
  recognitions: RecognitionConnection[];
  /** Streamed (PCM) syntheses, in order. */
  streams: StreamRecord[];
  /** Queues what the next recognitions answer. */
  script(...recognitions: FakeRecognition[]): void;
  close(): Promise<void>;
};

const TICKS_PER_MS = 10_000;
/** How much audio the fake hears between two hypotheses while the audio comes. */
const HYPOTHESIS_EVERY_S = 0.3;

/** A USP text frame: headers, a blank line, the JSON body. */
const uspText = (path: string, requestId: string, body: unknown) =>
  `Path: ${path}\r\nX-RequestId: ${requestId}\r\nX-Timestamp: ${new Date().toISOString()}\r\n` +
  `Content-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify(body)}`;

const headersOf = (text: string): Record<string, string> =>
  Object.fromEntries(
    text
      .split('\r\n')
      .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
      .flatMap((match) => (match ? [[match[1]!.toLowerCase(), match[2]!] as const] : [])),
  );

const RECOGNITION_PATH =
  /^\/(?:speech\/recognition\/(?:conversation|interactive|dictation)\/cognitiveservices\/v1|stt\/speech\/universal\/v2)$/;

/** Near silence (faint noise, room tone) is not speech. */
const SILENCE_RMS = 300;

const rms = (samples: Int16Array) => {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return samples.length === 0 ? 0 : Math.sqrt(sum / samples.length);
};

/** A check that the SSML is well formed as far as text goes: no bare `&` or `<` inside the voice element. */
const voiceOf = (ssml: string): { name: string; text: string } | undefined => {
  const match = /<voice name="([^"]+)">([\s\S]*)<\/voice>/.exec(ssml);
  if (!match) return undefined;
  const text = match[2]!;
  if (/<|&(?!(?:amp|lt|gt|quot|apos);)/.test(text)) return undefined;
  return { name: match[1]!, text };
};

// ---- recognition over USP --------------------------------------------------------------------------------------

type TranscriptOf = (audio: { sampleRate: number; samples: Int16Array }, language: string | undefined) => string;

/**
 * One recognition over USP, as the Speech SDK speaks it: the config frames recorded, hypotheses while the audio comes,
 * then the phrases (scripted, or what `transcriptOf` hears) when the client ends the audio.
 */
const recognise = (
  socket: WebSocket,
  connection: RecognitionConnection,
  scripted: FakeRecognition | undefined,
  transcriptOf: TranscriptOf,
) => {
  let requestId = '';
  let turnStarted = false;
  let header = true;
  const pcm: Buffer[] = [];
  const send = (path: string, body: unknown) => socket.send(uspText(path, requestId, body));
  const received = () => {
    const joined = Buffer.concat(pcm);
    return new Int16Array(
      joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.length - (joined.length % 2)),
    );
  };
  const ticksOf = (samples: Int16Array) =>
    Math.round((samples.length / (connection.sampleRate ?? 16_000)) * 1000 * TICKS_PER_MS);
  const hypothesisOf = (text: string) => text.toLowerCase().replace(/[.,!?]/g, '');
  let startDetected = false;
  let hypotheses = 0;
  let heardSamples = 0;

  // While the audio comes, as the service does: once speech is heard, a hypothesis every 300 ms of audio, one
  // more word of the first phrase each time (or what `transcriptOf` hears so far).
  const listen = () => {
    const samples = received();
    const sampleRate = connection.sampleRate ?? 16_000;
    if (samples.length - heardSamples < sampleRate * HYPOTHESIS_EVERY_S) return;
    heardSamples = samples.length;
    if (rms(samples) < SILENCE_RMS) return;
    if (!startDetected) {
      startDetected = true;
      send('speech.startDetected', { Offset: 0 });
    }
    hypotheses += 1;
    const first = scripted && 'phrases' in scripted ? scripted.phrases[0] : undefined;
    const text =
      first !== undefined
        ? first.split(/\s+/).slice(0, hypotheses).join(' ')
        : transcriptOf({ sampleRate, samples }, connection.query.language);
    connection.hypotheses.push(hypothesisOf(text));
    send('speech.hypothesis', { Text: hypothesisOf(text), Offset: 0, Duration: ticksOf(samples) });
  };

  const answer = () => {
    const samples = received();
    connection.samples = samples;
    const sampleRate = connection.sampleRate ?? 16_000;
    const durationTicks = ticksOf(samples);
    if (!startDetected) send('speech.startDetected', { Offset: 0 });
    if (rms(samples) < SILENCE_RMS) {
      send('speech.endDetected', { Offset: durationTicks });
      send('speech.phrase', { RecognitionStatus: 'NoMatch', Offset: 0, Duration: durationTicks });
    } else {
      const phrases =
        scripted && 'phrases' in scripted
          ? scripted.phrases
          : [transcriptOf({ sampleRate, samples }, connection.query.language)];
      const share = Math.floor(durationTicks / Math.max(1, phrases.length));
      phrases.forEach((text, index) => {
        const offset = index * share;
        send('speech.hypothesis', {
          Text: hypothesisOf(text),
          Offset: offset,
          Duration: share,
        });
        send('speech.phrase', { RecognitionStatus: 'Success', DisplayText: text, Offset: offset, Duration: share });
      });
      send('speech.endDetected', { Offset: durationTicks });
    }
    send('turn.end', {});
  };

  socket.on('message', (data: RawData, binary: boolean) => {
    const bytes = Buffer.isBuffer(data) ? data : Buffer.concat(data as Buffer[]);
    if (!binary) {
      const text = bytes.toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const headers = headersOf(split >= 0 ? text.slice(0, split) : text);
      requestId = headers['x-requestid'] ?? requestId;
      const body = split >= 0 ? text.slice(split + 4) : '';
      if (body) {
        try {
          connection.config.push({ path: headers.path, ...(JSON.parse(body) as Record<string, unknown>) });
        } catch {
          connection.config.push({ path: headers.path });
        }
      }
      return;
    }
    const headerLength = bytes.readUInt16BE(0);
    const headers = headersOf(bytes.subarray(2, 2 + headerLength).toString('ascii'));
    requestId = headers['x-requestid'] ?? requestId;
    if (headers.path?.toLowerCase() !== 'audio') return;
    const payload = bytes.subarray(2 + headerLength);
    if (!turnStarted) {
      turnStarted = true;
      send('turn.start', { context: { serviceTag: randomUUID().replace(/-/g, '') } });
    }
    if (payload.length === 0) {
      connection.ended = true;
      answer();
      return;
    }
    if (header && payload.subarray(0, 4).toString('ascii') === 'RIFF') {
      header = false;
      connection.sampleRate = payload.readUInt32LE(24);
      // The SDK's header stands alone, with no samples after it.
      if (payload.length > 44) pcm.push(payload.subarray(44));
      listen();
      return;
    }
    pcm.push(Buffer.from(payload));
    listen();
  });
};

export const startFakeAzureSpeechServer = async (options: {
  apiKey: string;
  voices?: FakeAzureVoice[];
  /** What a recognition hears when none is scripted; by default the length of the speech received. */
  transcriptOf?: TranscriptOf;
  streaming?: PcmStreaming;
}): Promise<FakeAzureSpeechServer> => {
  const voices = options.voices ?? DEFAULT_AZURE_VOICES;
  const audioOf = (voiceName: string) => fakeMp3(`azure:${voiceName}`);
  const recognitions: RecognitionConnection[] = [];
  const streams: StreamRecord[] = [];
  const queue: FakeRecognition[] = [];
  const transcriptOf =
    options.transcriptOf ??
    ((audio: { sampleRate: number; samples: Int16Array }) =>
      `${Math.round((audio.samples.length / audio.sampleRate) * 10) / 10} seconds of speech`);
  const server = await startRecordingServer(async (request, response) => {
    if (request.headers['ocp-apim-subscription-key'] !== options.apiKey) {
      return sendJson(response, 401, {
        error: {
          code: '401',
          message:
            'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
        },
      });
    }
    if (request.method === 'GET' && request.path === '/cognitiveservices/voices/list') {
      return sendJson(
        response,
        200,
        voices.map((voice) => ({
          Name: `Microsoft Server Speech Text to Speech Voice (${voice.Locale}, ${voice.ShortName})`,
          LocalName: voice.DisplayName,
          VoiceType: 'Neural',
          Status: 'GA',
          ...voice,
        })),
      );
    }
    if (request.method === 'POST' && request.path === '/cognitiveservices/v1') {
      const voice = request.headers['content-type']?.startsWith('application/ssml+xml')
        ? voiceOf(request.body)
        : undefined;
      if (!voice || !request.headers['x-microsoft-outputformat']) {
        response.writeHead(400);
        response.end();
        return;
      }
      if (!voices.some((known) => known.ShortName === voice.name)) {
        response.writeHead(400);
        response.end();
        return;
      }
      if (request.headers['x-microsoft-outputformat'] === 'raw-24khz-16bit-mono-pcm') {
        const record: StreamRecord = { chunksSent: 0, ended: false, bytes: 0 };
        streams.push(record);
        return streamAudio(response, fakeSpeechPcm(voice.text), 'audio/basic', options.streaming, record);
      }
      return sendAudio(response, audioOf(voice.name));
    }
    response.writeHead(404);
    response.end();
  });

  const sockets = new WebSocketServer({ noServer: true });
  server.server.on('upgrade', (request: IncomingMessage, stream: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const refuse = (status: number) => {
      stream.end(`HTTP/1.1 ${status} Refused\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    };
    const connection: RecognitionConnection = {
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      config: [],
      samples: new Int16Array(0),
      ended: false,
      hypotheses: [],
    };
    recognitions.push(connection);
    if (!RECOGNITION_PATH.test(url.pathname)) return refuse(404);
    if (request.headers['ocp-apim-subscription-key'] !== options.apiKey) return refuse(401);
    const scripted = queue.shift();
    if (scripted && 'status' in scripted) return refuse(scripted.status);
    sockets.handleUpgrade(request, stream, head, (socket) => recognise(socket, connection, scripted, transcriptOf));
  });

  return {
    origin: server.origin,
    requests: server.requests,
    syntheses: () => server.requests.filter((request) => request.path === '/cognitiveservices/v1'),
    audioOf,
    recognitions,
    streams,
    script: (...recognitions) => void queue.push(...recognitions),
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      await server.close();
    },
  };
};
