import type { Origin } from '@ai-coaching/application';
import type { ApiServices } from './context.js';

/**
 * Handlers for the routes that are one use-case call on the parsed input, named for what the route does. The answer's
 * type is checked against the operation where the route is defined (`defineRoute`), as a handler written out is.
 */
type UseCase<Args extends unknown[], Answer> = (
  services: ApiServices,
  origin: Origin,
  ...args: Args
) => Promise<Answer>;

type Caller = { origin: Origin; services: ApiServices };

/** A list: the use case answers the page the query asks for. */
export const listHandler =
  <Query, Answer>(list: UseCase<[Query], Answer>) =>
  async ({ query, origin, services }: Caller & { query: Query }) => ({ body: await list(services, origin, query) });

/** A create: the use case answers what it created, with 201. */
export const createHandler =
  <Body, Answer>(create: UseCase<[Body], Answer>) =>
  async ({ body, origin, services }: Caller & { body: Body }) => ({
    status: 201 as const,
    body: await create(services, origin, body),
  });

/** A read of the `:id` in the path. */
export const readHandler =
  <Answer>(read: UseCase<[string], Answer>) =>
  async ({ params, origin, services }: Caller & { params: { id: string } }) => ({
    body: await read(services, origin, params.id),
  });

/** An update of the `:id` in the path with the body: the use case answers the entity as it now is. */
export const updateHandler =
  <Body, Answer>(update: UseCase<[string, Body], Answer>) =>
  async ({ params, body, origin, services }: Caller & { params: { id: string }; body: Body }) => ({
    body: await update(services, origin, params.id, body),
  });

/** A delete (or an archive, a revoke) of the `:id` in the path: 204, no body. */
export const deleteHandler =
  (remove: UseCase<[string], void>) =>
  ({ params, origin, services }: Caller & { params: { id: string } }): Promise<void> =>
    remove(services, origin, params.id);
