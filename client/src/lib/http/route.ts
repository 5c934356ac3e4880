import type { HttpMethod, Operation, OperationRequest } from '@ai-coaching/contracts';

declare const operationType: unique symbol;

/** What the HTTP client reads of an operation: no schema, so calling the API does not need zod. */
export type RouteOf<O extends Operation> = { readonly method: O['method']; readonly path: O['path'] } & (O extends {
  readonly bodyEncoding: infer Encoding;
}
  ? { readonly bodyEncoding: Encoding }
  : { readonly bodyEncoding?: never });

/** An operation's route, typed as the whole operation: `api.call` infers its input and answer from it. */
export type Route<O extends Operation = Operation> = RouteOf<O> & { readonly [operationType]?: O };

/**
 * The routes of one area of the contracts, checked against it by the compiler: a missing, extra or changed method,
 * path or body encoding fails `tsc`. The values are generated (tooling/generate-contract-routes.mjs).
 */
export const routesOf =
  <Operations extends { readonly [name: string]: Operation }>() =>
  <const Routes extends { readonly [Name in keyof Operations]: RouteOf<Operations[Name]> }>(
    routes: Routes & { readonly [Name in Exclude<keyof Routes, keyof Operations>]: never },
  ): { readonly [Name in keyof Operations]: Route<Operations[Name]> } =>
    routes;

/** What `api.call` accepts: a route, or the contract's operation itself. */
export type AnyRoute = { readonly method: HttpMethod; readonly path: string; readonly bodyEncoding?: 'json' | 'form' };

/** The operation a route stands for (each one's, for a union of routes). */
export type OperationOf<R extends AnyRoute> = R extends Operation
  ? R
  : R extends { readonly [operationType]?: infer O extends Operation }
    ? O
    : never;

/** `OperationRequest` of the contracts, for a route: what `api.call(route, …)` takes. */
export type RequestOf<R extends AnyRoute> = OperationRequest<OperationOf<R>>;
