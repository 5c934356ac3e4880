import type { ApiKeyScope, ListPage, ListParams } from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { defineProjection } from '../../runner/projection.js';
import { entityReads } from '../../shared/entity-reads.js';
import { sqlFilter } from '../../shared/paged-list.js';
import { isoTime, isoTimeOrNull } from '../../shared/rows.js';

const TABLES = { keys: 'rm_api_keys' } as const;

/**
 * Organizations' API keys: what lists show, and the hash a request's key is looked up by (platform/src/auth). Revoked
 * and replaced keys stay, marked, so that a list tells what happened to a key.
 */
export const apiKeysProjection = defineProjection({
  name: 'api-keys',
  // 2: the scope (`api` or `scim`) of each key.
  version: 2,
  tables: TABLES,
  async setup(tx, t) {
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.keys} (
        api_key_id text PRIMARY KEY,
        organization_id text NOT NULL,
        name text NOT NULL,
        prefix text NOT NULL,
        key_hash text NOT NULL UNIQUE,
        permissions text[] NOT NULL,
        scope text NOT NULL DEFAULT 'api',
        created_by text NOT NULL,
        rotated_from text,
        replaced_by text,
        expires_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${t.keys}_org_idx ON ${t.keys} (organization_id, created_at);`);
  },
  on: {
    async ApiKeyCreated(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.keys} (api_key_id, organization_id, name, prefix, key_hash, permissions, created_by,
           rotated_from, expires_at, created_at, updated_at, scope)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11) ON CONFLICT (api_key_id) DO NOTHING`,
        [
          data.apiKeyId,
          data.organizationId,
          data.name,
          data.prefix,
          data.keyHash,
          data.permissions,
          data.createdBy,
          data.rotatedFrom,
          data.expiresAt,
          data.createdAt,
          data.scope ?? 'api',
        ],
      );
    },
    async ApiKeyReplaced(tx, { data }, t) {
      await tx.query(`UPDATE ${t.keys} SET replaced_by = $2, expires_at = $3, updated_at = $4 WHERE api_key_id = $1`, [
        data.apiKeyId,
        data.replacedBy,
        data.expiresAt,
        data.replacedAt,
      ]);
    },
    async ApiKeyRevoked(tx, { data }, t) {
      await tx.query(
        `UPDATE ${t.keys} SET revoked_at = $2, updated_at = $2 WHERE api_key_id = $1 AND revoked_at IS NULL`,
        [data.apiKeyId, data.revokedAt],
      );
    },
  },
});

export type ApiKeyView = {
  apiKeyId: string;
  organizationId: string;
  name: string;
  prefix: string;
  permissions: string[];
  scope: ApiKeyScope;
  createdBy: string;
  /** The creator's name as the directory has it now; null once they are erased. */
  createdByName: string | null;
  rotatedFrom: string | null;
  replacedBy: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  createdAt: string;
};

type ApiKeyRecord = {
  api_key_id: string;
  organization_id: string;
  name: string;
  prefix: string;
  permissions: string[];
  scope: ApiKeyScope;
  created_by: string;
  created_by_name: string | null;
  rotated_from: string | null;
  replaced_by: string | null;
  expires_at: Date | string | null;
  revoked_at: Date | string | null;
  created_at: Date | string;
};

const COLUMNS = `k.api_key_id, k.organization_id, k.name, k.prefix, k.permissions, k.scope, k.created_by,
  NULLIF(trim(u.first_name || ' ' || u.last_name), '') AS created_by_name, k.rotated_from, k.replaced_by,
  k.expires_at, k.revoked_at, k.created_at`;
const FROM = `${TABLES.keys} k LEFT JOIN rm_users u ON u.user_id = k.created_by`;

const toView = (row: ApiKeyRecord): ApiKeyView => ({
  apiKeyId: row.api_key_id,
  organizationId: row.organization_id,
  name: row.name,
  prefix: row.prefix,
  permissions: row.permissions,
  scope: row.scope,
  createdBy: row.created_by,
  createdByName: row.created_by_name,
  rotatedFrom: row.rotated_from,
  replacedBy: row.replaced_by,
  expiresAt: isoTimeOrNull(row.expires_at),
  revokedAt: isoTimeOrNull(row.revoked_at),
  createdAt: isoTime(row.created_at),
});

/** Names show as the directory has them, at most 30 seconds stale (the list's cache follows this read model). */
const keys = entityReads({
  readModel: 'api-keys',
  from: FROM,
  columns: COLUMNS,
  order: { name: 'lower(k.name)', updatedAt: 'k.created_at', id: 'k.api_key_id' },
  toView,
});

export type ApiKeyListParams = ListParams & { organizationId?: string; scope: ApiKeyScope };

export const listApiKeys = (db: SqlExecutor, params: ApiKeyListParams): Promise<ListPage<ApiKeyView>> =>
  keys.list(
    db,
    params,
    sqlFilter()
      .equals('k.organization_id', params.organizationId)
      .equals('k.scope', params.scope)
      .search(['k.name', 'k.prefix'], params.q),
  );

export const findApiKey = (db: SqlExecutor, apiKeyId: string): Promise<ApiKeyView | undefined> =>
  keys.find(db, apiKeyId);
