import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** A callback that marks every query of a kind of resource stale (`keys.all`): its lists and details show a change. */
export const useInvalidateAll = (keys: { all: QueryKey }) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.all });
};

/**
 * A change to a kind of resource whose success marks every query of the kind stale; `mutateAsync` resolves once
 * they are, so a page that navigates after it reads fresh data.
 */
export const useInvalidatingMutation = <Variables, Result>(
  keys: { all: QueryKey },
  mutationFn: (variables: Variables) => Promise<Result>,
) => {
  const invalidate = useInvalidateAll(keys);
  return useMutation({ mutationFn, onSuccess: invalidate });
};
