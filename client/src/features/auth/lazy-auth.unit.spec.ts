import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Profile } from '@ai-coaching/contracts';
import { createLazyAuth, type AuthActor, type AuthRuntime } from './lazy-auth';
import { authMachine } from './machines/auth.machine';
import { createMemoryStore, type AuthStorage } from './storage';

const PROFILE = { email: 'ada@example.com', organization_role: 'editor', permissions: [] } as unknown as Profile;

/** The real machine, its server calls replaced: a sign-in always succeeds. */
const runtime = (): AuthRuntime => ({
  createAuthActor: (storage) =>
    createActor(
      authMachine.provide({
        actors: {
          loginWithPassword: fromPromise(async () => ({
            access_token: 'a.b.c',
            token_type: 'bearer',
            expires_in: 3600,
          })),
          loadProfile: fromPromise(async () => PROFILE),
        },
      }),
      { input: { storage } },
    ),
});

const arrange = (options: { loadRuntime?: () => Promise<AuthRuntime>; onCreate?: (actor: AuthActor) => void } = {}) => {
  const storage: AuthStorage = { local: createMemoryStore(), session: createMemoryStore() };
  const loadRuntime = vi.fn(options.loadRuntime ?? (async () => runtime()));
  const auth = createLazyAuth({ storage, loadRuntime, ...(options.onCreate ? { onCreate: options.onCreate } : {}) });
  return { auth, loadRuntime };
};

describe('lazy auth actor (issue 9 §3.1: no machine on a first visit)', () => {
  it('loads nothing until asked, and reads as signed out meanwhile', () => {
    const { auth, loadRuntime } = arrange();
    expect(auth.actor()).toBeNull();
    expect(auth.snapshot()).toBeNull();
    expect(loadRuntime).not.toHaveBeenCalled();
  });

  it('creates one started actor however many ask at once, wired before it starts, and tells subscribers', async () => {
    const states: string[] = [];
    const { auth, loadRuntime } = arrange({
      onCreate: (actor) => actor.subscribe((snapshot) => states.push(String(snapshot.value))),
    });
    const listener = vi.fn();
    auth.subscribe(listener);
    const [first, second] = await Promise.all([auth.load(), auth.load()]);
    expect(first).toBe(second);
    expect(await auth.load()).toBe(first);
    expect(loadRuntime).toHaveBeenCalledOnce();
    expect(auth.actor()).toBe(first);
    expect(auth.snapshot()?.matches('signedOut')).toBe(true);
    expect(listener).toHaveBeenCalled();
    // Wired before the start, the app's subscriber saw the machine's first state.
    expect(first.getSnapshot().status).toBe('active');
    expect(states).toContain('signedOut');
  });

  it('waits for a state, creating the actor, and follows the machine through a sign-in', async () => {
    const { auth } = arrange();
    const signedOut = await auth.waitFor((snapshot) => snapshot.matches('signedOut'));
    expect(signedOut.context.user).toBeNull();
    const seen = vi.fn();
    auth.subscribe(() => seen(auth.snapshot()?.value));
    auth.actor()!.send({ type: 'user.login', username: 'ada@example.com', password: 'secret' });
    const signedIn = await auth.waitFor((snapshot) => snapshot.matches('signedIn'));
    expect(signedIn.context.user?.email).toBe('ada@example.com');
    expect(seen).toHaveBeenCalledWith('loggingIn');
    expect(auth.snapshot()).toBe(signedIn);
  });

  it('asks for the module again after a failed download', async () => {
    let attempts = 0;
    const { auth } = arrange({
      loadRuntime: async () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return runtime();
      },
    });
    await expect(auth.load()).rejects.toThrow('Failed to fetch');
    expect(auth.actor()).toBeNull();
    const actor = await auth.load();
    expect(auth.actor()).toBe(actor);
    expect(attempts).toBe(2);
  });

  it('stops telling a listener that unsubscribed', async () => {
    const { auth } = arrange();
    const listener = vi.fn();
    const unsubscribe = auth.subscribe(listener);
    unsubscribe();
    await auth.load();
    expect(listener).not.toHaveBeenCalled();
  });
});
