import { importAiSpeechVoices, listAvailableVoices, previewAiSpeechVoice } from '@ai-coaching/application';
import {
  aiProviderOperations as providers,
  aiSpeechVoiceOperations as voices,
  errorText,
} from '@ai-coaching/contracts';
import { AiCallError } from '@ai-coaching/domain';
import { ApiError } from '../http/api-error.js';
import { defineRoute, permission } from '../http/route.js';

/**
 * A provider's failure as an answer: 409 when the kind cannot do it, else 502 `ai_call_failed` with
 * the code a person acts on in `details.error_code` (the connection test's codes and texts), so a
 * screen can say "wrong key" in the user's language. Anything else is not the provider's.
 */
const answeringAiCalls = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AiCallError)) throw error;
    if (error.code === 'not_supported') {
      throw new ApiError(409, 'ai_speech_not_supported', 'This provider cannot make speech or list its voices yet.');
    }
    throw new ApiError(502, 'ai_call_failed', errorText('en-GB', 'ai_call_failed', {}, error.code), {
      error_code: error.code,
    });
  }
};

export const aiVoiceRoutes = [
  defineRoute(providers.availableVoices, {
    access: permission('ai-speech-voice-create'),
    handler: async ({ params, origin, services }) => ({
      body: await answeringAiCalls(() => listAvailableVoices(services, origin, params.id)),
    }),
  }),
  defineRoute(voices.import, {
    access: permission('ai-speech-voice-create'),
    handler: async ({ body, origin, services }) => ({
      body: await answeringAiCalls(() => importAiSpeechVoices(services, origin, body)),
    }),
  }),
  defineRoute(voices.preview, {
    access: permission('ai-speech-voice-read'),
    handler: async ({ params, origin, services }) => {
      const preview = await answeringAiCalls(() => previewAiSpeechVoice(services, origin, params.id));
      return {
        body: Buffer.from(preview.audio),
        headers: {
          'Content-Type': preview.mimeType,
          // The sample changes only with the voice; the browser may keep it a while.
          'Cache-Control': 'private, max-age=3600',
          'X-Preview-Cache': preview.cached ? 'hit' : 'miss',
        },
      };
    },
  }),
];
