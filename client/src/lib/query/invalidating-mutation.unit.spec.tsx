import { QueryClient, QueryClientProvider, type UseMutationResult } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { useInvalidateAll, useInvalidatingMutation } from './invalidating-mutation';
import { queryKeys } from './query-keys';

// The hook is rendered once to static markup; its mutation then runs outside React, as a click would run it.
describe('useInvalidatingMutation', () => {
  it('runs the change, then marks every query of the kind stale before mutateAsync resolves', async () => {
    const queryClient = new QueryClient();
    const order: string[] = [];
    vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
      await Promise.resolve();
      order.push(`invalidated ${JSON.stringify(filters?.queryKey)}`);
    });
    let mutation: UseMutationResult<string, Error, number> | undefined;
    const Probe = () => {
      mutation = useInvalidatingMutation(queryKeys('users'), async (n: number) => {
        order.push(`changed ${n}`);
        return `done ${n}`;
      });
      return null;
    };
    renderToStaticMarkup(
      <QueryClientProvider client={queryClient}>
        <Probe />
      </QueryClientProvider>,
    );
    expect(await mutation!.mutateAsync(2)).toBe('done 2');
    expect(order).toEqual(['changed 2', 'invalidated ["users"]']);
  });

  it('marks every kind it is given stale, each by its `all` key', async () => {
    const queryClient = new QueryClient();
    const invalidated: unknown[] = [];
    vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
      invalidated.push(filters?.queryKey);
    });
    let invalidate: (() => Promise<unknown>) | undefined;
    const Probe = () => {
      invalidate = useInvalidateAll(queryKeys('user-groups'), queryKeys('users'));
      return null;
    };
    renderToStaticMarkup(
      <QueryClientProvider client={queryClient}>
        <Probe />
      </QueryClientProvider>,
    );
    await invalidate!();
    expect(invalidated).toEqual([['user-groups'], ['users']]);
  });
});
