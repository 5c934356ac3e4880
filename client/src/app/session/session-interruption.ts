import { createContext, useContext, useSyncExternalStore } from 'react';
import type { CurrentUser } from '../../lib/session/current-user';

/**
 * A session that ended while its page stayed open: logged out in another tab (`elsewhere`), or refused by the server
 * (`expired`). The page keeps showing what the user typed, under a dialog that signs them in again.
 */
export type SessionInterruption = { user: CurrentUser; reason: 'elsewhere' | 'expired' };

export type InterruptionStore = {
  get(): SessionInterruption | null;
  set(value: SessionInterruption | null): void;
  subscribe(listener: () => void): () => void;
};

export const createInterruptionStore = (): InterruptionStore => {
  let current: SessionInterruption | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(value) {
      if (value === current) return;
      current = value;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

/** The app's interruption and how to give up on it (the page is left; its data is dropped). */
export type SessionInterruptionPorts = { store: InterruptionStore; dismiss: () => void };

export const SessionInterruptionContext = createContext<SessionInterruptionPorts | null>(null);

export const useSessionInterruption = (): SessionInterruptionPorts & { interruption: SessionInterruption | null } => {
  const ports = useContext(SessionInterruptionContext);
  if (!ports) throw new Error('useSessionInterruption needs the app providers');
  const interruption = useSyncExternalStore(ports.store.subscribe, ports.store.get, ports.store.get);
  return { ...ports, interruption };
};
