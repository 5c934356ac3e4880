import type { KeyValueStore } from '../storage';

/** sessionStorage key: the page a signed-out visitor was going to, so the sign-in can take them there (per tab). */
export const RETURN_TO_KEY = 'returnTo';

const MAX_LENGTH = 2048;
// Any origin would do: it only has to be one no real path can leave.
const BASE = 'https://return-to.invalid';
/** Pages that make no sense right after signing in: the landing and its forms, the sign-in steps, logout. */
const NOT_AFTER_SIGN_IN = new Set(['/', '/logout', '/preconnect', '/activate']);

/**
 * The path to open after a sign-in, or null. Only a path of this site qualifies: `//host` and `/\host` are other
 * servers to a browser, `javascript:` and other schemes are not paths, and control characters or backslashes (which
 * URL parsers drop or read as `/`) could turn one into the other.
 */
export const safeReturnPath = (value: unknown): string | null => {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || NOT_AFTER_SIGN_IN.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
};

/** Remembers where a signed-out visitor was going; a path that does not qualify forgets any earlier one. */
export const rememberReturnTo = (store: KeyValueStore, path: string): void => {
  const safe = safeReturnPath(path);
  if (safe) store.setItem(RETURN_TO_KEY, safe);
  else store.removeItem(RETURN_TO_KEY);
};

/** The remembered page, once: it is forgotten as it is read. Checked again, as anything could have written it. */
export const takeReturnTo = (store: KeyValueStore): string | null => {
  const value = store.getItem(RETURN_TO_KEY);
  store.removeItem(RETURN_TO_KEY);
  return safeReturnPath(value);
};

export const forgetReturnTo = (store: KeyValueStore): void => store.removeItem(RETURN_TO_KEY);
