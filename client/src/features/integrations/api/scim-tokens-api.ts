import { queryOptions, useQuery } from '@tanstack/react-query';
import { scimTokenOperations as op } from '../../../lib/http/contract-routes';
import type { RequestOf } from '../../../lib/http/route';
import { api } from '../../../lib/http/api';
import { queryKeys } from '../../../lib/query/query-keys';
import { useInvalidatingMutation } from '../../../lib/query/invalidating-mutation';

export type { CreatedScimToken, ScimToken } from '@ai-coaching/contracts';

// SCIM tokens (docs/api/integrations.md, "SCIM"): API keys scoped to /scim/v2, listed apart from the keys.

const tokenKeys = queryKeys('scim-tokens');

export const getScimTokensQueryOptions = () =>
  queryOptions({
    queryKey: tokenKeys.list({}),
    queryFn: () => api.call(op.list, { query: { page_size: 48 } }),
  });

export const useScimTokens = () => useQuery(getScimTokensQueryOptions());

export const useCreateScimToken = () =>
  useInvalidatingMutation([tokenKeys], (body: RequestOf<typeof op.create>['body']) => api.call(op.create, { body }));

export const useRevokeScimToken = () =>
  useInvalidatingMutation([tokenKeys], (id: string) => api.call(op.revoke, { params: { id } }));
