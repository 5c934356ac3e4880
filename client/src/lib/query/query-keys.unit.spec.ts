import { keepPreviousData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { pagedListQueryOptions, queryKeys } from './query-keys';

describe('query keys', () => {
  it('nests lists and details under the kind, so invalidating the kind reaches both', () => {
    const keys = queryKeys('user-groups');
    expect(keys.all).toEqual(['user-groups']);
    expect(keys.list({ page: 2 })).toEqual(['user-groups', 'list', { page: 2 }]);
    expect(keys.detail('g1')).toEqual(['user-groups', 'detail', 'g1']);
    expect(keys.list({}).slice(0, keys.all.length)).toEqual(keys.all);
    expect(keys.detail('g1').slice(0, keys.lists().length - 1)).toEqual(keys.all);
  });

  it('a paged list is keyed by its filters and keeps the previous page in view while the next one loads', async () => {
    const filters = { page: 2, q: 'ann' };
    const options = pagedListQueryOptions(queryKeys('users').list(filters), async () => ({ items: ['Ann'] }));
    expect(options.queryKey).toEqual(['users', 'list', filters]);
    expect(options.placeholderData).toBe(keepPreviousData);
    expect(await (options.queryFn as () => Promise<unknown>)()).toEqual({ items: ['Ann'] });
  });
});
