import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';

export type PathRedirect = { source_path: string; target: string; created_at: string; updated_at: string };

export const getRedirectsQueryOptions = () =>
  queryOptions({
    queryKey: ['redirects', 'list'],
    queryFn: () => api.get<{ items: PathRedirect[]; total: number }>('/v1/redirects'),
  });

export const useRedirects = () => useQuery(getRedirectsQueryOptions());

const useInvalidateRedirects = () => {
  const queryClient = useQueryClient();
  // The navigation guard caches resolutions under ['redirects', 'resolve', path]: drop them too.
  return () => queryClient.invalidateQueries({ queryKey: ['redirects'] });
};

export const useSaveRedirect = () => {
  const invalidate = useInvalidateRedirects();
  return useMutation({
    mutationFn: (input: { source_path: string; target: string }) => api.put<PathRedirect>('/v1/redirects', input),
    onSuccess: invalidate,
  });
};

export const useDeleteRedirect = () => {
  const invalidate = useInvalidateRedirects();
  return useMutation({
    mutationFn: (sourcePath: string) => api.delete<void>('/v1/redirects', { query: { source_path: sourcePath } }),
    onSuccess: invalidate,
  });
};
