import { describe, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import { DeciderSpecification, isCode } from '../testing/decider-specification.js';
import type {
  CreateWebhookEndpoint,
  DeleteWebhookEndpoint,
  DisableWebhookEndpoint,
  RotateWebhookSecret,
  UpdateWebhookEndpoint,
} from './commands.js';
import { WEBHOOK_GRACE_PERIOD_MAX_SECONDS, webhookEndpointDecider } from './decider.js';
import type {
  WebhookEndpointCreated,
  WebhookEndpointDeleted,
  WebhookEndpointDisabled,
  WebhookEndpointEnabled,
  WebhookEndpointUpdated,
} from './events.js';

const given = DeciderSpecification.for(webhookEndpointDecider);
const t0 = '2026-12-08T10:00:00.000Z';
const t1 = '2026-12-08T11:00:00.000Z';

const create: CreateWebhookEndpoint = {
  type: 'CreateWebhookEndpoint',
  data: {
    endpointId: 'wh-1',
    organizationId: 'org-1',
    url: ' https://hooks.example.com/in ',
    events: ['user.activated', 'coaching.session.ended'],
    sealedSecret: 'sealed-1',
    createdBy: 'user-1',
  },
  metadata: { now: t0 },
};
const created: WebhookEndpointCreated = {
  type: 'WebhookEndpointCreated',
  data: {
    endpointId: 'wh-1',
    organizationId: 'org-1',
    url: 'https://hooks.example.com/in',
    events: ['coaching.session.ended', 'user.activated'],
    description: '',
    creditLowThreshold: null,
    sealedSecret: 'sealed-1',
    createdBy: 'user-1',
    createdAt: t0,
  },
};
const update = (data: Omit<UpdateWebhookEndpoint['data'], 'endpointId'>): UpdateWebhookEndpoint => ({
  type: 'UpdateWebhookEndpoint',
  data: { endpointId: 'wh-1', ...data },
  metadata: { now: t1 },
});
const updated = (data: Partial<WebhookEndpointUpdated['data']>): WebhookEndpointUpdated => ({
  type: 'WebhookEndpointUpdated',
  data: {
    endpointId: 'wh-1',
    url: created.data.url,
    events: created.data.events,
    description: '',
    creditLowThreshold: null,
    updatedAt: t1,
    ...data,
  },
});
const disabled = (reason: WebhookEndpointDisabled['data']['reason']): WebhookEndpointDisabled => ({
  type: 'WebhookEndpointDisabled',
  data: { endpointId: 'wh-1', reason, disabledAt: t1 },
});
const enabled: WebhookEndpointEnabled = { type: 'WebhookEndpointEnabled', data: { endpointId: 'wh-1', enabledAt: t1 } };
const disable = (reason: DisableWebhookEndpoint['data']['reason']): DisableWebhookEndpoint => ({
  type: 'DisableWebhookEndpoint',
  data: { endpointId: 'wh-1', reason },
  metadata: { now: t1 },
});
const rotate = (gracePeriodSeconds: number): RotateWebhookSecret => ({
  type: 'RotateWebhookSecret',
  data: { endpointId: 'wh-1', sealedSecret: 'sealed-2', gracePeriodSeconds },
  metadata: { now: t1 },
});
const remove: DeleteWebhookEndpoint = {
  type: 'DeleteWebhookEndpoint',
  data: { endpointId: 'wh-1' },
  metadata: { now: t1 },
};
const deleted: WebhookEndpointDeleted = { type: 'WebhookEndpointDeleted', data: { endpointId: 'wh-1', deletedAt: t1 } };

describe('Webhook endpoints', () => {
  describe('CreateWebhookEndpoint', () => {
    it('should create it with its URL trimmed and its events in the catalogue’s order', () => {
      given([]).when(create).then([created]);
    });

    it.each([
      '',
      'ftp://hooks.example.com',
      'not a url',
      'https://user:pass@hooks.example.com',
      `https://x.io/${'a'.repeat(2000)}`,
    ])('should refuse the URL %j', (url) => {
      given([])
        .when({ ...create, data: { ...create.data, url } })
        .thenThrows(ValidationError, isCode('invalid_webhook_url'));
    });

    it.each([[[]], [['user.activated', 'user.deleted']], [['webhook.test']]])(
      'should refuse the events %j',
      (events) => {
        given([])
          .when({ ...create, data: { ...create.data, events } })
          .thenThrows(ValidationError, isCode('invalid_webhook_events'));
      },
    );

    it('should keep a low-credit threshold, and refuse one that is not a positive whole number', () => {
      given([])
        .when({ ...create, data: { ...create.data, creditLowThreshold: 50 } })
        .then([{ ...created, data: { ...created.data, creditLowThreshold: 50 } }]);
      given([])
        .when({ ...create, data: { ...create.data, creditLowThreshold: 0.5 } })
        .thenThrows(ValidationError, isCode('invalid_webhook_credit_threshold'));
    });

    it('should refuse to create it again', () => {
      given([created]).when(create).thenThrows(ConflictError, isCode('webhook_exists'));
    });
  });

  describe('UpdateWebhookEndpoint', () => {
    it('should record what changed, keeping what was not given', () => {
      given([created])
        .when(update({ description: ' CRM ', events: ['credits.wallet.low'], creditLowThreshold: 10 }))
        .then([updated({ description: 'CRM', events: ['credits.wallet.low'], creditLowThreshold: 10 })]);
    });

    it('should decide nothing when nothing changes', () => {
      given([created])
        .when(update({ url: 'https://hooks.example.com/in', enabled: true }))
        .thenNothing();
    });

    it('should turn it off and on by hand', () => {
      given([created])
        .when(update({ enabled: false }))
        .then([disabled('manual')]);
      given([created, disabled('failing')])
        .when(update({ enabled: true }))
        .then([enabled]);
    });

    it('should refuse a deleted or unknown endpoint', () => {
      given([created, deleted])
        .when(update({ description: 'x' }))
        .thenThrows(NotFoundError, isCode('webhook_not_found'));
      given([])
        .when(update({ description: 'x' }))
        .thenThrows(NotFoundError, isCode('webhook_not_found'));
    });
  });

  describe('DisableWebhookEndpoint', () => {
    it('should disable an enabled endpoint with the deliveries’ reason', () => {
      given([created])
        .when(disable('failing'))
        .then([disabled('failing')]);
      given([created])
        .when(disable('gone'))
        .then([disabled('gone')]);
    });

    it('should decide nothing for an endpoint already off, or deleted', () => {
      given([created, disabled('manual')])
        .when(disable('failing'))
        .thenNothing();
      given([created, deleted]).when(disable('failing')).thenNothing();
    });
  });

  describe('RotateWebhookSecret', () => {
    it('should keep the previous secret signing for the grace period', () => {
      given([created])
        .when(rotate(3600))
        .then([
          {
            type: 'WebhookEndpointSecretRotated',
            data: {
              endpointId: 'wh-1',
              sealedSecret: 'sealed-2',
              previousExpiresAt: '2026-12-08T12:00:00.000Z',
              rotatedAt: t1,
            },
          },
        ]);
    });

    it.each([-1, 1.5, WEBHOOK_GRACE_PERIOD_MAX_SECONDS + 1])('should refuse a grace period of %j seconds', (grace) => {
      given([created]).when(rotate(grace)).thenThrows(ValidationError, isCode('invalid_webhook_grace_period'));
    });
  });

  describe('DeleteWebhookEndpoint', () => {
    it('should delete it once', () => {
      given([created]).when(remove).then([deleted]);
      given([created, deleted]).when(remove).thenNothing();
    });

    it('should refuse an unknown endpoint', () => {
      given([]).when(remove).thenThrows(NotFoundError, isCode('webhook_not_found'));
    });
  });
});
