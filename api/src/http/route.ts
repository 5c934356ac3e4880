import type { Operation, OperationResult, ParsedRequest, SuccessBody } from '@ai-coaching/contracts';
import type { Origin } from '@ai-coaching/application';
import type { Permission } from '@ai-coaching/domain';
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
export const sharedSessionAccess = (param: string, ...anyOf: Permission[]): RouteAccess => ({
  kind: 'shared-session',
  param,
  anyOf,
});

/** What a handler gets: the parsed input of its operation, who calls, and the request's origin for use cases. */
export type RouteInput<O extends Operation> = ParsedRequest<O> & {
  /** Present on every route but public ones. */
  caller: Caller | undefined;
  /** The caller, request id and logger as use cases take them; also reports the read-model wait as a header. */
  origin: Origin;
  services: ApiServices;
  ctx: ApiContext;
};

/**
 * An idempotent route whose answer holds a coaching session's personal data names that session (its `:id`, or the
 * id of the session it started): the answer kept for retries is erased with the session (ADR 0019).
 */
export type AnswerSubject<O extends Operation> = (input: {
  params: ParsedRequest<O>['params'];
  body: SuccessBody<O>;
}) => string;

/** An operation of the shared contracts, implemented: who may call it and what answers it. */
export type RouteDefinition = Operation & {
  access: RouteAccess;
  /** Set on idempotent routes only: see `AnswerSubject`. */
  subjectOf?: (input: { params: unknown; body: unknown }) => string;
  /** Typed where the route is defined; the mount layer hands it the input its schemas parsed. */
  handler: (input: {
    params: unknown;
    query: unknown;
    body: unknown;
    caller: Caller | undefined;
    origin: Origin;
    services: ApiServices;
    ctx: ApiContext;
  }) => Promise<unknown>;
};

/**
 * Implements an operation of `@ai-coaching/contracts`. The handler's input is typed by the
 * operation's schemas and its answer must match one of the documented 2xx bodies, so the route
 * cannot drift from the contract the client and the tests use.
 */
export const defineRoute = <O extends Operation>(
  operation: O,
  route: {
    access: RouteAccess;
    handler: (input: RouteInput<O>) => Promise<OperationResult<O>>;
    subjectOf?: O['idempotent'] extends true ? AnswerSubject<O> : never;
  },
): RouteDefinition => ({ ...operation, ...route }) as unknown as RouteDefinition;
