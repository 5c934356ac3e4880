import { IS_MICROPHONE_CONFIGURED_KEY, SELECTED_INPUT_KEY } from '../../lib/audio/storage-keys';

export { IS_MICROPHONE_CONFIGURED_KEY, SELECTED_INPUT_KEY };

/** localStorage keys (spec section 3); the microphone's live with the microphone (lib/audio/microphone.ts). */
export const ACCESS_TOKEN_KEY = 'accessToken';
/** Holds the own access token saved aside while a guest token is swapped in. */
export const GUEST_ACCESS_TOKEN_KEY = 'guestAccessToken';
export const SSO_ACCESS_TOKEN_KEY = 'keycloakAccessToken';
export const SSO_REFRESH_TOKEN_KEY = 'keycloakRefreshToken';
export const LAST_METHOD_KEY = 'lastMethod';
export const LAST_REALM_NAME_KEY = 'lastRealmName';
export const ROLES_KEY = 'roles';
export const PERMISSIONS_KEY = 'permissions';

/** Whether a session token is stored: what the first screen will most likely be (theme-init.js asks the same). */
export const hasStoredSession = (local: Pick<KeyValueStore, 'getItem'>): boolean =>
  Boolean(local.getItem(ACCESS_TOKEN_KEY) || local.getItem(SSO_ACCESS_TOKEN_KEY));

/** localStorage keys that a cleared session removes (lastMethod, lastRealmName and selectedInput survive). */
export const SESSION_LOCAL_KEYS = [
  ACCESS_TOKEN_KEY,
  GUEST_ACCESS_TOKEN_KEY,
  SSO_ACCESS_TOKEN_KEY,
  SSO_REFRESH_TOKEN_KEY,
  ROLES_KEY,
  PERMISSIONS_KEY,
] as const;
/** sessionStorage keys that a cleared session removes. */
export const SESSION_SESSION_KEYS = [IS_MICROPHONE_CONFIGURED_KEY] as const;

/** The subset of the Web Storage API the auth feature uses. */
export type KeyValueStore = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};

/** Storage port: the browser passes localStorage/sessionStorage, tests pass in-memory stores. */
export type AuthStorage = {
  local: KeyValueStore;
  session: KeyValueStore;
};

export type MemoryStore = KeyValueStore & { entries(): Record<string, string> };

export function createMemoryStore(initial: Record<string, string> = {}): MemoryStore {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, String(value));
    },
    removeItem: (key) => {
      values.delete(key);
    },
    entries: () => Object.fromEntries(values),
  };
}

export function createBrowserAuthStorage(): AuthStorage {
  return { local: window.localStorage, session: window.sessionStorage };
}

/** The token the HTTP client attaches: own access token first, then the single sign-on token. */
export function readCurrentToken(storage: AuthStorage): string | null {
  return storage.local.getItem(ACCESS_TOKEN_KEY) || storage.local.getItem(SSO_ACCESS_TOKEN_KEY) || null;
}
