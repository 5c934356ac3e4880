import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { authMachine } from './machines/auth.machine';
import type { AuthStorage } from './storage';

export type AuthActor = ActorRefFrom<typeof authMachine>;
export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** What the lazily loaded module provides (`auth-runtime.ts`): the machine and XState come with it. */
export type AuthRuntime = { createAuthActor(storage: AuthStorage): AuthActor };

/**
 * The app's one auth actor, created when first needed. The auth machine and XState weigh a tenth of the start-up
 * JavaScript, and a first visit to the landing page has no session to run (issue 9 §3.1): they are downloaded when a
 * token is stored, or when someone signs in, logs out or comes back from single sign-on. Until then the visitor is
 * signed out, which is what the machine would say too (no token: `checking` → `signedOut`, with no request).
 */
export type LazyAuth = {
  /** The actor, or null while nothing needed it. */
  actor(): AuthActor | null;
  /** The actor's snapshot, or null before it exists. The same object until the machine changes (useSyncExternalStore). */
  snapshot(): AuthSnapshot | null;
  /** Creates and starts the actor on the first call; `onCreate` wires it before it starts. Retried after a failure. */
  load(): Promise<AuthActor>;
  /** Called on every change of the machine's snapshot, and when the actor is created. */
  subscribe(listener: () => void): () => void;
  /** The first snapshot, the current one included, that satisfies the predicate (creating the actor if needed). */
  waitFor(predicate: (snapshot: AuthSnapshot) => boolean): Promise<AuthSnapshot>;
};

export const createLazyAuth = ({
  storage,
  loadRuntime,
  onCreate,
}: {
  storage: AuthStorage;
  loadRuntime: () => Promise<AuthRuntime>;
  onCreate?: (actor: AuthActor) => void;
}): LazyAuth => {
  let actor: AuthActor | null = null;
  let loading: Promise<AuthActor> | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  const load = (): Promise<AuthActor> => {
    if (actor) return Promise.resolve(actor);
    if (!loading) {
      loading = loadRuntime().then(
        (runtime) => {
          const created = runtime.createAuthActor(storage);
          actor = created;
          onCreate?.(created);
          created.subscribe(notify);
          created.start();
          notify();
          return created;
        },
        (error: unknown) => {
          // A chunk that failed to download (offline, a deploy in between) is asked for again next time.
          loading = null;
          throw error;
        },
      );
    }
    return loading;
  };

  return {
    actor: () => actor,
    snapshot: () => actor?.getSnapshot() ?? null,
    load,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async waitFor(predicate) {
      const ready = await load();
      return new Promise((resolve) => {
        const current = ready.getSnapshot();
        if (predicate(current)) return resolve(current);
        const subscription = ready.subscribe((snapshot) => {
          if (!predicate(snapshot)) return;
          subscription.unsubscribe();
          resolve(snapshot);
        });
      });
    },
  };
};
