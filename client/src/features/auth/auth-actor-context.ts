import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { authMachine } from './machines/auth.machine';

export type AuthActorRef = ActorRefFrom<typeof authMachine>;

/** The app's one auth actor (created in src/app/services.ts), for the auth feature's own screens. */
export const AuthActorContext = createContext<AuthActorRef | null>(null);

export const useAuthActor = (): AuthActorRef => {
  const actor = useContext(AuthActorContext);
  if (!actor) throw new Error('useAuthActor needs <AuthActorContext.Provider> (src/app/app.tsx)');
  return actor;
};
