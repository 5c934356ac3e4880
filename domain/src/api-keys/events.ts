/**
 * Where a key works: `api` keys on `/v1`, `scim` tokens (an identity provider's) on `/scim/v2` only
 * (docs/api/integrations.md, "SCIM").
 */
export const API_KEY_SCOPES = ['api', 'scim'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * An organization's API key. The key itself is never in an event: only its SHA-256 hash (the key has 256 random bits,
 * so a fast hash is as good as a slow one) and the prefix a person recognises it by.
 */
export type ApiKeyCreated = {
  type: 'ApiKeyCreated';
  data: {
    apiKeyId: string;
    organizationId: string;
    name: string;
    /** `aic_` and the first characters of the key: what lists show. */
    prefix: string;
    keyHash: string;
    permissions: string[];
    /** Null: it does not expire. */
    expiresAt: string | null;
    createdBy: string;
    /** The key this one replaces, when it was made by a rotation. */
    rotatedFrom: string | null;
    /** Absent from the keys made before SCIM tokens existed: read it as `api`. */
    scope?: ApiKeyScope;
    createdAt: string;
  };
};

/** A rotation's replacement: the old key keeps working until `expiresAt` (the grace period), then stops. */
export type ApiKeyReplaced = {
  type: 'ApiKeyReplaced';
  data: { apiKeyId: string; replacedBy: string; expiresAt: string; replacedAt: string };
};

export type ApiKeyRevoked = { type: 'ApiKeyRevoked'; data: { apiKeyId: string; revokedBy: string; revokedAt: string } };

export type ApiKeyEvent = ApiKeyCreated | ApiKeyReplaced | ApiKeyRevoked;
