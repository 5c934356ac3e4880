import type { CoachingSessionStatus } from '@ai-coaching/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListState } from '../../../hooks/use-list-params';
import { api } from '../../../lib/http/api';
import {
  backgroundJobOperations as jobs,
  coachingAnalysisRerunOperations as reruns,
  coachingSessionAnalysisOperations as analyses,
  coachingSessionOperations as sessions,
  observerContentOperations,
  scenarioContentOperations,
} from '../../../lib/http/contract-routes';
import { pagedListQueryOptions, queryKeys } from '../../../lib/query/query-keys';
import type { PlaySessionTransport } from '../machines/play-types';

export type {
  BackgroundJobAnswer as BackgroundJob,
  CoachingSessionAnalysisAnswer as SessionAnalysis,
  CoachingSessionAnswer as CoachingSession,
  CoachingSessionSummaryAnswer as CoachingSessionSummary,
  CoachingSessionTurnAnswer,
  ScenarioBriefing,
} from '@ai-coaching/contracts';
import { useInvalidatingMutation } from '../../../lib/query/invalidating-mutation';

const keys = queryKeys('coaching-sessions');

export const getScenarioBriefingQueryOptions = (scenarioId: string) =>
  queryOptions({
    queryKey: ['coaching-scenarios', 'briefing', scenarioId],
    queryFn: () => api.call(sessions.briefing, { params: { id: scenarioId } }),
  });

export const useScenarioBriefing = (scenarioId: string) => useQuery(getScenarioBriefingQueryOptions(scenarioId));

export type SessionScope = 'mine' | 'organization';

export type SessionFilters = ListState & { scope: SessionScope; status?: CoachingSessionStatus };

export const getCoachingSessionsQueryOptions = (filters: SessionFilters) =>
  pagedListQueryOptions(keys.list(filters), () => api.call(sessions.list, { query: filters }));

export const useCoachingSessions = (filters: SessionFilters) => useQuery(getCoachingSessionsQueryOptions(filters));

export const getCoachingSessionQueryOptions = (id: string) =>
  queryOptions({ queryKey: keys.detail(id), queryFn: () => api.call(sessions.read, { params: { id } }) });

export const useCoachingSession = (id: string) => useQuery(getCoachingSessionQueryOptions(id));

/**
 * The page keeps one key per visit and choice (`newIdempotencyKey`): a double click or a retry starts one session.
 * `private`: private practice (docs/programs.md), read by the learner alone and counted for no assignment.
 */
export const useStartSession = () =>
  useInvalidatingMutation(
    keys,
    ({
      scenarioId,
      idempotencyKey,
      private: asPrivate,
    }: {
      scenarioId: string;
      idempotencyKey: string;
      private: boolean;
    }) => api.call(sessions.create, { body: { scenario_id: scenarioId, private: asPrivate } }, { idempotencyKey }),
  );

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

export type ScoreCorrection = {
  version: number;
  observer_id: string;
  criterion: string;
  score: number;
  comment: string;
};

/** One key per correction form opened: a double click or a retried request corrects once. */
export const useCorrectScore = (sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ correction, idempotencyKey }: { correction: ScoreCorrection; idempotencyKey: string }) =>
      api.call(analyses.correctScore, { params: { id: sessionId }, body: correction }, { idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...keys.detail(sessionId), 'analysis'] }),
  });
};

/** The organization's scenarios and observers a bulk re-run may name (the largest page the API serves, by name). */
export const useRerunChoices = (enabled: boolean) => {
  const query = { page: 1, page_size: 48, sort: 'name', q: '' } as const;
  const scenarios = useQuery({
    queryKey: ['coaching-scenarios', 'rerun-choices'],
    queryFn: () => api.call(scenarioContentOperations.list, { query }),
    enabled,
  });
  const observers = useQuery({
    queryKey: ['coaching-observers', 'rerun-choices'],
    queryFn: () => api.call(observerContentOperations.list, { query }),
    enabled,
  });
  return { scenarios, observers };
};

export type AnalysisRerunRequest = { scenario_id?: string; observer_id?: string; from: string; to: string };

export const useStartAnalysisRerun = () =>
  useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: AnalysisRerunRequest; idempotencyKey: string }) =>
      api.call(reruns.start, { body: request }, { idempotencyKey }),
  });

/** A background job, asked again every second until it has finished. */
export const useBackgroundJob = (jobId: string | null) => {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['jobs', 'detail', jobId],
    queryFn: async () => {
      const job = await api.call(jobs.read, { params: { id: jobId! } });
      // The reports it re-ran have new versions: lists and reports read again.
      if (job.status === 'completed') void queryClient.invalidateQueries({ queryKey: keys.all });
      return job;
    },
    enabled: jobId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'completed' || status === 'failed' ? false : 1000;
    },
  });
};
