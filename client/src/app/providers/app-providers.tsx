import { QueryClientProvider } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { AuthActorContext } from '../../features/auth/auth-actor-context';
import { SessionContext, type Session } from '../../lib/session/session-context';
import { ToastProvider } from '../../components/ui/toast';
import type { AppServices } from '../services';

const SessionProvider = ({ services, children }: { services: AppServices; children: ReactNode }) => {
  const user = useSelector(services.auth, (snapshot) => snapshot.context.user);
  const busy = useSelector(
    services.auth,
    (snapshot) => !snapshot.matches('signedIn') && !snapshot.matches('signedOut'),
  );
  const session = useMemo<Session>(
    () => ({ user, busy, reloadProfile: () => services.auth.send({ type: 'profile.reload' }) }),
    [user, busy, services.auth],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
};

export const AppProviders = ({ services, children }: { services: AppServices; children: ReactNode }) => (
  <QueryClientProvider client={services.queryClient}>
    <AuthActorContext.Provider value={services.auth}>
      <SessionProvider services={services}>
        <ToastProvider>{children}</ToastProvider>
      </SessionProvider>
    </AuthActorContext.Provider>
  </QueryClientProvider>
);
