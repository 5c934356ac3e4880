/**
 * What the first screen of any page needs (the landing page, the sign-in forms, the shell, error messages): loaded
 * before the first render, in one chunk per language (vite.config.ts). Every other namespace comes with the route
 * that needs it (route-table.tsx). Namespaces of resources.ts; a file of its own so vite.config.ts can read it.
 */
export const START_NAMESPACES = ['common', 'errors', 'shell', 'landing', 'auth'] as const;
