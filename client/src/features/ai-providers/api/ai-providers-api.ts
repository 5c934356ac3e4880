import {
  aiModelOperations as models,
  aiProviderOperations as providers,
  aiServiceKeyOperations as keys,
  aiSpeechVoiceOperations as voices,
  organizationOperations,
  userOperations,
} from '../../../lib/http/contract-routes';
import type { RequestOf } from '../../../lib/http/route';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListState } from '../../../hooks/use-list-params';
import { api, newIdempotencyKey } from '../../../lib/http/api';
import { pagedListQueryOptions, queryKeys } from '../../../lib/query/query-keys';
import { useInvalidatingMutation } from '../../../lib/query/invalidating-mutation';

export type {
  AiAvailableVoice,
  AiModel,
  AiProvider,
  AiProviderTestResult,
  AiServiceKey,
  AiSpeechVoice,
} from '@ai-coaching/contracts';

const providerKeys = queryKeys('ai-providers');
const serviceKeyKeys = queryKeys('ai-service-keys');
const modelKeys = queryKeys('ai-models');
const voiceKeys = queryKeys('ai-speech-voices');

export type ProviderBody = RequestOf<typeof providers.create>['body'];
export type ProviderPatch = RequestOf<typeof providers.update>['body'];
export type ModelBody = RequestOf<typeof models.create>['body'];
export type ModelPatch = RequestOf<typeof models.update>['body'];
export type VoiceBody = RequestOf<typeof voices.create>['body'];
export type VoicePatch = RequestOf<typeof voices.update>['body'];

/** Every page of a provider's keys, models or voices on its editor: the largest page the API serves. */
const ALL = { page: 1, page_size: 48, sort: 'name' } as const;

export const getAiProvidersQueryOptions = (filters: ListState) =>
  pagedListQueryOptions(providerKeys.list(filters), () => api.call(providers.list, { query: filters }));

export const useAiProviders = (filters: ListState) => useQuery(getAiProvidersQueryOptions(filters));

export const getAiProviderQueryOptions = (id: string) =>
  queryOptions({ queryKey: providerKeys.detail(id), queryFn: () => api.call(providers.read, { params: { id } }) });

export const useAiProvider = (id: string) => useQuery(getAiProviderQueryOptions(id));

export const getAiServiceKeysQueryOptions = (providerId: string) =>
  queryOptions({
    queryKey: serviceKeyKeys.list({ providerId }),
    // Newest first: the key in use comes at the top.
    queryFn: () => api.call(keys.list, { query: { ...ALL, sort: '-updated_at', provider_id: providerId } }),
  });

export const useAiServiceKeys = (providerId: string, enabled: boolean) =>
  useQuery({ ...getAiServiceKeysQueryOptions(providerId), enabled });

export const getAiModelsQueryOptions = (providerId: string) =>
  queryOptions({
    queryKey: modelKeys.list({ providerId }),
    queryFn: () => api.call(models.list, { query: { ...ALL, provider_id: providerId } }),
  });

export const useAiModels = (providerId: string) => useQuery(getAiModelsQueryOptions(providerId));

export const getAiSpeechVoicesQueryOptions = (providerId: string) =>
  queryOptions({
    queryKey: voiceKeys.list({ providerId }),
    queryFn: () => api.call(voices.list, { query: { ...ALL, provider_id: providerId } }),
  });

export const useAiSpeechVoices = (providerId: string, enabled: boolean) =>
  useQuery({ ...getAiSpeechVoicesQueryOptions(providerId), enabled });

/** Organizations a super-admin may give a provider to. */
export const useOrganizationChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['organizations', 'options'],
    queryFn: () => api.call(organizationOperations.list, { query: { page_size: 48, sort: 'name' } }),
    enabled,
  });

/** Who set a key, by name; nothing when the caller may not read that user (then the screen says so). */
export const useUserName = (userId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: ['users', 'detail', userId ?? ''],
    queryFn: () => api.call(userOperations.read, { params: { id: userId ?? '' } }),
    enabled: enabled && Boolean(userId),
    retry: false,
    staleTime: 5 * 60_000,
  });

/** After any change to the catalogue: lists, details and counts show it. */
const useCatalogueMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) =>
  useInvalidatingMutation([providerKeys, serviceKeyKeys, modelKeys, voiceKeys], mutationFn);

export const useCreateAiProvider = () =>
  useCatalogueMutation((body: ProviderBody) =>
    api.call(providers.create, { body }, { idempotencyKey: newIdempotencyKey() }),
  );

export const useUpdateAiProvider = (id: string) =>
  useCatalogueMutation((body: ProviderPatch) => api.call(providers.update, { params: { id }, body }));

export const useDeleteAiProvider = () =>
  useCatalogueMutation((id: string) => api.call(providers.delete, { params: { id } }));

/** The test is a question, not a change: nothing to invalidate but the keys' "last used". */
export const useTestAiProvider = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(providers.test, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceKeyKeys.all }),
  });
};

export const useAddAiServiceKey = () =>
  useCatalogueMutation((body: RequestOf<typeof keys.create>['body']) =>
    api.call(keys.create, { body }, { idempotencyKey: newIdempotencyKey() }),
  );

export const useRevokeAiServiceKey = () =>
  useCatalogueMutation((id: string) => api.call(keys.revoke, { params: { id } }));

export const useSaveAiModel = () =>
  useCatalogueMutation((input: { id: string; body: ModelPatch } | { id?: undefined; body: ModelBody }) =>
    input.id === undefined
      ? api.call(models.create, { body: input.body }, { idempotencyKey: newIdempotencyKey() })
      : api.call(models.update, { params: { id: input.id }, body: input.body }),
  );

export const useDeleteAiModel = () => useCatalogueMutation((id: string) => api.call(models.delete, { params: { id } }));

export const useSaveAiSpeechVoice = () =>
  useCatalogueMutation((input: { id: string; body: VoicePatch } | { id?: undefined; body: VoiceBody }) =>
    input.id === undefined
      ? api.call(voices.create, { body: input.body }, { idempotencyKey: newIdempotencyKey() })
      : api.call(voices.update, { params: { id: input.id }, body: input.body }),
  );

export const useDeleteAiSpeechVoice = () =>
  useCatalogueMutation((id: string) => api.call(voices.delete, { params: { id } }));

/** The provider's own voice list, asked of the provider (a paid call for some): only when the import panel opens. */
export const getAvailableVoicesQueryOptions = (providerId: string) =>
  queryOptions({
    queryKey: [...voiceKeys.all, 'available', providerId],
    queryFn: () => api.call(providers.availableVoices, { params: { id: providerId } }),
    retry: false,
    staleTime: 60_000,
  });

export const useAvailableVoices = (providerId: string) => useQuery(getAvailableVoicesQueryOptions(providerId));

export const useImportAiSpeechVoices = () =>
  useCatalogueMutation((body: RequestOf<typeof voices.import>['body']) =>
    api.call(voices.import, { body }, { idempotencyKey: newIdempotencyKey() }),
  );

/** A sample of the voice, made by the provider the first time and cached by the server after that. */
export const useVoicePreview = (voiceId: string) =>
  useMutation({ mutationFn: () => api.download(voices.preview, { params: { id: voiceId } }) });
