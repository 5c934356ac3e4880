import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';
import { coachingSessionRecordingOperations as recordings } from '../../../lib/http/contract-routes';
import { queryKeys } from '../../../lib/query/query-keys';

export type { CoachingSessionRecording, CoachingSessionRecordings } from '@ai-coaching/contracts';

const keys = queryKeys('coaching-sessions');

/**
 * The gateway keeps a turn's audio as the turn ends, a moment after the transcript has it: a result page opened as the
 * session ended asks again for this long, so the last turns join the replay.
 */
const JUST_ENDED_MS = 20_000;

export const getSessionRecordingsQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: [...keys.detail(sessionId), 'recordings'],
    queryFn: () => api.call(recordings.list, { params: { id: sessionId } }),
  });

/** A voice session's recordings (empty when its organization did not record it); never asked for a text session. */
export const useSessionRecordings = (sessionId: string, { enabled, endedAt }: { enabled: boolean; endedAt?: string }) =>
  useQuery({
    ...getSessionRecordingsQueryOptions(sessionId),
    enabled,
    refetchInterval: () =>
      // Either clock may be a little ahead: a page opened long after the end (or far off) asks once.
      endedAt !== undefined && Math.abs(Date.now() - Date.parse(endedAt)) < JUST_ENDED_MS ? 3000 : false,
  });

/**
 * One recording's WAVE bytes, with the caller's token (the user's or the guest's): an <audio> element pointed at the
 * API would send neither, so the page plays them from a blob URL.
 */
export const fetchRecordingAudio = (sessionId: string, recordingId: string, signal: AbortSignal): Promise<Blob> =>
  api.download(recordings.audio, { params: { id: sessionId, recording_id: recordingId } }, { signal });
