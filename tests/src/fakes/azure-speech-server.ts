import { fakeMp3, sendAudio, sendJson, startRecordingServer, type RecordedSpeechRequest } from './fake-audio.js';

/**
 * Azure Speech's text-to-speech REST API (notes voice-providers.md §2b): `GET
 * /cognitiveservices/voices/list` (every voice with `ShortName`, `DisplayName`, `Gender`, `Locale`,
 * `SecondaryLocaleList` for multilingual ones) and `POST /cognitiveservices/v1` with SSML
 * (`Content-Type: application/ssml+xml`, `X-Microsoft-OutputFormat`) → audio/mpeg, authenticated by
 * `Ocp-Apim-Subscription-Key`. A wrong key gets 401, SSML that is not well formed 400. Every request is
 * recorded (the SSML as sent).
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

export type FakeAzureSpeechServer = {
  /** The provider's base URL (a custom endpoint). */
  origin: string;
  requests: RecordedSpeechRequest[];
  /** The synthesis requests. */
  syntheses(): RecordedSpeechRequest[];
  audioOf(voiceName: string): Uint8Array;
  close(): Promise<void>;
};

/** A check that the SSML is well formed as far as text goes: no bare `&` or `<` inside the voice element. */
const voiceOf = (ssml: string): { name: string; text: string } | undefined => {
  const match = /<voice name="([^"]+)">([\s\S]*)<\/voice>/.exec(ssml);
  if (!match) return undefined;
  const text = match[2]!;
  if (/<|&(?!(?:amp|lt|gt|quot|apos);)/.test(text)) return undefined;
  return { name: match[1]!, text };
};

export const startFakeAzureSpeechServer = async (options: {
  apiKey: string;
  voices?: FakeAzureVoice[];
}): Promise<FakeAzureSpeechServer> => {
  const voices = options.voices ?? DEFAULT_AZURE_VOICES;
  const audioOf = (voiceName: string) => fakeMp3(`azure:${voiceName}`);
  const server = await startRecordingServer((request, response) => {
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
      return sendAudio(response, audioOf(voice.name));
    }
    response.writeHead(404);
    response.end();
  });
  return {
    origin: server.origin,
    requests: server.requests,
    syntheses: () => server.requests.filter((request) => request.path === '/cognitiveservices/v1'),
    audioOf,
    close: server.close,
  };
};
