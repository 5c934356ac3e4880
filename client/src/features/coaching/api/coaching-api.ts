import type {
  MissionItem,
  ObserverItem,
  ObserverTrialBody,
  Page,
  PersonaItem,
  PlaylistItem,
  ProgramItem,
  ScenarioItem,
} from '@ai-coaching/contracts';
import {
  isTerminalCoachingSessionStatus,
  SESSION_LANGUAGES,
  type CoachingStatus,
  type SessionLanguage,
} from '@ai-coaching/domain';
import {
  aiModelOperations,
  aiSpeechVoiceOperations,
  coachingForkOperations as forks,
  coachingObserverTrialOperations,
  coachingPracticeOperations,
  coachingSessionOperations,
  coachingShareOperations as shares,
  myAssignmentOperations,
  missionContentOperations,
  observerContentOperations,
  personaContentOperations,
  playlistContentOperations,
  programContentOperations,
  scenarioContentOperations,
  organizationOperations,
  userGroupOperations,
  userOperations,
} from '../../../lib/http/contract-routes';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListState } from '../../../hooks/use-list-params';
import { api, newIdempotencyKey } from '../../../lib/http/api';
import { queryKeys } from '../../../lib/query/query-keys';
import type { CoachingKind, ForkableKind, ShareableKind } from '../utils/coaching-kinds';

export type {
  MissionItem,
  ObserverItem,
  PersonaItem,
  PlaylistItem,
  ProgramItem,
  ScenarioItem,
} from '@ai-coaching/contracts';

/** An item of each kind, as the API answers it. */
export type CoachingItemOf = {
  persona: PersonaItem;
  mission: MissionItem;
  observer: ObserverItem;
  scenario: ScenarioItem;
  playlist: PlaylistItem;
  program: ProgramItem;
};
export type AnyCoachingItem = CoachingItemOf[CoachingKind];

// The kinds share one shape of operations, so one set of hooks serves them all.
const OPERATIONS = {
  persona: personaContentOperations,
  mission: missionContentOperations,
  observer: observerContentOperations,
  scenario: scenarioContentOperations,
  playlist: playlistContentOperations,
  program: programContentOperations,
} as const;

// Typed once here for every kind, instead of five copies of each hook.
type Operations = (typeof OPERATIONS)['persona'];
const operationsOf = (kind: CoachingKind) => OPERATIONS[kind] as unknown as Operations;

const keys = {
  persona: queryKeys('coaching-personas'),
  mission: queryKeys('coaching-missions'),
  observer: queryKeys('coaching-observers'),
  scenario: queryKeys('coaching-scenarios'),
  playlist: queryKeys('coaching-playlists'),
  program: queryKeys('coaching-programs'),
} as const;

export type CoachingSource = 'own' | 'library' | 'shared';
export type CoachingFilters = ListState & { status?: CoachingStatus; source?: CoachingSource };

export const useCoachingList = <Kind extends CoachingKind>(kind: Kind, filters: CoachingFilters, enabled = true) =>
  useQuery({
    queryKey: keys[kind].list(filters),
    queryFn: async () => {
      const page = await api.call(operationsOf(kind).list, { query: filters });
      return page as unknown as Page<CoachingItemOf[Kind]>;
    },
    placeholderData: keepPreviousData,
    enabled,
  });

/** Everything of a kind a picker may offer (the largest page the API serves), by name. */
export const useCoachingChoices = <Kind extends CoachingKind>(kind: Kind, enabled = true) =>
  useCoachingList(kind, { page: 1, page_size: 48, sort: 'name', q: '' }, enabled);

export const useCoachingItem = <Kind extends CoachingKind>(kind: Kind, id: string | undefined) =>
  useQuery({
    queryKey: keys[kind].detail(id ?? ''),
    queryFn: async () =>
      (await api.call(operationsOf(kind).read, { params: { id: id ?? '' } })) as unknown as CoachingItemOf[Kind],
    enabled: Boolean(id),
  });

export const useCoachingVersions = (kind: CoachingKind, id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...keys[kind].detail(id), 'versions'],
    queryFn: () => api.call(operationsOf(kind).versions, { params: { id } }),
    enabled,
  });

export const useCoachingVersion = (kind: CoachingKind, id: string, version: number | null) =>
  useQuery({
    queryKey: [...keys[kind].detail(id), 'versions', version],
    queryFn: async () =>
      (await api.call(operationsOf(kind).version, {
        params: { id, version: version ?? 0 },
      })) as unknown as Record<string, unknown>,
    enabled: version !== null,
    staleTime: Infinity,
  });

/** After any change: every list and detail of the kind, and of the kinds that show it (a scenario shows its persona). */
const useCoachingMutation = <Input, Output>(kind: CoachingKind, mutationFn: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all(
        [keys[kind], ...(kind === 'scenario' || kind === 'playlist' ? [] : [keys.scenario])].map((kindKeys) =>
          queryClient.invalidateQueries({ queryKey: kindKeys.all }),
        ),
      ),
  });
};

export type CoachingFields = Record<string, unknown>;

export const useSaveCoachingItem = <Kind extends CoachingKind>(kind: Kind) =>
  useCoachingMutation(kind, async (input: { id?: string; body: CoachingFields }) => {
    const operations = operationsOf(kind);
    const answer =
      input.id === undefined
        ? await api.call(operations.create, { body: input.body as never }, { idempotencyKey: newIdempotencyKey() })
        : await api.call(operations.update, { params: { id: input.id }, body: input.body as never });
    return answer as unknown as CoachingItemOf[Kind];
  });

export type CoachingAction = 'publish' | 'archive' | 'restore';

export const useCoachingAction = <Kind extends CoachingKind>(kind: Kind) =>
  useCoachingMutation(
    kind,
    async ({ id, action }: { id: string; action: CoachingAction }) =>
      (await api.call(operationsOf(kind)[action], { params: { id } })) as unknown as CoachingItemOf[Kind],
  );

export const useDeleteCoachingItem = (kind: CoachingKind) =>
  useCoachingMutation(kind, (id: string) => api.call(operationsOf(kind).delete, { params: { id } }));

/** One key per fork page: a double click or a retried request makes one fork. */
export const useForkCoachingItem = <Kind extends ForkableKind>(kind: Kind) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
      (await api.call(
        forks[kind] as typeof forks.persona,
        { params: { id } },
        { idempotencyKey },
      )) as unknown as CoachingItemOf[Kind],
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys[kind].all }),
  });
};

export const useShareCoachingItem = (kind: ShareableKind) =>
  useCoachingMutation(
    kind,
    ({
      id,
      body,
    }: {
      id: string;
      body: { user_group_ids: string[]; user_ids: string[]; organization_ids?: string[] };
    }) => api.call(shares[kind], { params: { id }, body }),
  );

/** Whom a published item may be shared with: the largest page the API serves, by name. */
const ALL = { page: 1, page_size: 48, sort: 'name', q: '' } as const;

const scopeOf = (organizationId: string | null) => (organizationId ? { organization_id: organizationId } : {});

export const getShareGroupsQueryOptions = (organizationId: string | null) =>
  queryOptions({
    queryKey: ['user-groups', 'list', { share: organizationId }],
    queryFn: () => api.call(userGroupOperations.list, { query: { ...ALL, ...scopeOf(organizationId) } }),
  });

export const useShareGroups = (organizationId: string | null, allowed: boolean) =>
  useQuery({ ...getShareGroupsQueryOptions(organizationId), enabled: organizationId !== null && allowed });

export const getShareUsersQueryOptions = (organizationId: string | null) =>
  queryOptions({
    queryKey: ['users', 'list', { share: organizationId }],
    queryFn: () => api.call(userOperations.list, { query: { ...ALL, ...scopeOf(organizationId), status: 'active' } }),
  });

export const useShareUsers = (organizationId: string | null, allowed: boolean) =>
  useQuery({ ...getShareUsersQueryOptions(organizationId), enabled: organizationId !== null && allowed });

export const getShareOrganizationsQueryOptions = () =>
  queryOptions({
    queryKey: ['organizations', 'list', { share: true }],
    queryFn: () => api.call(organizationOperations.list, { query: ALL }),
  });

export const useShareOrganizations = (enabled: boolean) =>
  useQuery({ ...getShareOrganizationsQueryOptions(), enabled });

/** AI models able to chat, for observers and scenarios: the platform's and the organization's. */
export const getChatModelsQueryOptions = () =>
  queryOptions({
    queryKey: ['ai-models', 'list', { coaching: true }],
    queryFn: () =>
      api.call(aiModelOperations.list, { query: { page: 1, page_size: 48, sort: 'name', capability: 'chat' } }),
  });

export const useChatModels = () => useQuery(getChatModelsQueryOptions());

/** Models that transcribe: a voice scenario's recognition. */
export const getTranscriptionModelsQueryOptions = () =>
  queryOptions({
    queryKey: ['ai-models', 'list', { coaching: true, capability: 'transcription' }],
    queryFn: () =>
      api.call(aiModelOperations.list, {
        query: { page: 1, page_size: 48, sort: 'name', capability: 'transcription' },
      }),
  });

export const useTranscriptionModels = () => useQuery(getTranscriptionModelsQueryOptions());

export const getSpeechVoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['ai-speech-voices', 'list', { coaching: true }],
    queryFn: () => api.call(aiSpeechVoiceOperations.list, { query: { page: 1, page_size: 48, sort: 'name' } }),
  });

export const useSpeechVoices = () => useQuery(getSpeechVoicesQueryOptions());

/** The learner's home: what the caller may play now, with their best results, and their latest sessions. */
/** The caller's assignments, due soonest first (docs/programs.md). */
export const useMyAssignments = () =>
  useQuery({
    queryKey: ['coaching', 'my-assignments'],
    queryFn: () => api.call(myAssignmentOperations.list, { query: { page: 1, page_size: 48 } }),
  });

/** Mutes or unmutes one assignment's reminders; the answer is the assignment as it now stands. */
export const useMuteAssignmentReminders = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, muted }: { id: string; muted: boolean }) =>
      api.call(myAssignmentOperations.muteReminders, { params: { id }, body: { muted } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['coaching', 'my-assignments'] }),
  });
};

export const useCoachingPractice = (language: string) =>
  useQuery({
    queryKey: ['coaching', 'practice', language],
    queryFn: () =>
      api.call(coachingPracticeOperations.home, {
        query: isSessionLanguage(language) ? { language } : {},
      }),
  });

const isSessionLanguage = (value: string): value is SessionLanguage =>
  (SESSION_LANGUAGES as readonly string[]).includes(value);

/** The caller's ended sessions with a transcript, newest first: what an observer may be tried on. */
export const getEndedSessionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys('coaching-sessions').list({ ended: true, page_size: 48 }),
    queryFn: async () => {
      const page = await api.call(coachingSessionOperations.list, {
        query: { page: 1, page_size: 48, sort: '-updated_at', scope: 'mine' },
      });
      return page.items.filter(
        (session) =>
          isTerminalCoachingSessionStatus(session.status) && session.status !== 'abort' && session.turn_count > 0,
      );
    },
  });

export const useEndedSessions = (enabled: boolean) => useQuery({ ...getEndedSessionsQueryOptions(), enabled });

/** The scores an observer, as its form holds it, would give a transcript: nothing is stored, nothing to refresh. */
export const useTryObserver = () =>
  useMutation({ mutationFn: (body: ObserverTrialBody) => api.call(coachingObserverTrialOperations.create, { body }) });
