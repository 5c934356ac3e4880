import Router from '@koa/router';
import type { Permission } from '@ai-coaching/domain';
import SCIMMY from 'scimmy';
import type { ApiContext, ApiServices, ApiState } from '../http/context.js';
import { checkAccess } from '../http/mount-routes.js';
import { originOf } from '../http/origin.js';
import { permission } from '../http/route.js';
import { SCIM_BASE_PATH, declareScimResources, type ScimContext } from './scim-resources.js';
import { scimErrorBody } from './scim-errors.js';
import { normalizePatch } from './scim-patch.js';

/** The most a list answers at once (`ServiceProviderConfig.filter.maxResults`). */
const MAX_RESULTS = 200;

type ResourceClass = typeof SCIMMY.Resources.User | typeof SCIMMY.Resources.Group;

/** SCIM's query parameters, with the numbers SCIMMY expects as numbers. */
const queryOf = (ctx: ApiContext): Record<string, unknown> => {
  const query: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(ctx.query)) {
    if (typeof value === 'string') query[key] = value;
  }
  for (const key of ['startIndex', 'count']) {
    if (key in query) {
      const number = Number(query[key]);
      if (Number.isInteger(number)) query[key] = key === 'count' ? Math.min(Math.max(number, 0), MAX_RESULTS) : number;
      else delete query[key];
    }
  }
  if (!('count' in query) && !ctx.params['id']) query['count'] = MAX_RESULTS;
  return query;
};

/** Answers with the server's public URL in front of every `meta.location` (SCIMMY knows only the base path). */
const withLocations = (value: unknown, publicUrl: string): unknown => {
  if (Array.isArray(value)) return value.map((item) => withLocations(item, publicUrl));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(JSON.parse(JSON.stringify(value)) as Record<string, unknown>);
  return Object.fromEntries(
    entries.map(([key, item]) =>
      key === 'location' && typeof item === 'string' && item.startsWith(SCIM_BASE_PATH)
        ? [key, `${publicUrl}${item}`]
        : [key, withLocations(item, publicUrl)],
    ),
  );
};

type Handler = (ctx: ApiContext, context: ScimContext) => Promise<{ status: number; body?: unknown }>;

/**
 * One SCIM route: the token's access rule (401 and 403 as everywhere, answered in SCIM's shape by `scimErrors`), then
 * SCIMMY with the request's context. A SCIMMY error is answered here in SCIM's shape; any other failure is thrown
 * again for the API's error handler.
 */
const scimRoute =
  (services: ApiServices, access: Permission | null, handler: Handler) =>
  async (ctx: ApiContext): Promise<void> => {
    if (access) checkAccess(permission(access), ctx.state, ctx.params);
    const context: ScimContext = { services, origin: originOf(ctx) };
    try {
      const { status, body } = await handler(ctx, context);
      ctx.status = status;
      if (body !== undefined) ctx.body = withLocations(body, services.config.publicUrl);
    } catch (error) {
      if (context.failure !== undefined) throw context.failure;
      if (!(error instanceof SCIMMY.Types.Error)) throw error;
      ctx.status = error.status;
      ctx.body = scimErrorBody(error.status, error.message, error.scimType);
    }
  };

const resourceRoutes = (
  router: Router<ApiState>,
  services: ApiServices,
  path: string,
  Resource: ResourceClass,
  rights: { list: Permission; read: Permission; create: Permission; update: Permission; delete: Permission },
) => {
  router.get(
    path,
    scimRoute(services, rights.list, async (ctx, context) => ({
      status: 200,
      body: await new Resource(queryOf(ctx) as never).read(context),
    })),
  );
  router.post(
    path,
    scimRoute(services, rights.create, async (ctx, context) => {
      const created = (await new Resource().write(ctx.request.body, context)) as { id?: string };
      ctx.set('Location', `${services.config.publicUrl}${SCIM_BASE_PATH}${Resource.endpoint}/${created.id}`);
      return { status: 201, body: created };
    }),
  );
  router.get(
    `${path}/:id`,
    scimRoute(services, rights.read, async (ctx, context) => ({
      status: 200,
      body: await new Resource(ctx.params['id']!, queryOf(ctx)).read(context),
    })),
  );
  router.put(
    `${path}/:id`,
    scimRoute(services, rights.update, async (ctx, context) => ({
      status: 200,
      body: await new Resource(ctx.params['id']!).write(ctx.request.body, context),
    })),
  );
  router.patch(
    `${path}/:id`,
    scimRoute(services, rights.update, async (ctx, context) => {
      const resource = new Resource(ctx.params['id']!);
      const patched = await resource.patch(normalizePatch(ctx.request.body) as never, context);
      // A PATCH that changes nothing (Entra's periodic `active: true`) answers the resource as well, never 204.
      return { status: 200, body: patched ?? (await resource.read(context)) };
    }),
  );
  router.delete(
    `${path}/:id`,
    scimRoute(services, rights.delete, async (ctx, context) => {
      await new Resource(ctx.params['id']!).dispose(context);
      return { status: 204 };
    }),
  );
};

/**
 * SCIM 2.0 (RFC 7643, 7644) at `/scim/v2`, for an organization's identity provider: its SCIM token decides the
 * organization and acts for the operator who made it. The protocol (filters, PATCH, lists, schemas) is SCIMMY's;
 * what each resource does is the users' and user groups' use cases (docs/api/integrations.md, "SCIM").
 */
export const scimRouter = (services: ApiServices): Router<ApiState> => {
  declareScimResources();
  const router = new Router<ApiState>({ prefix: SCIM_BASE_PATH });
  resourceRoutes(router, services, '/Users', SCIMMY.Resources.User, {
    list: 'user-list',
    read: 'user-read',
    create: 'user-create',
    update: 'user-update',
    delete: 'user-delete',
  });
  resourceRoutes(router, services, '/Groups', SCIMMY.Resources.Group, {
    list: 'user-group-list',
    read: 'user-group-read',
    create: 'user-group-create',
    update: 'user-group-update',
    delete: 'user-group-delete',
  });
  // What the provider reads to learn what this server does: the same for every organization, open to anyone.
  const discovery = (Resource: { new (...args: never[]): { read: () => Promise<unknown> } }, withId: boolean) =>
    scimRoute(services, null, async (ctx) => {
      const id = withId ? ctx.params['id'] : undefined;
      const resource = id === undefined ? new Resource() : new Resource(id as never);
      return { status: 200, body: await resource.read() };
    });
  router.get('/ServiceProviderConfig', discovery(SCIMMY.Resources.ServiceProviderConfig, false));
  router.get('/ResourceTypes', discovery(SCIMMY.Resources.ResourceType, false));
  router.get('/ResourceTypes/:id', discovery(SCIMMY.Resources.ResourceType, true));
  router.get('/Schemas', discovery(SCIMMY.Resources.Schema, false));
  router.get('/Schemas/:id', discovery(SCIMMY.Resources.Schema, true));
  return router;
};
