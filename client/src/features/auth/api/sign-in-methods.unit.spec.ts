import { describe, expect, it, vi } from 'vitest';
import { createSignInMethodsLoader } from './sign-in-methods';

const METHODS = { fau: true, keycloak: false, realms: [] };
const T0 = 1_000_000_000;

describe('sign-in methods without TanStack Query (the login form, issue 9 §3.1)', () => {
  it('asks once every five minutes at most, then again after a failure', async () => {
    const call = vi.fn<() => Promise<typeof METHODS>>();
    const loadSignInMethods = createSignInMethodsLoader(call);
    call.mockRejectedValueOnce(new Error('offline'));
    await expect(loadSignInMethods(T0)).rejects.toThrow('offline');
    call.mockResolvedValue(METHODS);
    await expect(loadSignInMethods(T0 + 1)).resolves.toEqual(METHODS);
    await expect(loadSignInMethods(T0 + 2)).resolves.toEqual(METHODS);
    expect(call).toHaveBeenCalledTimes(2);

    await loadSignInMethods(T0 + 1 + 5 * 60_000);
    expect(call).toHaveBeenCalledTimes(3);
  });
});
