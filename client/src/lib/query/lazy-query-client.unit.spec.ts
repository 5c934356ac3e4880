import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClientHolder } from './lazy-query-client';

describe('lazy query client (issue 9 §3.1: no query library on the landing page)', () => {
  it('creates the client once, on the first call, and tells subscribers', async () => {
    const create = vi.fn(async () => new QueryClient());
    const holder = createQueryClientHolder(create);
    expect(holder.current()).toBeNull();
    expect(create).not.toHaveBeenCalled();
    const listener = vi.fn();
    holder.subscribe(listener);
    const [first, second] = await Promise.all([holder.load(), holder.load()]);
    expect(first).toBe(second);
    expect(await holder.load()).toBe(first);
    expect(holder.current()).toBe(first);
    expect(create).toHaveBeenCalledOnce();
    expect(listener).toHaveBeenCalledOnce();
  });

  it('tries again after a failed download', async () => {
    const create = vi
      .fn<() => Promise<QueryClient>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(new QueryClient());
    const holder = createQueryClientHolder(create);
    await expect(holder.load()).rejects.toThrow('Failed to fetch');
    expect(holder.current()).toBeNull();
    await expect(holder.load()).resolves.toBeInstanceOf(QueryClient);
    expect(create).toHaveBeenCalledTimes(2);
  });
});
