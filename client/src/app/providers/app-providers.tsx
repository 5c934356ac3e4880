import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { AuthActorContext } from '../../features/auth/auth-actor-context';
import { SessionContext, type Session } from '../../lib/session/session-context';
import { LazyQueryClientProvider } from '../../lib/query/lazy-query-client';
import { ToastProvider } from '../../components/ui/toast';
import type { AppServices } from '../services';
import { SessionInterruptionContext, type SessionInterruptionPorts } from '../session/session-interruption';

const SessionProvider = ({ services, children }: { services: AppServices; children: ReactNode }) => {
  // No machine yet (features/auth/lazy-auth.ts): nobody signed in, and nothing under way.
  const snapshot = useSyncExternalStore(services.auth.subscribe, services.auth.snapshot, services.auth.snapshot);
  const machineUser = snapshot?.context.user ?? null;
  const interruption = useSyncExternalStore(
    services.interruption.subscribe,
    services.interruption.get,
    services.interruption.get,
  );
  // An interrupted page keeps the person it was showing (its menus, its permissions) until they sign in again or
  // leave it: it must not rearrange itself, or lose what they typed, under the sign-in dialog.
  const user = machineUser ?? interruption?.user ?? null;
  const busy = snapshot !== null && !snapshot.matches('signedIn') && !snapshot.matches('signedOut');
  const session = useMemo<Session>(
    () => ({ user, busy, reloadProfile: () => services.auth.actor()?.send({ type: 'profile.reload' }) }),
    [user, busy, services.auth],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
};

export const AppProviders = ({ services, children }: { services: AppServices; children: ReactNode }) => {
  const interruption = useMemo<SessionInterruptionPorts>(
    () => ({ store: services.interruption, dismiss: services.dismissInterruption }),
    [services],
  );
  return (
    <LazyQueryClientProvider holder={services.queries}>
      <AuthActorContext.Provider value={services.auth}>
        <SessionInterruptionContext.Provider value={interruption}>
          <SessionProvider services={services}>
            <ToastProvider>{children}</ToastProvider>
          </SessionProvider>
        </SessionInterruptionContext.Provider>
      </AuthActorContext.Provider>
    </LazyQueryClientProvider>
  );
};
