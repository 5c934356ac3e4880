/** localStorage keys (spec section 3). */
export const ACCESS_TOKEN_KEY = 'accessToken';
/** Holds the own access token saved aside while a guest token is swapped in. */
export const GUEST_ACCESS_TOKEN_KEY = 'guestAccessToken';
export const SSO_ACCESS_TOKEN_KEY = 'keycloakAccessToken';
export const SSO_REFRESH_TOKEN_KEY = 'keycloakRefreshToken';
export const LAST_METHOD_KEY = 'lastMethod';
export const LAST_REALM_NAME_KEY = 'lastRealmName';
export const SELECTED_INPUT_KEY = 'selectedInput';
export const ROLES_KEY = 'roles';
export const PERMISSIONS_KEY = 'permissions';
/** sessionStorage key. */
export const IS_MICROPHONE_CONFIGURED_KEY = 'isMicrophoneConfigured';

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

export type CurrentUser = {
  email: string;
  first_name: string;
  last_name: string;
  organization_id: string;
  organization_role: string;
  permissions: string[];
  credit_wallet: number;
};

/** Normalises a `GET /v1/me` answer: missing values default to '' (0 for credit_wallet, [] for permissions). */
export function toCurrentUser(raw: Partial<Record<keyof CurrentUser, unknown>> | null | undefined): CurrentUser {
  const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));
  const wallet = Number(raw?.credit_wallet);
  return {
    email: text(raw?.email),
    first_name: text(raw?.first_name),
    last_name: text(raw?.last_name),
    organization_id: text(raw?.organization_id),
    organization_role: text(raw?.organization_role),
    permissions: Array.isArray(raw?.permissions) ? raw.permissions.map(String) : [],
    credit_wallet: Number.isFinite(wallet) ? wallet : 0,
  };
}

/** First name plus last name; else whichever exists; else email; else 'User' (spec section 3). */
export function displayName(user: Pick<CurrentUser, 'email' | 'first_name' | 'last_name'> | null | undefined): string {
  const fullName = [user?.first_name?.trim(), user?.last_name?.trim()].filter(Boolean).join(' ');
  return fullName || user?.email?.trim() || 'User';
}
