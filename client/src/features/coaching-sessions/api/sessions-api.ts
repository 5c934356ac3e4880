import {
  coachingSessionAnalysisOperations as analyses,
  coachingSessionOperations as sessions,
} from '@ai-coaching/contracts';
import type { CoachingSessionStatus } from '@ai-coaching/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListState } from '../../../hooks/use-list-params';
import { api } from '../../../lib/http/api';
import { queryKeys } from '../../../lib/query/query-keys';
import type { PlaySessionTransport } from '../machines/play-session.machine';

export type {
  CoachingSessionAnalysisAnswer as SessionAnalysis,
  CoachingSessionAnswer as CoachingSession,
  CoachingSessionSummaryAnswer as CoachingSessionSummary,
  CoachingSessionTurnAnswer,
  ScenarioBriefing,
} from '@ai-coaching/contracts';

const keys = queryKeys('coaching-sessions');

export const useScenarioBriefing = (scenarioId: string) =>
  useQuery({
    queryKey: ['coaching-scenarios', 'briefing', scenarioId],
    queryFn: () => api.call(sessions.briefing, { params: { id: scenarioId } }),
  });

export type SessionScope = 'mine' | 'organization';

export const useCoachingSessions = (filters: ListState & { scope: SessionScope; status?: CoachingSessionStatus }) =>
  useQuery({
    queryKey: keys.list(filters),
    queryFn: () => api.call(sessions.list, { query: filters }),
    placeholderData: keepPreviousData,
  });

export const useCoachingSession = (id: string) =>
  useQuery({ queryKey: keys.detail(id), queryFn: () => api.call(sessions.read, { params: { id } }) });

/** The page keeps one key per visit (`newIdempotencyKey`): a double click or a retry starts one session. */
export const useStartSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ scenarioId, idempotencyKey }: { scenarioId: string; idempotencyKey: string }) =>
      api.call(sessions.create, { body: { scenario_id: scenarioId } }, { idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
};

/** The play machine's transport over HTTP: whole replies (the gateway's streaming transport comes with live play). */
export const httpSessionTransport: PlaySessionTransport = {
  load: (sessionId, { signal }) => api.call(sessions.read, { params: { id: sessionId } }, { signal }),
  sendTurn: (sessionId, turn, { signal }) =>
    api.call(sessions.turn, { params: { id: sessionId }, body: turn }, { signal }),
  end: (sessionId) => api.call(sessions.end, { params: { id: sessionId } }),
  abort: (sessionId) => api.call(sessions.abort, { params: { id: sessionId } }),
};

const UNFINISHED = ['pending', 'running'];

/** The session's report, asked again every 2 s while observers are still at work: reports arrive one by one. */
export const useSessionAnalysis = (sessionId: string, version: number | null, enabled: boolean) =>
  useQuery({
    queryKey: [...keys.detail(sessionId), 'analysis', version],
    queryFn: () =>
      api.call(analyses.analysis, { params: { id: sessionId }, query: version === null ? {} : { version } }),
    enabled,
    retry: false,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      // No report yet (404) while the session's end is being recorded: ask again shortly.
      if (query.state.error) return 3000;
      return status !== undefined && UNFINISHED.includes(status) ? 2000 : false;
    },
  });

export const useRerunAnalysis = (sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(analyses.rerunAnalysis, { params: { id: sessionId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...keys.detail(sessionId), 'analysis'] }),
  });
};
