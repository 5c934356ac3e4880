import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';

export type EnvironmentVariable = {
  name: string;
  /** Null for secrets: they are write-only. */
  value: string | null;
  is_secret: boolean;
  description: string;
  /** `environment`: the server's own configuration, read-only here; `api`: managed on this screen. */
  source: 'environment' | 'api';
  updated_at: string | null;
};

export type EnvironmentVariableInput = { value: string; is_secret: boolean; description: string };

export const getEnvironmentVariables = () =>
  api.get<{ items: EnvironmentVariable[]; total: number }>('/v1/environment_variables');

export const getEnvironmentVariablesQueryOptions = () =>
  queryOptions({ queryKey: ['environment-variables'], queryFn: getEnvironmentVariables });

export const useEnvironmentVariables = () => useQuery(getEnvironmentVariablesQueryOptions());

/** PUT is an upsert: creating and changing a variable are the same request, safe to retry. */
export const putEnvironmentVariable = (name: string, input: EnvironmentVariableInput) =>
  api.put<EnvironmentVariable>(`/v1/environment_variables/${encodeURIComponent(name)}`, input);

export const deleteEnvironmentVariable = (name: string) =>
  api.delete<void>(`/v1/environment_variables/${encodeURIComponent(name)}`);

export const useSaveEnvironmentVariable = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, input }: { name: string; input: EnvironmentVariableInput }) =>
      putEnvironmentVariable(name, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getEnvironmentVariablesQueryOptions().queryKey }),
  });
};

export const useDeleteEnvironmentVariable = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEnvironmentVariable,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getEnvironmentVariablesQueryOptions().queryKey }),
  });
};
