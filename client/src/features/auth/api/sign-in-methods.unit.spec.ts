import { beforeEach, describe, expect, it, vi } from 'vitest';

const call = vi.fn();
vi.mock('../../../lib/http/api', () => ({ api: { call: (...args: unknown[]) => call(...args) } }));

const { loadSignInMethods } = await import('./sign-in-methods');

const METHODS = { fau: true, keycloak: false, realms: [] };
const T0 = 1_000_000_000;

describe('sign-in methods without TanStack Query (the login form, issue 9 §3.1)', () => {
  beforeEach(() => call.mockReset());

  it('asks once every five minutes at most, then again after a failure', async () => {
    call.mockRejectedValueOnce(new Error('offline'));
    await expect(loadSignInMethods(T0)).rejects.toThrow('offline');
    call.mockResolvedValue(METHODS);
    await expect(loadSignInMethods(T0 + 1)).resolves.toEqual(METHODS);
    await expect(loadSignInMethods(T0 + 2)).resolves.toEqual(METHODS);
    expect(call).toHaveBeenCalledTimes(2);
    expect(call.mock.calls[1]?.[0]).toMatchObject({ method: 'GET', path: '/v1/authentication_methods' });

    await loadSignInMethods(T0 + 1 + 5 * 60_000);
    expect(call).toHaveBeenCalledTimes(3);
  });
});
