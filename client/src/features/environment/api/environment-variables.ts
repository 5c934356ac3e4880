import {} from '@ai-coaching/contracts';
import { environmentVariableOperations as op } from '../../../lib/http/contract-routes';
import type { RequestOf } from '../../../lib/http/route';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';
import { queryKeys } from '../../../lib/query/query-keys';
import { useInvalidateAll, useInvalidatingMutation } from '../../../lib/query/invalidating-mutation';

export type { EnvironmentVariable } from '@ai-coaching/contracts';

export type EnvironmentVariableInput = RequestOf<typeof op.save>['body'];

const keys = queryKeys('environment-variables');

export const getEnvironmentVariablesQueryOptions = () =>
  queryOptions({ queryKey: keys.lists(), queryFn: () => api.call(op.list, {}) });

export const useEnvironmentVariables = () => useQuery(getEnvironmentVariablesQueryOptions());

/** PUT is an upsert: creating and changing a variable are the same request, safe to retry. */
export const putEnvironmentVariable = (name: string, input: EnvironmentVariableInput) =>
  api.call(op.save, { params: { name }, body: input });

export const deleteEnvironmentVariable = (name: string) => api.call(op.remove, { params: { name } });

export const useInvalidateEnvironmentVariables = () => useInvalidateAll(keys);

export const useSaveEnvironmentVariable = () =>
  useInvalidatingMutation(keys, ({ name, input }: { name: string; input: EnvironmentVariableInput }) =>
    putEnvironmentVariable(name, input),
  );
