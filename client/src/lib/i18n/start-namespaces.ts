/**
 * What the first screen of every page needs (the shell, error messages): loaded before the first render, in one
 * chunk per language (vite.config.ts). Namespaces of resources.ts; a file of its own so vite.config.ts can read it.
 */
export const START_NAMESPACES = ['common', 'errors', 'shell'] as const;

/**
 * What a signed-out first screen needs besides (the landing page and its sign-in forms): loaded before the first
 * render too when no session is stored, in a second chunk per language, so that a signed-in page does not download
 * the sign-in forms' words. Every other namespace comes with the route that needs it (route-table.tsx).
 */
export const SIGNED_OUT_NAMESPACES = ['landing', 'auth'] as const;
