import { describe, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import { DeciderSpecification, isCode } from '../testing/decider-specification.js';
import type { CreateApiKey, ReplaceApiKey, RevokeApiKey } from './commands.js';
import { API_KEY_GRACE_MAX_SECONDS, apiKeyDecider } from './decider.js';
import type { ApiKeyCreated, ApiKeyReplaced, ApiKeyRevoked } from './events.js';

const given = DeciderSpecification.for(apiKeyDecider);
const t0 = '2026-12-08T10:00:00.000Z';
const t1 = '2026-12-09T10:00:00.000Z';
const inADay = (from: string) => new Date(Date.parse(from) + 86_400_000).toISOString();

const create = (data: Partial<CreateApiKey['data']> = {}): CreateApiKey => ({
  type: 'CreateApiKey',
  data: {
    apiKeyId: 'key-1',
    organizationId: 'org-1',
    name: ' Warehouse ',
    prefix: 'aic_AbCdEfGh',
    keyHash: 'hash-1',
    permissions: ['coaching-session-read', 'user-list', 'coaching-session-read'],
    grantable: ['coaching-session-read', 'user-list', 'user-read'],
    expiresAt: null,
    createdBy: 'user-1',
    rotatedFrom: null,
    ...data,
  },
  metadata: { now: t0 },
});
const created = (data: Partial<ApiKeyCreated['data']> = {}): ApiKeyCreated => ({
  type: 'ApiKeyCreated',
  data: {
    apiKeyId: 'key-1',
    organizationId: 'org-1',
    name: 'Warehouse',
    prefix: 'aic_AbCdEfGh',
    keyHash: 'hash-1',
    permissions: ['coaching-session-read', 'user-list'],
    expiresAt: null,
    createdBy: 'user-1',
    rotatedFrom: null,
    scope: 'api',
    createdAt: t0,
    ...data,
  },
});
const replace = (graceSeconds = 3600, replacedBy = 'key-2'): ReplaceApiKey => ({
  type: 'ReplaceApiKey',
  data: { apiKeyId: 'key-1', replacedBy, graceSeconds },
  metadata: { now: t1 },
});
const replaced = (expiresAt: string, replacedBy = 'key-2'): ApiKeyReplaced => ({
  type: 'ApiKeyReplaced',
  data: { apiKeyId: 'key-1', replacedBy, expiresAt, replacedAt: t1 },
});
const revoke: RevokeApiKey = {
  type: 'RevokeApiKey',
  data: { apiKeyId: 'key-1', revokedBy: 'user-2' },
  metadata: { now: t1 },
};
const revoked: ApiKeyRevoked = {
  type: 'ApiKeyRevoked',
  data: { apiKeyId: 'key-1', revokedBy: 'user-2', revokedAt: t1 },
};

describe('[API-KEYS]: the API key decider', () => {
  describe('creating a key', () => {
    it('records its name trimmed, its hash and prefix, and its permissions once each, in order', () => {
      given([]).when(create()).then([created()]);
    });

    it('keeps an expiry in the future', () => {
      given([])
        .when(create({ expiresAt: inADay(t0) }))
        .then([created({ expiresAt: inADay(t0) })]);
    });

    it('refuses a permission the creator does not hold, naming it', () => {
      given([])
        .when(create({ permissions: ['user-list', 'organization-delete'] }))
        .thenThrows(ValidationError, isCode('api_key_permission_not_held'));
    });

    it('refuses a key without permissions', () => {
      given([])
        .when(create({ permissions: [] }))
        .thenThrows(ValidationError, isCode('api_key_without_permissions'));
    });

    it('refuses an expiry that has passed', () => {
      given([])
        .when(create({ expiresAt: t0 }))
        .thenThrows(ValidationError, isCode('api_key_expiry_past'));
    });

    it('refuses an empty name', () => {
      given([])
        .when(create({ name: '  ' }))
        .thenThrows(ValidationError, isCode('invalid_api_key_name'));
    });

    it('records a SCIM token’s scope', () => {
      given([])
        .when(create({ scope: 'scim' }))
        .then([created({ scope: 'scim' })]);
    });

    it('refuses to create the same key twice', () => {
      given([created()]).when(create()).thenThrows(ConflictError, isCode('api_key_exists'));
    });
  });

  describe('rotating a key', () => {
    it('keeps the old key working for the grace period', () => {
      given([created()])
        .when(replace(3600))
        .then([replaced('2026-12-09T11:00:00.000Z')]);
    });

    it('never makes the old key live longer than its own expiry', () => {
      const expiresAt = '2026-12-09T10:30:00.000Z';
      given([created({ expiresAt })])
        .when(replace(3600))
        .then([replaced(expiresAt)]);
    });

    it('ends the old key at once with no grace period', () => {
      given([created()])
        .when(replace(0))
        .then([replaced(t1)]);
    });

    it('changes nothing when the same rotation is asked again, and refuses a second one', () => {
      given([created(), replaced(t1)])
        .when(replace(0))
        .then([]);
      given([created(), replaced(t1)])
        .when(replace(0, 'key-3'))
        .thenThrows(ConflictError, isCode('api_key_rotated'));
    });

    it('refuses a grace period longer than a week', () => {
      given([created()])
        .when(replace(API_KEY_GRACE_MAX_SECONDS + 1))
        .thenThrows(ValidationError, isCode('invalid_api_key_grace'));
    });

    it('refuses a revoked or an expired key', () => {
      given([created(), revoked]).when(replace()).thenThrows(ConflictError, isCode('api_key_revoked'));
      given([created({ expiresAt: '2026-12-08T12:00:00.000Z' })])
        .when(replace())
        .thenThrows(ConflictError, isCode('api_key_expired'));
    });
  });

  describe('revoking a key', () => {
    it('records who revoked it, once', () => {
      given([created()]).when(revoke).then([revoked]);
      given([created(), revoked]).when(revoke).then([]);
    });

    it('answers a key that does not exist as missing', () => {
      given([]).when(revoke).thenThrows(NotFoundError, isCode('api_key_not_found'));
    });
  });
});
