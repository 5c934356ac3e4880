import {
  allocateCredits,
  deallocateCredits,
  issueCredits,
  transferCredits,
  withdrawCredits,
  type CreditTarget,
} from '@ai-coaching/application';
import {
  organizationCreditOperations as organizationOp,
  userCreditOperations,
  userGroupCreditOperations,
} from '@ai-coaching/contracts';
import type { ApiContext } from '../http/context.js';
import { defineRoute, permission } from '../http/route.js';

// Credit movements between an organization's accounts (docs/api/credits.md); the use cases check
// the target before the ledger command, so a refused request writes nothing.

/** The movement's amount, and the request's `Idempotency-Key`: the movement id derives from it. */
const movementOf = (body: { nb_credits: number }, ctx: ApiContext) => ({
  nbCredits: body.nb_credits,
  idempotencyKey: ctx.get('idempotency-key'),
});

const targetOf = (params: { user_id: string } | { user_group_id: string }): CreditTarget =>
  'user_id' in params ? { kind: 'user', id: params.user_id } : { kind: 'user_group', id: params.user_group_id };

/** Allocate, deallocate and transfer, for users and for user groups alike. */
const targetRoutes = (op: typeof userCreditOperations | typeof userGroupCreditOperations) => [
  defineRoute(op.allocate, {
    access: permission('credit-allocate'),
    handler: async ({ params, body, origin, services, ctx }) => ({
      body: await allocateCredits(services, origin, { target: targetOf(params), ...movementOf(body, ctx) }),
    }),
  }),
  defineRoute(op.deallocate, {
    access: permission('credit-deallocate'),
    handler: async ({ params, body, origin, services, ctx }) => ({
      body: await deallocateCredits(services, origin, { target: targetOf(params), ...movementOf(body, ctx) }),
    }),
  }),
  defineRoute(op.transfer, {
    access: permission('credit-transfer'),
    handler: async ({ params, body, origin, services, ctx }) => ({
      body: await transferCredits(services, origin, { target: targetOf(params), ...movementOf(body, ctx) }),
    }),
  }),
];

export const creditMovementRoutes = [
  ...targetRoutes(userCreditOperations),
  ...targetRoutes(userGroupCreditOperations),
  defineRoute(organizationOp.issue, {
    access: permission('organization-update-credit'),
    handler: async ({ params, body, origin, services, ctx }) => ({
      body: await issueCredits(services, origin, { organizationId: params.organization_id, ...movementOf(body, ctx) }),
    }),
  }),
  defineRoute(organizationOp.withdraw, {
    access: permission('organization-update-credit'),
    handler: async ({ params, body, origin, services, ctx }) => ({
      body: await withdrawCredits(services, origin, {
        organizationId: params.organization_id,
        ...movementOf(body, ctx),
      }),
    }),
  }),
];
