import type { Command } from '../shared/command.js';
import type { WebhookDisabledReason, WebhookEventType } from './events.js';

export type CreateWebhookEndpoint = Command<
  'CreateWebhookEndpoint',
  {
    endpointId: string;
    organizationId: string;
    url: string;
    events: readonly string[];
    description?: string;
    creditLowThreshold?: number | null;
    sealedSecret: string;
    createdBy: string;
  }
>;

/** Only what is given changes; `enabled` turns the endpoint on or off by hand. */
export type UpdateWebhookEndpoint = Command<
  'UpdateWebhookEndpoint',
  {
    endpointId: string;
    url?: string;
    events?: readonly string[];
    description?: string;
    creditLowThreshold?: number | null;
    enabled?: boolean;
  }
>;

/** The deliveries' own verdict (24 hours of failures, a 410): the endpoint stops until someone enables it. */
export type DisableWebhookEndpoint = Command<
  'DisableWebhookEndpoint',
  { endpointId: string; reason: Exclude<WebhookDisabledReason, 'manual'> }
>;

export type RotateWebhookSecret = Command<
  'RotateWebhookSecret',
  { endpointId: string; sealedSecret: string; gracePeriodSeconds: number }
>;

export type DeleteWebhookEndpoint = Command<'DeleteWebhookEndpoint', { endpointId: string }>;

export type WebhookEndpointCommand =
  CreateWebhookEndpoint | UpdateWebhookEndpoint | DisableWebhookEndpoint | RotateWebhookSecret | DeleteWebhookEndpoint;

export type { WebhookEventType };
