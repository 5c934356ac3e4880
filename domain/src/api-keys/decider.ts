import { decideByType, type Decider } from '../shared/decider.js';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import { boundedText } from '../shared/text.js';
import type { ApiKeyCommand, CreateApiKey, ReplaceApiKey, RevokeApiKey } from './commands.js';
import type { ApiKeyEvent } from './events.js';
import type { Permission } from '../permissions/catalogue.js';

export const API_KEY_NAME_MAX = 120;
/** A rotation's grace period: the old key keeps working for at most a week beside the new one. */
export const API_KEY_GRACE_MAX_SECONDS = 7 * 24 * 3600;
/** What every key starts with, so that secret scanners and people recognise one. */
export const API_KEY_MARK = 'aic_';

/**
 * What a SCIM token holds: the management of the organization's users and user groups, nothing else. Its creator
 * must hold them all (an operator does).
 */
export const SCIM_TOKEN_PERMISSIONS = [
  'user-create',
  'user-read',
  'user-list',
  'user-update',
  'user-delete',
  'user-group-create',
  'user-group-read',
  'user-group-list',
  'user-group-update',
  'user-group-delete',
] as const satisfies readonly Permission[];

export const apiKeyStreamId = (apiKeyId: string): string => `api-key-${apiKeyId}`;

export type ApiKeyState =
  | { status: 'none' }
  | {
      status: 'active' | 'revoked';
      apiKeyId: string;
      organizationId: string;
      expiresAt: string | null;
      replacedBy: string | null;
    };

const validName = (raw: string): string =>
  boundedText(raw, API_KEY_NAME_MAX, {
    code: 'invalid_api_key_name',
    message: `A key’s name has 1 to ${API_KEY_NAME_MAX} characters.`,
    details: { field: 'name' },
  });

const existing = (state: ApiKeyState) => {
  if (state.status === 'none') throw new NotFoundError('api_key_not_found', 'This API key does not exist.');
  return state;
};

const earlier = (a: string | null, b: string): string => (a !== null && a < b ? a : b);

const createKey = ({ data, metadata }: CreateApiKey, state: ApiKeyState): ApiKeyEvent[] => {
  if (state.status !== 'none') throw new ConflictError('api_key_exists', 'This API key already exists.');
  const permissions = [...new Set(data.permissions)].sort();
  if (permissions.length === 0) {
    throw new ValidationError('api_key_without_permissions', 'Give the key at least one permission.', {
      field: 'permissions',
    });
  }
  const notHeld = permissions.filter((permission) => !data.grantable.includes(permission));
  if (notHeld.length > 0) {
    throw new ValidationError(
      'api_key_permission_not_held',
      `A key can only hold permissions you hold yourself, and never manage keys: ${notHeld.join(', ')}.`,
      { field: 'permissions', permissions: notHeld },
    );
  }
  if (data.expiresAt !== null && data.expiresAt <= metadata.now) {
    throw new ValidationError('api_key_expiry_past', 'Choose an expiry date in the future.', { field: 'expires_at' });
  }
  return [
    {
      type: 'ApiKeyCreated',
      data: {
        apiKeyId: data.apiKeyId,
        organizationId: data.organizationId,
        name: validName(data.name),
        prefix: data.prefix,
        keyHash: data.keyHash,
        permissions,
        expiresAt: data.expiresAt,
        createdBy: data.createdBy,
        rotatedFrom: data.rotatedFrom,
        scope: data.scope ?? 'api',
        createdAt: metadata.now,
      },
    },
  ];
};

/**
 * Whether a key may be rotated now: a key already replaced or revoked cannot be (its replacement is the one to
 * rotate), nor an expired one. The use case asks before it makes the new key, so a refusal leaves nothing behind.
 */
export const assertRotatable = (
  key: { status: 'active' | 'revoked'; replacedBy: string | null; expiresAt: string | null },
  now: string,
): void => {
  if (key.status === 'revoked') throw new ConflictError('api_key_revoked', 'This API key is revoked.');
  if (key.replacedBy !== null) {
    throw new ConflictError('api_key_rotated', 'This API key has already been rotated: rotate its replacement.');
  }
  if (key.expiresAt !== null && key.expiresAt <= now) {
    throw new ConflictError('api_key_expired', 'This API key has expired.');
  }
};

/** The old key of a rotation keeps working for the grace period, never longer than it would have anyway. */
const replaceKey = ({ data, metadata }: ReplaceApiKey, state: ApiKeyState): ApiKeyEvent[] => {
  const key = existing(state);
  if (key.status === 'active' && key.replacedBy === data.replacedBy) return [];
  assertRotatable(key, metadata.now);
  if (!Number.isInteger(data.graceSeconds) || data.graceSeconds < 0 || data.graceSeconds > API_KEY_GRACE_MAX_SECONDS) {
    throw new ValidationError('invalid_api_key_grace', 'The grace period is 0 to 168 hours.', {
      field: 'grace_period_hours',
    });
  }
  const graceEnd = new Date(Date.parse(metadata.now) + data.graceSeconds * 1000).toISOString();
  return [
    {
      type: 'ApiKeyReplaced',
      data: {
        apiKeyId: key.apiKeyId,
        replacedBy: data.replacedBy,
        expiresAt: earlier(key.expiresAt, graceEnd),
        replacedAt: metadata.now,
      },
    },
  ];
};

const revokeKey = ({ data, metadata }: RevokeApiKey, state: ApiKeyState): ApiKeyEvent[] => {
  const key = existing(state);
  if (key.status === 'revoked') return [];
  return [
    { type: 'ApiKeyRevoked', data: { apiKeyId: key.apiKeyId, revokedBy: data.revokedBy, revokedAt: metadata.now } },
  ];
};

export const apiKeyDecider: Decider<ApiKeyCommand, ApiKeyEvent, ApiKeyState> = {
  decide: decideByType({ CreateApiKey: createKey, ReplaceApiKey: replaceKey, RevokeApiKey: revokeKey }),
  evolve(state, event) {
    switch (event.type) {
      case 'ApiKeyCreated': {
        const { apiKeyId, organizationId, expiresAt } = event.data;
        return { status: 'active', apiKeyId, organizationId, expiresAt, replacedBy: null };
      }
      case 'ApiKeyReplaced':
        return state.status === 'none'
          ? state
          : { ...state, replacedBy: event.data.replacedBy, expiresAt: event.data.expiresAt };
      case 'ApiKeyRevoked':
        return state.status === 'none' ? state : { ...state, status: 'revoked' };
    }
  },
  initialState: () => ({ status: 'none' }),
};
