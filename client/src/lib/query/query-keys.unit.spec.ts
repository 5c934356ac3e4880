import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

describe('query keys', () => {
  it('nests lists and details under the kind, so invalidating the kind reaches both', () => {
    const keys = queryKeys('user-groups');
    expect(keys.all).toEqual(['user-groups']);
    expect(keys.list({ page: 2 })).toEqual(['user-groups', 'list', { page: 2 }]);
    expect(keys.detail('g1')).toEqual(['user-groups', 'detail', 'g1']);
    expect(keys.list({}).slice(0, keys.all.length)).toEqual(keys.all);
    expect(keys.detail('g1').slice(0, keys.lists().length - 1)).toEqual(keys.all);
  });
});
