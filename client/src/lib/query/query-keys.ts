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
