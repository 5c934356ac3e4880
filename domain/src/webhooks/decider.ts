import { decideByType, type Decider } from '../shared/decider.js';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import { textUpTo } from '../shared/text.js';
import type {
  CreateWebhookEndpoint,
  DeleteWebhookEndpoint,
  DisableWebhookEndpoint,
  RotateWebhookSecret,
  UpdateWebhookEndpoint,
  WebhookEndpointCommand,
} from './commands.js';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookDisabledReason,
  type WebhookEndpointEvent,
  type WebhookEndpointSettings,
  type WebhookEventType,
} from './events.js';

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 500;
/** The longest grace period of a rotation, in seconds: a week, time enough to deploy the new secret anywhere. */
export const WEBHOOK_GRACE_PERIOD_MAX_SECONDS = 7 * 24 * 60 * 60;
export const WEBHOOK_CREDIT_THRESHOLD_MAX = 4_294_967_295;

export type ExistingWebhookEndpoint = WebhookEndpointSettings & {
  status: 'active' | 'deleted';
  endpointId: string;
  organizationId: string;
  enabled: boolean;
  disabledReason: WebhookDisabledReason | null;
};

export type WebhookEndpointState = { status: 'none' } | ExistingWebhookEndpoint;

/** http(s), a host, then a path, query or fragment without spaces (the application resolves and guards it). */
const HTTP_URL = /^https?:\/\/([^\s/?#]+)(?:[/?#]\S*)?$/i;

const validUrl = (raw: string): string => {
  const url = raw.trim();
  const authority = url.length <= WEBHOOK_URL_MAX ? HTTP_URL.exec(url)?.[1] : undefined;
  if (authority === undefined) {
    throw new ValidationError(
      'invalid_webhook_url',
      `A webhook URL is an http(s) address of at most ${WEBHOOK_URL_MAX} characters.`,
      { field: 'url' },
    );
  }
  if (authority.includes('@')) {
    throw new ValidationError('invalid_webhook_url', 'A webhook URL must not hold a user name or password.', {
      field: 'url',
    });
  }
  return url;
};

const isEventType = (value: string): value is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

/** At least one known event type, each once, in the catalogue's order (so an equal set compares equal). */
const validEvents = (raw: readonly string[]): WebhookEventType[] => {
  const unknown = raw.filter((type) => !isEventType(type));
  if (raw.length === 0 || unknown.length > 0) {
    throw new ValidationError(
      'invalid_webhook_events',
      `Subscribe to at least one of: ${WEBHOOK_EVENT_TYPES.join(', ')}.`,
      { field: 'events', ...(unknown.length > 0 ? { unknown } : {}) },
    );
  }
  return WEBHOOK_EVENT_TYPES.filter((type) => raw.includes(type));
};

const validDescription = (raw: string): string =>
  textUpTo(raw, WEBHOOK_DESCRIPTION_MAX, {
    code: 'invalid_webhook_description',
    message: `A description has at most ${WEBHOOK_DESCRIPTION_MAX} characters.`,
    details: { field: 'description' },
  });

const validThreshold = (raw: number | null): number | null => {
  if (raw === null) return null;
  if (!Number.isInteger(raw) || raw < 1 || raw > WEBHOOK_CREDIT_THRESHOLD_MAX) {
    throw new ValidationError(
      'invalid_webhook_credit_threshold',
      'A low-credit threshold is a whole number of credits, at least 1.',
      {
        field: 'credit_low_threshold',
      },
    );
  }
  return raw;
};

const existing = (state: WebhookEndpointState): ExistingWebhookEndpoint => {
  if (state.status !== 'active') throw new NotFoundError('webhook_not_found', 'This webhook endpoint does not exist.');
  return state;
};

const createWebhookEndpoint = (
  { data, metadata }: CreateWebhookEndpoint,
  state: WebhookEndpointState,
): WebhookEndpointEvent[] => {
  if (state.status !== 'none') throw new ConflictError('webhook_exists', 'This webhook endpoint already exists.');
  return [
    {
      type: 'WebhookEndpointCreated',
      data: {
        endpointId: data.endpointId,
        organizationId: data.organizationId,
        url: validUrl(data.url),
        events: validEvents(data.events),
        description: validDescription(data.description ?? ''),
        creditLowThreshold: validThreshold(data.creditLowThreshold ?? null),
        sealedSecret: data.sealedSecret,
        createdBy: data.createdBy,
        createdAt: metadata.now,
      },
    },
  ];
};

const sameSettings = (a: WebhookEndpointSettings, b: WebhookEndpointSettings) =>
  a.url === b.url &&
  a.description === b.description &&
  a.creditLowThreshold === b.creditLowThreshold &&
  a.events.join(' ') === b.events.join(' ');

const updateWebhookEndpoint = (
  { data, metadata }: UpdateWebhookEndpoint,
  state: WebhookEndpointState,
): WebhookEndpointEvent[] => {
  const endpoint = existing(state);
  const settings: WebhookEndpointSettings = {
    url: data.url === undefined ? endpoint.url : validUrl(data.url),
    events: data.events === undefined ? endpoint.events : validEvents(data.events),
    description: data.description === undefined ? endpoint.description : validDescription(data.description),
    creditLowThreshold:
      data.creditLowThreshold === undefined ? endpoint.creditLowThreshold : validThreshold(data.creditLowThreshold),
  };
  const { endpointId } = endpoint;
  const events: WebhookEndpointEvent[] = sameSettings(settings, endpoint)
    ? []
    : [{ type: 'WebhookEndpointUpdated', data: { endpointId, ...settings, updatedAt: metadata.now } }];
  if (data.enabled === true && !endpoint.enabled) {
    events.push({ type: 'WebhookEndpointEnabled', data: { endpointId, enabledAt: metadata.now } });
  }
  if (data.enabled === false && endpoint.enabled) {
    events.push({ type: 'WebhookEndpointDisabled', data: { endpointId, reason: 'manual', disabledAt: metadata.now } });
  }
  return events;
};

const disableWebhookEndpoint = (
  { data, metadata }: DisableWebhookEndpoint,
  state: WebhookEndpointState,
): WebhookEndpointEvent[] => {
  // A deleted endpoint, or one already off, needs nothing more: the deliveries that noticed were late.
  if (state.status !== 'active' || !state.enabled) return [];
  return [
    {
      type: 'WebhookEndpointDisabled',
      data: { endpointId: state.endpointId, reason: data.reason, disabledAt: metadata.now },
    },
  ];
};

const rotateWebhookSecret = (
  { data, metadata }: RotateWebhookSecret,
  state: WebhookEndpointState,
): WebhookEndpointEvent[] => {
  const endpoint = existing(state);
  const grace = data.gracePeriodSeconds;
  if (!Number.isInteger(grace) || grace < 0 || grace > WEBHOOK_GRACE_PERIOD_MAX_SECONDS) {
    throw new ValidationError(
      'invalid_webhook_grace_period',
      `A grace period is a whole number of seconds from 0 to ${WEBHOOK_GRACE_PERIOD_MAX_SECONDS} (a week).`,
      { field: 'grace_period_seconds' },
    );
  }
  return [
    {
      type: 'WebhookEndpointSecretRotated',
      data: {
        endpointId: endpoint.endpointId,
        sealedSecret: data.sealedSecret,
        previousExpiresAt: new Date(Date.parse(metadata.now) + grace * 1000).toISOString(),
        rotatedAt: metadata.now,
      },
    },
  ];
};

const deleteWebhookEndpoint = (
  { metadata }: DeleteWebhookEndpoint,
  state: WebhookEndpointState,
): WebhookEndpointEvent[] => {
  // A repeated delete (a retried request) finds its work done.
  if (state.status === 'deleted') return [];
  const endpoint = existing(state);
  return [{ type: 'WebhookEndpointDeleted', data: { endpointId: endpoint.endpointId, deletedAt: metadata.now } }];
};

export const webhookEndpointDecider: Decider<WebhookEndpointCommand, WebhookEndpointEvent, WebhookEndpointState> = {
  decide: decideByType({
    CreateWebhookEndpoint: createWebhookEndpoint,
    UpdateWebhookEndpoint: updateWebhookEndpoint,
    DisableWebhookEndpoint: disableWebhookEndpoint,
    RotateWebhookSecret: rotateWebhookSecret,
    DeleteWebhookEndpoint: deleteWebhookEndpoint,
  }),
  evolve(state, event) {
    if (event.type === 'WebhookEndpointCreated') {
      const { endpointId, organizationId, url, events, description, creditLowThreshold } = event.data;
      return {
        status: 'active',
        endpointId,
        organizationId,
        url,
        events,
        description,
        creditLowThreshold,
        enabled: true,
        disabledReason: null,
      };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'WebhookEndpointUpdated': {
        const { url, events, description, creditLowThreshold } = event.data;
        return { ...state, url, events, description, creditLowThreshold };
      }
      case 'WebhookEndpointDisabled':
        return { ...state, enabled: false, disabledReason: event.data.reason };
      case 'WebhookEndpointEnabled':
        return { ...state, enabled: true, disabledReason: null };
      case 'WebhookEndpointSecretRotated':
        return state;
      case 'WebhookEndpointDeleted':
        return { ...state, status: 'deleted' };
    }
  },
  initialState: () => ({ status: 'none' }),
};
