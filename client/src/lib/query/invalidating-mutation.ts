import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** A kind of resource's query keys (`queryKeys(kind)`): `all` reaches its lists and details. */
type Kind = { all: QueryKey };

/** A callback that marks every query of these kinds stale (`keys.all`): their lists and details show a change. */
export const useInvalidateAll = (...kinds: readonly Kind[]) => {
  const queryClient = useQueryClient();
  return () => Promise.all(kinds.map((kind) => queryClient.invalidateQueries({ queryKey: kind.all })));
};

/**
 * A change whose success marks every query of the kinds it touches stale; `mutateAsync` resolves once they are, so a
 * page that navigates after it reads fresh data.
 */
export const useInvalidatingMutation = <Variables, Result>(
  kinds: Kind | readonly Kind[],
  mutationFn: (variables: Variables) => Promise<Result>,
) => {
  const invalidate = useInvalidateAll(...('all' in kinds ? [kinds] : kinds));
  return useMutation({ mutationFn, onSuccess: invalidate });
};
