import {
  changeCoachingContentLifecycle,
  createCoachingContent,
  deleteCoachingContent,
  forkCoachingContent,
  listCoachingContent,
  listCoachingContentVersions,
  readCoachingContent,
  readCoachingContentVersion,
  setCoachingContentShares,
  updateCoachingContent,
} from '@ai-coaching/application';
import {
  coachingForkOperations,
  coachingShareOperations,
  missionContent,
  observerContent,
  personaContent,
  playlistContent,
  programContent,
  scenarioContent,
} from '@ai-coaching/contracts';
import { COACHING_KIND_RULES, type CoachingKind, type Permission } from '@ai-coaching/domain';
import { defineRoute, permission, type RouteDefinition } from '../http/route.js';

type ContentOperations =
  | typeof personaContent.operations
  | typeof missionContent.operations
  | typeof observerContent.operations
  | typeof scenarioContent.operations
  | typeof playlistContent.operations
  | typeof programContent.operations;

/**
 * The routes of one kind, all alike: the kind names its permissions (`coaching-persona-list`, …). One handler serves
 * every kind whose answers differ only in their fields, so the use cases answer a loose record and the types are
 * asserted here (`as never`); the contracts' strict schemas check every answer of every kind in the API tests.
 */
const contentRoutes = (kind: CoachingKind, op: ContentOperations): RouteDefinition[] => {
  const allowed = (action: string) => permission(`${COACHING_KIND_RULES[kind].permission}-${action}` as Permission);
  return [
    defineRoute(op.list, {
      access: allowed('list'),
      handler: async ({ query, origin, services }) => ({
        body: (await listCoachingContent(services, origin, kind, query)) as never,
      }),
    }),
    defineRoute(op.create, {
      access: allowed('create'),
      handler: async ({ body, origin, services }) => ({
        status: 201,
        body: (await createCoachingContent(services, origin, kind, body as Record<string, unknown>)) as never,
      }),
    }),
    defineRoute(op.read, {
      access: allowed('read'),
      handler: async ({ params, origin, services }) => ({
        body: (await readCoachingContent(services, origin, kind, params.id)) as never,
      }),
    }),
    defineRoute(op.update, {
      access: allowed('update'),
      handler: async ({ params, body, origin, services }) => ({
        body: (await updateCoachingContent(
          services,
          origin,
          kind,
          params.id,
          body as Record<string, unknown>,
        )) as never,
      }),
    }),
    defineRoute(op.delete, {
      access: allowed('delete'),
      handler: async ({ params, origin, services }) => {
        await deleteCoachingContent(services, origin, kind, params.id);
        return { status: 204 };
      },
    }),
    ...(['publish', 'archive', 'restore'] as const).map((action) =>
      defineRoute(op[action], {
        access: allowed('update'),
        handler: async ({ params, origin, services }) => ({
          body: (await changeCoachingContentLifecycle(services, origin, kind, params.id, action)) as never,
        }),
      }),
    ),
    defineRoute(op.versions, {
      access: allowed('read'),
      handler: async ({ params, origin, services }) => ({
        body: await listCoachingContentVersions(services, origin, kind, params.id),
      }),
    }),
    defineRoute(op.version, {
      access: allowed('read'),
      handler: async ({ params, origin, services }) => ({
        body: (await readCoachingContentVersion(services, origin, kind, params.id, params.version)) as never,
      }),
    }),
  ];
};

export const coachingContentRoutes: RouteDefinition[] = [
  ...contentRoutes('persona', personaContent.operations),
  ...contentRoutes('mission', missionContent.operations),
  ...contentRoutes('observer', observerContent.operations),
  ...contentRoutes('scenario', scenarioContent.operations),
  ...contentRoutes('playlist', playlistContent.operations),
  ...contentRoutes('program', programContent.operations),
  ...(['persona', 'mission', 'observer'] as const).map((kind) =>
    defineRoute(coachingForkOperations[kind], {
      access: permission(`${COACHING_KIND_RULES[kind].permission}-fork` as Permission),
      handler: async ({ params, origin, services }) => ({
        status: 201,
        body: (await forkCoachingContent(services, origin, kind, params.id)) as never,
      }),
    }),
  ),
  ...(['scenario', 'playlist'] as const).map((kind) =>
    defineRoute(coachingShareOperations[kind], {
      access: permission(`${COACHING_KIND_RULES[kind].permission}-share` as Permission),
      handler: async ({ params, body, origin, services }) => ({
        body: (await setCoachingContentShares(services, origin, kind, params.id, body)) as never,
      }),
    }),
  ),
];
