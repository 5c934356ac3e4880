import {
  createSessionGenerator,
  deleteSessionGenerator,
  listSessionGenerators,
  publishSessionGeneratorDraft,
  readSessionGenerator,
  startSessionGeneration,
  updateSessionGenerator,
} from '@ai-coaching/application';
import { sessionGeneratorOperations as op } from '@ai-coaching/contracts';
import { createHandler, deleteHandler, listHandler, readHandler, updateHandler } from '../http/use-case-handlers.js';
import { defineRoute, permission } from '../http/route.js';

// Session generators: `coaching-session-generator-*` manage the briefs, `coaching-session-generate` runs one. The
// use cases keep each organization to its own generators (404 for another's).
export const sessionGeneratorRoutes = [
  defineRoute(op.list, {
    access: permission('coaching-session-generator-read'),
    handler: listHandler(listSessionGenerators),
  }),
  defineRoute(op.create, {
    access: permission('coaching-session-generator-create'),
    handler: createHandler(createSessionGenerator),
  }),
  defineRoute(op.read, {
    access: permission('coaching-session-generator-read'),
    handler: readHandler(readSessionGenerator),
  }),
  defineRoute(op.update, {
    access: permission('coaching-session-generator-update'),
    handler: updateHandler(updateSessionGenerator),
  }),
  defineRoute(op.delete, {
    access: permission('coaching-session-generator-delete'),
    handler: deleteHandler(deleteSessionGenerator),
  }),
  defineRoute(op.generate, {
    access: permission('coaching-session-generate'),
    handler: async ({ params, origin, services, ctx }) => ({
      status: 202,
      body: await startSessionGeneration(services, origin, params.id, ctx.get('idempotency-key') || undefined),
    }),
  }),
  // Publishing a draft is publishing a scenario: the use case checks each kind's `-update` as its own publish does.
  defineRoute(op.publishDraft, {
    access: permission('coaching-scenario-update'),
    handler: async ({ params, origin, services }) => ({
      body: await publishSessionGeneratorDraft(services, origin, params.id, params.draft_id),
    }),
  }),
];
