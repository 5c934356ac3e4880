import {} from '@ai-coaching/contracts';
import { redirectOperations as op } from '../../../lib/http/contract-routes';
import type { RequestOf } from '../../../lib/http/route';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';
import { queryKeys } from '../../../lib/query/query-keys';

export type { Redirect as PathRedirect } from '@ai-coaching/contracts';

export type RedirectInput = RequestOf<typeof op.save>['body'];

const keys = queryKeys('redirects');

export const getRedirectsQueryOptions = () =>
  queryOptions({ queryKey: keys.lists(), queryFn: () => api.call(op.list, {}) });

export const useRedirects = () => useQuery(getRedirectsQueryOptions());

export const useInvalidateRedirects = () => {
  const queryClient = useQueryClient();
  // The navigation guard caches resolutions under ['redirects', 'resolve', path]: drop them too.
  return () => queryClient.invalidateQueries({ queryKey: keys.all });
};

export const saveRedirect = (body: RedirectInput) => api.call(op.save, { body });

export const deleteRedirect = (sourcePath: string) => api.call(op.remove, { query: { source_path: sourcePath } });
