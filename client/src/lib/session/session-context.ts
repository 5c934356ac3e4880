import { canAll as canAllHeld, can as canAny, type Permission, type Role } from '@ai-coaching/domain';
import { createContext, useContext } from 'react';
import type { CurrentUser } from './current-user';

/**
 * What every feature may know about the session, without importing the auth feature: the app provides it from the
 * auth machine (src/app/providers/session-provider.tsx).
 */
export type Session = {
  user: CurrentUser | null;
  /** True while the auth machine logs in, loads the profile, refreshes or logs out. */
  busy: boolean;
  /** Loads `/v1/me` again (after a credit transfer changes the wallet, a profile edit…). */
  reloadProfile: () => void;
};

export const SessionContext = createContext<Session>({ user: null, busy: false, reloadProfile: () => undefined });

export const useSession = (): Session => useContext(SessionContext);

export const useCurrentUser = (): CurrentUser | null => useContext(SessionContext).user;

/** Spec §6, programmatic check: one permission or a list; a list passes when ANY is held. */
export const can = (user: CurrentUser | null, required: Permission | readonly Permission[]): boolean =>
  user !== null && canAny(user.permissions, required);

/** Spec §6, page directive and route metadata: every listed permission must be held. */
export const canAll = (user: CurrentUser | null, required: Permission | readonly Permission[]): boolean =>
  user !== null && canAllHeld(user.permissions, required);

export const hasRole = (user: CurrentUser | null, roles: readonly Role[]): boolean =>
  user !== null && (roles as readonly string[]).includes(user.organization_role);

/** `can()` bound to the current user. */
export const useCan = () => {
  const user = useCurrentUser();
  return (required: Permission | readonly Permission[]) => can(user, required);
};
