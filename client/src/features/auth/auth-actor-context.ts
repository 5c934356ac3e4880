import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { AuthSnapshot, LazyAuth } from './lazy-auth';

/** The app's one auth actor (created in src/app/services.ts when first needed), for the auth feature's own screens. */
export const AuthActorContext = createContext<LazyAuth | null>(null);

export const useAuth = (): LazyAuth => {
  const auth = useContext(AuthActorContext);
  if (!auth) throw new Error('useAuth needs <AuthActorContext.Provider> (src/app/providers/app-providers.tsx)');
  return auth;
};

/**
 * A value read from the auth machine's snapshot; `null` stands for a machine nobody needed yet (signed out). The
 * selector must return a primitive or an object of the snapshot, so an unchanged value is the same one.
 */
export const useAuthState = <T>(selector: (snapshot: AuthSnapshot | null) => T): T => {
  const auth = useAuth();
  const read = useCallback(() => selector(auth.snapshot()), [auth, selector]);
  return useSyncExternalStore(auth.subscribe, read, read);
};
