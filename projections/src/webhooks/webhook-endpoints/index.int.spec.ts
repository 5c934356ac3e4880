import type { WebhookEndpointEvent } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { at, listParams, seededReadModel } from '../../testing/read-model-spec.js';
import { findWebhookEndpoint, listWebhookEndpoints, webhookEndpointsProjection } from './index.js';

const created = (endpointId: string, organizationId: string, day: number): WebhookEndpointEvent => ({
  type: 'WebhookEndpointCreated',
  data: {
    endpointId,
    organizationId,
    url: `https://${endpointId}.example.com/in`,
    events: ['user.activated'],
    description: '',
    creditLowThreshold: null,
    sealedSecret: `sealed-${endpointId}`,
    createdBy: 'op',
    createdAt: at(day),
  },
});

describe('webhook-endpoints read model', () => {
  const { db, reapplyTwice } = seededReadModel<WebhookEndpointEvent>(webhookEndpointsProjection, async ({ append }) => {
    await append(
      'webhook-endpoint-crm',
      created('crm', 'acme', 1),
      {
        type: 'WebhookEndpointUpdated',
        data: {
          endpointId: 'crm',
          url: 'https://crm.example.com/v2',
          events: ['credits.wallet.low', 'user.activated'],
          description: 'CRM',
          creditLowThreshold: 25,
          updatedAt: at(2),
        },
      },
      {
        type: 'WebhookEndpointSecretRotated',
        data: { endpointId: 'crm', sealedSecret: 'sealed-crm-2', previousExpiresAt: at(4), rotatedAt: at(3) },
      },
      { type: 'WebhookEndpointDisabled', data: { endpointId: 'crm', reason: 'failing', disabledAt: at(5) } },
    );
    await append('webhook-endpoint-lms', created('lms', 'acme', 6));
    await append('webhook-endpoint-old', created('old', 'acme', 7), {
      type: 'WebhookEndpointDeleted',
      data: { endpointId: 'old', deletedAt: at(8) },
    });
    await append('webhook-endpoint-globex', created('globex', 'globex', 9));
  });

  it('keeps each endpoint’s settings, state and both secrets during a rotation', async () => {
    expect(await findWebhookEndpoint(db, 'crm')).toEqual({
      endpointId: 'crm',
      organizationId: 'acme',
      url: 'https://crm.example.com/v2',
      events: ['credits.wallet.low', 'user.activated'],
      description: 'CRM',
      creditLowThreshold: 25,
      enabled: false,
      disabledReason: 'failing',
      sealedSecret: 'sealed-crm-2',
      previousSealedSecret: 'sealed-crm',
      previousSecretExpiresAt: at(4),
      secretRotatedAt: at(3),
      createdBy: 'op',
      createdAt: at(1),
      updatedAt: at(5),
    });
    expect(await findWebhookEndpoint(db, 'old')).toBeUndefined();
  });

  it('lists an organization’s endpoints, newest first', async () => {
    const page = await listWebhookEndpoints(db, { ...listParams(), organizationId: 'acme' });
    expect(page.items.map((endpoint) => endpoint.endpointId)).toEqual(['lms', 'crm']);
    expect(page.total).toBe(2);
  });

  it('changes nothing when every event is applied again', async () => {
    const before = await findWebhookEndpoint(db, 'crm');
    await reapplyTwice();
    expect(await findWebhookEndpoint(db, 'crm')).toEqual(before);
    expect((await listWebhookEndpoints(db, listParams())).total).toBe(3);
  });
});
