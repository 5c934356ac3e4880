import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';

/**
 * The query keys of one kind of resource, from one factory, so that a mutation invalidates exactly
 * what its queries cached: `all` (everything of the kind), `list(filters)` and `detail(id)`.
 */
export const queryKeys = <Kind extends string>(kind: Kind) => ({
  all: [kind] as const,
  lists: () => [kind, 'list'] as const,
  list: (filters: object) => [kind, 'list', filters] as const,
  detail: (id: string) => [kind, 'detail', id] as const,
});

/**
 * A paged list's query options: keyed by its filters (`keys.list(filters)`), the previous page kept in view while
 * the next one loads, so a new search, sort or page does not flash an empty table.
 */
export const pagedListQueryOptions = <Key extends QueryKey, Page>(queryKey: Key, fetchPage: () => Promise<Page>) =>
  queryOptions({ queryKey, queryFn: fetchPage, placeholderData: keepPreviousData });
