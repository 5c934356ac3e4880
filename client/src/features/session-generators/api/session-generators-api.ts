import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListState } from '../../../hooks/use-list-params';
import { api } from '../../../lib/http/api';
import {
  aiModelOperations as models,
  backgroundJobOperations as jobs,
  sessionGeneratorOperations as op,
} from '../../../lib/http/contract-routes';
import type { RequestOf } from '../../../lib/http/route';
import { pagedListQueryOptions, queryKeys } from '../../../lib/query/query-keys';

export type {
  BackgroundJobAnswer as BackgroundJob,
  SessionGeneratorAnswer as SessionGenerator,
} from '@ai-coaching/contracts';
import { useInvalidatingMutation } from '../../../lib/query/invalidating-mutation';

const keys = queryKeys('session-generators');

export const getSessionGeneratorsQueryOptions = (filters: ListState) =>
  pagedListQueryOptions(keys.list(filters), () => api.call(op.list, { query: filters }));

export const useSessionGenerators = (filters: ListState) => useQuery(getSessionGeneratorsQueryOptions(filters));

export const useCreateSessionGenerator = () =>
  useInvalidatingMutation(keys, (body: RequestOf<typeof op.create>['body']) => api.call(op.create, { body }));

export const useUpdateSessionGenerator = (id: string) =>
  useInvalidatingMutation(keys, (body: RequestOf<typeof op.update>['body']) =>
    api.call(op.update, { params: { id }, body }),
  );

export const useDeleteSessionGenerator = () =>
  useInvalidatingMutation(keys, (id: string) => api.call(op.delete, { params: { id } }));

/** One user intent, one key: a start sent again (a double click, a retry) answers the same job. */
export const useGenerateSessions = () =>
  useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
      api.call(op.generate, { params: { id } }, { idempotencyKey }),
  });

/**
 * "Publish draft": the draft's scenario with its persona, mission and observers, in one call, all or nothing. Sent
 * again it publishes nothing more, so a retry after a lost answer is safe.
 */
export const usePublishDraft = (generatorId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draftId: string) => api.call(op.publishDraft, { params: { id: generatorId, draft_id: draftId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['coaching-scenarios'] }),
  });
};

/** A run of a generator, asked again every second until it has finished. */
export const useGenerationJob = (jobId: string | null) => {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['jobs', 'detail', jobId],
    queryFn: async () => {
      const job = await api.call(jobs.read, { params: { id: jobId! } });
      // Its drafts are new content: the content lists read again.
      if (job.status === 'completed') void queryClient.invalidateQueries({ queryKey: ['coaching-scenarios'] });
      return job;
    },
    enabled: jobId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'completed' || status === 'failed' ? false : 1000;
    },
  });
};

/** The AI models able to draft: the platform's and the organization's chat models. */
export const getDraftingModelsQueryOptions = () =>
  queryOptions({
    queryKey: ['ai-models', 'list', { generators: true }],
    queryFn: () => api.call(models.list, { query: { page: 1, page_size: 48, sort: 'name', capability: 'chat' } }),
  });

export const useDraftingModels = () => useQuery(getDraftingModelsQueryOptions());
