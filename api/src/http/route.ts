import type { Permission } from '@ai-coaching/domain';
import type { z } from 'zod';
import type { Caller } from '@ai-coaching/platform';
import type { ApiContext, ApiServices } from './context.js';

/**
 * Who may call a route. Checked before anything else is looked at, so a caller without the
 * right learns nothing about the input or the data (401, then 403, then 400, then 404).
 */
export type RouteAccess =
  | { kind: 'public' }
  /** Any valid token, a guest's included. */
  | { kind: 'authenticated' }
  /** Any signed-in user (not guests). */
  | { kind: 'signed-in' }
  /** A signed-in user holding ANY of these permissions (the programmatic `can` of spec section 6). */
  | { kind: 'permission'; anyOf: readonly Permission[] }
  /** A guest token scoped to the shared session named by this path parameter, or a user with the permission. */
  | { kind: 'shared-session'; param: string; anyOf: readonly Permission[] };

export const publicAccess: RouteAccess = { kind: 'public' };
export const signedIn: RouteAccess = { kind: 'signed-in' };
export const authenticated: RouteAccess = { kind: 'authenticated' };
export const permission = (...anyOf: Permission[]): RouteAccess => ({ kind: 'permission', anyOf });

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type RouteInput<Params, Query, Body> = {
  params: Params;
  query: Query;
  body: Body;
  /** Present on every route but public ones. */
  caller: Caller | undefined;
  services: ApiServices;
  ctx: ApiContext;
};

export type RouteResult = { status?: number; body?: unknown; headers?: Record<string, string> } | void;

export type RouteDefinition<Params = unknown, Query = unknown, Body = unknown> = {
  method: HttpMethod;
  /** Koa path with `:param` segments. */
  path: string;
  summary: string;
  tag: string;
  access: RouteAccess;
  params?: z.ZodType<Params>;
  query?: z.ZodType<Query>;
  body?: z.ZodType<Body>;
  /** Form-encoded bodies only where the spec says so (the password login). */
  bodyEncoding?: 'json' | 'form';
  /**
   * Accepts an `Idempotency-Key` header: a retry with the same key and body replays the first
   * answer; the same key with another body is a 409. For commands a client may retry.
   */
  idempotent?: boolean;
  /** Documented answers besides the error responses every route has. */
  responses: Record<number, { description: string; schema?: z.ZodType }>;
  handler: (input: RouteInput<Params, Query, Body>) => Promise<RouteResult>;
};

/** Keeps the route's parameter types connected to its schemas. */
export const defineRoute = <Params = Record<string, never>, Query = Record<string, never>, Body = undefined>(
  route: RouteDefinition<Params, Query, Body>,
): RouteDefinition => route as unknown as RouteDefinition;
