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
 * ElevenLabs' REST API as the official `@elevenlabs/elevenlabs-js` SDK speaks it (notes
 * voice-providers.md §2c): `GET /v1/voices` (the account's voice library, snake_case, with `labels` and
 * `verified_languages`) and `POST /v1/text-to-speech/{voice_id}` (JSON `{text, model_id}` → audio/mpeg),
 * authenticated by `xi-api-key`. A wrong key gets 401 `{detail: {status: 'invalid_api_key'}}`, an
 * unknown voice 404 `voice_not_found`. Every request is recorded. `POST /v1/text-to-speech/{voice_id}/stream`
 * with `?output_format=pcm_24000` streams raw 24 kHz PCM16 speech (`fakeSpeechPcm`) in several chunks (other
 * formats: the MP3, streamed too); a scripted status (`failStreams`) answers the next stream requests instead.
 */

export type FakeElevenLabsVoice = {
  voice_id: string;
  name: string;
  labels?: Record<string, string>;
  verified_languages?: { language: string; model_id: string; accent?: string; locale?: string }[];
};

export const DEFAULT_ELEVENLABS_VOICES: FakeElevenLabsVoice[] = [
  {
    voice_id: 'el-alice',
    name: 'Alice',
    labels: { gender: 'female', accent: 'british', language: 'en' },
    verified_languages: [{ language: 'en', model_id: 'eleven_multilingual_v2', accent: 'british', locale: 'en-GB' }],
  },
  {
    voice_id: 'el-brian',
    name: 'Brian',
    labels: { gender: 'male', accent: 'american' },
  },
  {
    voice_id: 'el-camille',
    name: 'Camille',
    labels: { gender: 'non-binary', language: 'fr' },
    verified_languages: [
      { language: 'fr', model_id: 'eleven_multilingual_v2', accent: 'parisian' },
      { language: 'en', model_id: 'eleven_multilingual_v2', accent: 'american', locale: 'en-US' },
    ],
  },
  {
    voice_id: 'el-dieter',
    name: 'Dieter',
    labels: { gender: 'male', language: 'de' },
    verified_languages: [{ language: 'de', model_id: 'eleven_multilingual_v2', locale: 'de-DE' }],
  },
];

export type FakeElevenLabsServer = {
  /** The provider's base URL. */
  origin: string;
  requests: RecordedSpeechRequest[];
  /** The text-to-speech requests. */
  syntheses(): RecordedSpeechRequest[];
  /** The bytes it answers for a voice. */
  audioOf(voiceId: string): Uint8Array;
  /** Streamed syntheses, in order. */
  streams: StreamRecord[];
  /** The next stream requests answer these statuses, in order. */
  failStreams(...statuses: number[]): void;
  close(): Promise<void>;
};

export const startFakeElevenLabsServer = async (options: {
  apiKey: string;
  voices?: FakeElevenLabsVoice[];
  streaming?: PcmStreaming;
}): Promise<FakeElevenLabsServer> => {
  const voices = options.voices ?? DEFAULT_ELEVENLABS_VOICES;
  const streams: StreamRecord[] = [];
  const failures: number[] = [];
  const audioOf = (voiceId: string) => fakeMp3(`elevenlabs:${voiceId}`);
  const server = await startRecordingServer(async (request, response) => {
    if (request.headers['xi-api-key'] !== options.apiKey) {
      return sendJson(response, 401, {
        detail: { status: 'invalid_api_key', message: 'Invalid API key' },
      });
    }
    if (request.method === 'GET' && request.path === '/v1/voices') {
      return sendJson(response, 200, {
        voices: voices.map((voice) => ({ category: 'premade', description: null, ...voice })),
      });
    }
    const tts = /^\/v1\/text-to-speech\/([^/]+)(\/stream)?$/.exec(request.path);
    if (request.method === 'POST' && tts) {
      const voiceId = decodeURIComponent(tts[1]!);
      if (!voices.some((voice) => voice.voice_id === voiceId)) {
        return sendJson(response, 404, {
          detail: { status: 'voice_not_found', message: `A voice with voice_id ${voiceId} was not found.` },
        });
      }
      const body = JSON.parse(request.body || '{}') as { text?: unknown };
      if (typeof body.text !== 'string' || body.text.length === 0) {
        return sendJson(response, 422, { detail: { status: 'invalid_request', message: 'text is required' } });
      }
      if (tts[2]) {
        const status = failures.shift();
        if (status !== undefined) {
          return sendJson(response, status, { detail: { status: 'internal_error', message: 'Synthesis failed.' } });
        }
        const record: StreamRecord = { chunksSent: 0, ended: false, bytes: 0 };
        streams.push(record);
        const pcm = request.query.output_format === 'pcm_24000';
        const audio = pcm ? fakeSpeechPcm(body.text) : audioOf(voiceId);
        return streamAudio(response, audio, pcm ? 'audio/pcm' : 'audio/mpeg', options.streaming, record);
      }
      return sendAudio(response, audioOf(voiceId));
    }
    return sendJson(response, 404, { detail: 'Not Found' });
  });
  return {
    origin: server.origin,
    requests: server.requests,
    syntheses: () => server.requests.filter((request) => request.path.startsWith('/v1/text-to-speech/')),
    audioOf,
    streams,
    failStreams: (...statuses) => void failures.push(...statuses),
    close: server.close,
  };
};
