import { pathOf, type UserImport } from '@ai-coaching/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiKeyOperations as keyOp, userImportOperations as importOp } from '../../../lib/http/contract-routes';
import type { RequestOf } from '../../../lib/http/route';
import { api } from '../../../lib/http/api';
import { queryKeys } from '../../../lib/query/query-keys';
import { useInvalidatingMutation } from '../../../lib/query/invalidating-mutation';

export type { ApiKey, CreatedApiKey, UserImport, UserImportRow } from '@ai-coaching/contracts';

const keyKeys = queryKeys('api-keys');
const importKeys = queryKeys('user-imports');

// --- API keys (docs/api/integrations.md, "API keys") ------------------------------------------------------------

export const getApiKeysQueryOptions = () =>
  queryOptions({
    queryKey: keyKeys.list({}),
    queryFn: () => api.call(keyOp.list, { query: { page_size: 48 } }),
  });

export const useApiKeys = () => useQuery(getApiKeysQueryOptions());

export const useCreateApiKey = () =>
  useInvalidatingMutation([keyKeys], (body: RequestOf<typeof keyOp.create>['body']) =>
    api.call(keyOp.create, { body }),
  );

export const useRotateApiKey = () =>
  useInvalidatingMutation([keyKeys], ({ id, hours }: { id: string; hours: number }) =>
    api.call(keyOp.rotate, { params: { id }, body: { grace_period_hours: hours } }),
  );

export const useRevokeApiKey = () =>
  useInvalidatingMutation([keyKeys], (id: string) => api.call(keyOp.revoke, { params: { id } }));

// --- Bulk import (docs/api/integrations.md, "Bulk import") -------------------------------------------------------

/** The dry run of a file's text: what each row will do. */
export const usePlanUserImport = () =>
  useMutation({
    mutationFn: (file: { csv: string; file_name: string }) =>
      api.call(importOp.create, { body: { ...file, dry_run: true } }),
  });

export const useConfirmUserImport = () =>
  useInvalidatingMutation([importKeys], (id: string) => api.call(importOp.confirm, { params: { id } }));

const running = (userImport: UserImport | undefined) =>
  userImport?.status === 'queued' || userImport?.status === 'running';

/** An import, asked again every second while its job runs. */
export const getUserImportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: importKeys.detail(id),
    queryFn: () => api.call(importOp.read, { params: { id } }),
    refetchInterval: (query) => (running(query.state.data) ? 1000 : false),
  });

export const useUserImport = (id: string | null) =>
  useQuery({ ...getUserImportQueryOptions(id ?? ''), enabled: id !== null });

/** The result file, in the interface's language; fetched with the token, so not a plain link. */
export const useUserImportResultCsv = () =>
  useMutation({
    mutationFn: (id: string) => api.request<string>(pathOf(importOp.result.path, { id }), { responseType: 'text' }),
  });
