import type { CoachingSessionVoiceSettingsBody } from '@ai-coaching/contracts';
import type { SessionLanguage } from '@ai-coaching/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';
import { aiSpeechVoiceOperations, coachingSessionVoiceOperations as voice } from '../../../lib/http/contract-routes';
import { queryKeys } from '../../../lib/query/query-keys';

export type {
  CoachingSessionVoiceSettingsAnswer as SessionVoiceSettings,
  CoachingSessionVoiceSettingsBody as SessionVoiceSettingsChange,
} from '@ai-coaching/contracts';

const keys = queryKeys('coaching-sessions');

/**
 * Changes the voice, speed or turn detection of the caller's own voice session (docs/voice.md, "Voice settings"). The
 * same settings sent twice change nothing, so a retry needs no idempotency key; the session's cached answer is
 * replaced by the one the change answers.
 */
export const useChangeVoiceSettings = (sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CoachingSessionVoiceSettingsBody) =>
      api.call(voice.updateSettings, { params: { id: sessionId }, body: change }),
    onSuccess: (session) => queryClient.setQueryData(keys.detail(sessionId), session),
  });
};

/** The speech voices the session's organization may use, in the session's language (`ai-speech-voice-list`). */
export const getSessionSpeechVoicesQueryOptions = (language: SessionLanguage) =>
  queryOptions({
    queryKey: ['ai-speech-voices', 'list', { session: true, language }],
    queryFn: () =>
      api.call(aiSpeechVoiceOperations.list, { query: { page: 1, page_size: 48, sort: 'name', language } }),
  });

export const useSessionSpeechVoices = (language: SessionLanguage, enabled: boolean) =>
  useQuery({ ...getSessionSpeechVoicesQueryOptions(language), enabled });
