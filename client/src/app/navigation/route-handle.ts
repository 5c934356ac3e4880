import { canAll, type Permission, type Role } from '@ai-coaching/domain';
import { matchRoutes, type Params, type RouteObject } from 'react-router';
import type { CurrentUser } from '../../lib/session/current-user';

/** Spec §2 "Layouts". */
export type LayoutName =
  'web' | 'web-content' | 'web-empty' | 'web-login' | 'default-app' | 'coaching-app' | 'coaching-no-sidebar';

/** Route metadata (`handle`): what the navigation guard and the layout switch read. */
export type RouteHandle = {
  /** Reachable without a token (spec §2 "Public routes"). */
  public?: boolean;
  /** Every listed permission is required; a missing one leads to /403. */
  permissions?: readonly Permission[];
  /** One of the listed roles is required (the user holds a single role). */
  roles?: readonly Role[];
  /** A fixed layout, whatever the sign-in state; a function when it depends on the address. */
  layout?: LayoutName | ((params: Params) => LayoutName);
  /** The layout for a signed-out visitor (terms pages use the content layout). */
  signedOutLayout?: LayoutName;
  /** The optional validity check of spec §2: false shows 'Page Not Found: {path}'. */
  isValid?: (params: Params) => boolean;
};

export const readHandle = (handle: unknown): RouteHandle =>
  typeof handle === 'object' && handle !== null ? (handle as RouteHandle) : {};

/** The deepest matched route's metadata wins; permissions and roles accumulate down the branch. */
export const mergeHandles = (handles: readonly unknown[]): RouteHandle => {
  const merged: RouteHandle = {};
  const permissions: Permission[] = [];
  const roles: Role[] = [];
  for (const raw of handles) {
    const handle = readHandle(raw);
    if (handle.permissions) permissions.push(...handle.permissions);
    if (handle.roles) roles.splice(0, roles.length, ...handle.roles);
    if (handle.public !== undefined) merged.public = handle.public;
    if (handle.layout !== undefined) merged.layout = handle.layout;
    if (handle.signedOutLayout !== undefined) merged.signedOutLayout = handle.signedOutLayout;
    if (handle.isValid !== undefined) merged.isValid = handle.isValid;
  }
  if (permissions.length) merged.permissions = [...new Set(permissions)];
  if (roles.length) merged.roles = roles;
  return merged;
};

/**
 * Spec §2 "Layouts": a route's own layout first; otherwise signed-in pages use the default app layout, and signed-out
 * pages use the login layout (terms pages: content).
 */
export const chooseLayout = (handle: RouteHandle, params: Params, signedIn: boolean): LayoutName => {
  if (handle.layout) return typeof handle.layout === 'function' ? handle.layout(params) : handle.layout;
  if (signedIn) return 'default-app';
  return handle.signedOutLayout ?? 'web-login';
};

/**
 * Whether the signed-in visitor has an account: a guest holds a token for one session but is not a user, so pages
 * without a layout of their own show them the signed-out frame (no account menu, no settings) rather than the app's.
 */
export const hasAccount = (user: CurrentUser | null): boolean => user !== null && user.organization_role !== 'guest';

/** Spec §4 step 6: every listed permission is held, and the role is one of those listed (when any are). */
export const isAllowed = (user: CurrentUser, handle: RouteHandle): boolean =>
  (!handle.permissions?.length || canAll(user.permissions, handle.permissions)) &&
  (!handle.roles?.length || (handle.roles as readonly string[]).includes(user.organization_role));

/** The merged metadata of the routes a path matches. */
export const handleForPath = (routes: RouteObject[], path: string): RouteHandle =>
  mergeHandles((matchRoutes(routes, path) ?? []).map((match) => match.route.handle));
