export const webhookEndpointStreamId = (endpointId: string): string => `webhook-endpoint-${endpointId}`;

/**
 * The events an endpoint may subscribe to (docs/api/integrations.md, "Webhooks"): stable names, each with a versioned
 * payload schema in the contracts. `webhook.test` is sent on request only and is never subscribed to.
 */
export const WEBHOOK_EVENT_TYPES = [
  'coaching.session.ended',
  'coaching.analysis.completed',
  'coaching.assignment.passed',
  'coaching.assignment.overdue',
  'credits.wallet.low',
  'user.activated',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Why an endpoint stopped receiving: someone turned it off, 24 hours of failed deliveries, or a 410 Gone answer. */
export type WebhookDisabledReason = 'manual' | 'failing' | 'gone';

/** What people set on an endpoint, as the decider keeps it. */
export type WebhookEndpointSettings = {
  url: string;
  events: WebhookEventType[];
  description: string;
  /** `credits.wallet.low` fires when a wallet's posted balance falls below this; null: that event never fires. */
  creditLowThreshold: number | null;
};

/**
 * The signing secret is never in an event in the clear: only sealed with the platform key, bound to the endpoint's
 * id (as AI service keys are), so a copy of the event store alone signs nothing.
 */
export type WebhookEndpointCreated = {
  type: 'WebhookEndpointCreated';
  data: WebhookEndpointSettings & {
    endpointId: string;
    organizationId: string;
    sealedSecret: string;
    createdBy: string;
    createdAt: string;
  };
};

export type WebhookEndpointUpdated = {
  type: 'WebhookEndpointUpdated';
  data: WebhookEndpointSettings & { endpointId: string; updatedAt: string };
};

export type WebhookEndpointDisabled = {
  type: 'WebhookEndpointDisabled';
  data: { endpointId: string; reason: WebhookDisabledReason; disabledAt: string };
};

export type WebhookEndpointEnabled = {
  type: 'WebhookEndpointEnabled';
  data: { endpointId: string; enabledAt: string };
};

/** A new secret signs from now on; the one it replaces signs too until `previousExpiresAt` (the grace period). */
export type WebhookEndpointSecretRotated = {
  type: 'WebhookEndpointSecretRotated';
  data: { endpointId: string; sealedSecret: string; previousExpiresAt: string; rotatedAt: string };
};

export type WebhookEndpointDeleted = {
  type: 'WebhookEndpointDeleted';
  data: { endpointId: string; deletedAt: string };
};

export type WebhookEndpointEvent =
  | WebhookEndpointCreated
  | WebhookEndpointUpdated
  | WebhookEndpointDisabled
  | WebhookEndpointEnabled
  | WebhookEndpointSecretRotated
  | WebhookEndpointDeleted;
