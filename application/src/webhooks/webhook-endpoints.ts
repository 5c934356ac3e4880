import {
  NotFoundError,
  webhookEndpointDecider,
  webhookEndpointStreamId,
  type WebhookEndpointCommand,
} from '@ai-coaching/domain';
import type {
  Page,
  ParsedRequest,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  webhookOperations,
} from '@ai-coaching/contracts';
import { createWebhookSecret } from '@ai-coaching/platform';
import {
  findWebhookEndpoint,
  listWebhookEndpoints as queryWebhookEndpoints,
  type WebhookEndpointView,
} from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { runCommand } from '../commands/run-command.js';
import { listScope, signedInUser, visibleOrganization, visibleTo, type UserCaller } from '../tenancy/scope.js';
import { checkWebhookUrl, sealWebhookSecret } from './webhook-secrets.js';

type Operations = typeof webhookOperations;

/** How long the previous secret keeps signing after a rotation, unless the request says. */
export const DEFAULT_WEBHOOK_GRACE_PERIOD_SECONDS = 24 * 60 * 60;

export const webhookNotFound = () => new NotFoundError('webhook_not_found', 'This webhook endpoint does not exist.');

export const toWebhookEndpoint = (endpoint: WebhookEndpointView): WebhookEndpoint => ({
  id: endpoint.endpointId,
  organization_id: endpoint.organizationId,
  url: endpoint.url,
  events: endpoint.events,
  description: endpoint.description,
  credit_low_threshold: endpoint.creditLowThreshold,
  enabled: endpoint.enabled,
  disabled_reason: endpoint.disabledReason,
  created_by: endpoint.createdBy,
  created_at: endpoint.createdAt,
  updated_at: endpoint.updatedAt,
  secret_rotated_at: endpoint.secretRotatedAt,
  previous_secret_expires_at: endpoint.previousSealedSecret ? endpoint.previousSecretExpiresAt : null,
});

/** The endpoint if the caller's organization owns it (super-admins: any); another's answers as a missing one. */
export const visibleWebhookEndpoint = async (
  services: Pick<AppServices, 'db'>,
  caller: UserCaller,
  endpointId: string,
): Promise<WebhookEndpointView> =>
  visibleTo(caller, await findWebhookEndpoint(services.db, endpointId), webhookNotFound);

const run = (services: AppServices, origin: Origin, command: WebhookEndpointCommand) =>
  runCommand(services, origin, {
    streamId: webhookEndpointStreamId(command.data.endpointId),
    decider: webhookEndpointDecider,
    command,
  });

const current = async (services: AppServices, endpointId: string): Promise<WebhookEndpointView> => {
  const endpoint = await findWebhookEndpoint(services.db, endpointId);
  if (!endpoint) throw webhookNotFound();
  return endpoint;
};

export const listWebhookEndpoints = async (
  services: AppServices,
  origin: Origin,
  query: ParsedRequest<Operations['list']>['query'],
): Promise<Page<WebhookEndpoint>> => {
  const caller = signedInUser(origin.caller);
  const organizationId = await listScope(services, caller, query.organization_id);
  const page = await queryWebhookEndpoints(services.db, {
    ...query,
    ...(organizationId === undefined ? {} : { organizationId }),
  });
  return { ...page, items: page.items.map(toWebhookEndpoint) };
};

export const readWebhookEndpoint = async (services: AppServices, origin: Origin, endpointId: string) =>
  toWebhookEndpoint(await visibleWebhookEndpoint(services, signedInUser(origin.caller), endpointId));

/**
 * Registers an endpoint with a new secret, sealed before it is recorded; the secret is in this answer and the
 * rotation's only. Not idempotent on purpose: a kept answer would hold the secret in the clear for a day.
 */
export const createWebhookEndpoint = async (
  services: AppServices,
  origin: Origin,
  body: ParsedRequest<Operations['create']>['body'],
): Promise<WebhookEndpointWithSecret> => {
  const caller = signedInUser(origin.caller);
  const organization = await visibleOrganization(services, caller, body.organization_id ?? caller.organizationId);
  checkWebhookUrl(services, body.url);
  const endpointId = services.ids.newId();
  const secret = createWebhookSecret();
  await run(services, origin, {
    type: 'CreateWebhookEndpoint',
    data: {
      endpointId,
      organizationId: organization.organizationId,
      url: body.url,
      events: body.events,
      ...(body.description === undefined ? {} : { description: body.description }),
      ...(body.credit_low_threshold === undefined ? {} : { creditLowThreshold: body.credit_low_threshold }),
      sealedSecret: await sealWebhookSecret(services, endpointId, secret),
      createdBy: caller.userId,
    },
    metadata: { now: nowIso(services) },
  });
  return { ...toWebhookEndpoint(await current(services, endpointId)), secret };
};

export const updateWebhookEndpoint = async (
  services: AppServices,
  origin: Origin,
  endpointId: string,
  body: ParsedRequest<Operations['update']>['body'],
): Promise<WebhookEndpoint> => {
  const endpoint = await visibleWebhookEndpoint(services, signedInUser(origin.caller), endpointId);
  checkWebhookUrl(services, body.url);
  await run(services, origin, {
    type: 'UpdateWebhookEndpoint',
    data: {
      endpointId: endpoint.endpointId,
      ...(body.url === undefined ? {} : { url: body.url }),
      ...(body.events === undefined ? {} : { events: body.events }),
      ...(body.description === undefined ? {} : { description: body.description }),
      ...(body.credit_low_threshold === undefined ? {} : { creditLowThreshold: body.credit_low_threshold }),
      ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
    },
    metadata: { now: nowIso(services) },
  });
  return toWebhookEndpoint(await current(services, endpoint.endpointId));
};

export const deleteWebhookEndpoint = async (services: AppServices, origin: Origin, endpointId: string) => {
  const endpoint = await visibleWebhookEndpoint(services, signedInUser(origin.caller), endpointId);
  await run(services, origin, {
    type: 'DeleteWebhookEndpoint',
    data: { endpointId: endpoint.endpointId },
    metadata: { now: nowIso(services) },
  });
};

/** A new secret signs from now on; the previous one signs too until the grace period ends. */
export const rotateWebhookSecret = async (
  services: AppServices,
  origin: Origin,
  endpointId: string,
  body: ParsedRequest<Operations['rotateSecret']>['body'],
): Promise<WebhookEndpointWithSecret> => {
  const endpoint = await visibleWebhookEndpoint(services, signedInUser(origin.caller), endpointId);
  const secret = createWebhookSecret();
  await run(services, origin, {
    type: 'RotateWebhookSecret',
    data: {
      endpointId: endpoint.endpointId,
      sealedSecret: await sealWebhookSecret(services, endpoint.endpointId, secret),
      gracePeriodSeconds: body.grace_period_seconds ?? DEFAULT_WEBHOOK_GRACE_PERIOD_SECONDS,
    },
    metadata: { now: nowIso(services) },
  });
  return { ...toWebhookEndpoint(await current(services, endpoint.endpointId)), secret };
};
