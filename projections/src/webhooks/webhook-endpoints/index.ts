import type { ListPage, ListParams, WebhookDisabledReason, WebhookEventType } from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { defineProjection } from '../../runner/projection.js';
import { pagedList, sortOrder, sqlFilter } from '../../shared/paged-list.js';
import { auditTimes, findOne, isoTimeOrNull } from '../../shared/rows.js';

/**
 * The webhook endpoints of every organization (docs/api/integrations.md, "Webhooks"): their settings, whether they
 * receive, and their secrets sealed (the current one, and the previous one until its grace period ends). Deleted
 * endpoints leave the table.
 */
export const webhookEndpointsProjection = defineProjection({
  name: 'webhook-endpoints',
  version: 1,
  tables: { endpoints: 'rm_webhook_endpoints' },
  async setup(tx, t) {
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.endpoints} (
        endpoint_id text PRIMARY KEY,
        organization_id text NOT NULL,
        url text NOT NULL,
        events jsonb NOT NULL,
        description text NOT NULL,
        credit_low_threshold bigint,
        enabled boolean NOT NULL,
        disabled_reason text,
        sealed_secret text NOT NULL,
        previous_sealed_secret text,
        previous_secret_expires_at timestamptz,
        secret_rotated_at timestamptz,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${t.endpoints}_org_idx ON ${t.endpoints} (organization_id, updated_at);`);
  },
  on: {
    async WebhookEndpointCreated(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.endpoints} (endpoint_id, organization_id, url, events, description, credit_low_threshold,
           enabled, sealed_secret, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, true, $7, $8, $9, $9) ON CONFLICT (endpoint_id) DO NOTHING`,
        [
          data.endpointId,
          data.organizationId,
          data.url,
          JSON.stringify(data.events),
          data.description,
          data.creditLowThreshold,
          data.sealedSecret,
          data.createdBy,
          data.createdAt,
        ],
      );
    },
    async WebhookEndpointUpdated(tx, { data }, t) {
      await tx.query(
        `UPDATE ${t.endpoints} SET url = $2, events = $3, description = $4, credit_low_threshold = $5, updated_at = $6
         WHERE endpoint_id = $1`,
        [
          data.endpointId,
          data.url,
          JSON.stringify(data.events),
          data.description,
          data.creditLowThreshold,
          data.updatedAt,
        ],
      );
    },
    async WebhookEndpointDisabled(tx, { data }, t) {
      await tx.query(
        `UPDATE ${t.endpoints} SET enabled = false, disabled_reason = $2, updated_at = $3 WHERE endpoint_id = $1`,
        [data.endpointId, data.reason, data.disabledAt],
      );
    },
    async WebhookEndpointEnabled(tx, { data }, t) {
      await tx.query(
        `UPDATE ${t.endpoints} SET enabled = true, disabled_reason = NULL, updated_at = $2 WHERE endpoint_id = $1`,
        [data.endpointId, data.enabledAt],
      );
    },
    async WebhookEndpointSecretRotated(tx, { data }, t) {
      // Applied twice, the second run would make the new secret its own previous one: only a new secret rotates.
      await tx.query(
        `UPDATE ${t.endpoints} SET previous_sealed_secret = sealed_secret, sealed_secret = $2,
           previous_secret_expires_at = $3, secret_rotated_at = $4, updated_at = $4
         WHERE endpoint_id = $1 AND sealed_secret <> $2`,
        [data.endpointId, data.sealedSecret, data.previousExpiresAt, data.rotatedAt],
      );
    },
    async WebhookEndpointDeleted(tx, { data }, t) {
      await tx.query(`DELETE FROM ${t.endpoints} WHERE endpoint_id = $1`, [data.endpointId]);
    },
  },
});

export type WebhookEndpointView = {
  endpointId: string;
  organizationId: string;
  url: string;
  events: WebhookEventType[];
  description: string;
  creditLowThreshold: number | null;
  enabled: boolean;
  disabledReason: WebhookDisabledReason | null;
  sealedSecret: string;
  previousSealedSecret: string | null;
  previousSecretExpiresAt: string | null;
  secretRotatedAt: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
};

type WebhookEndpointRecord = {
  endpoint_id: string;
  organization_id: string;
  url: string;
  events: WebhookEventType[] | string;
  description: string;
  credit_low_threshold: number | string | null;
  enabled: boolean;
  disabled_reason: WebhookDisabledReason | null;
  sealed_secret: string;
  previous_sealed_secret: string | null;
  previous_secret_expires_at: Date | string | null;
  secret_rotated_at: Date | string | null;
  created_by: string;
  created_at: Date | string;
  updated_at: Date | string;
};

const toView = (row: WebhookEndpointRecord): WebhookEndpointView => ({
  endpointId: row.endpoint_id,
  organizationId: row.organization_id,
  url: row.url,
  events: typeof row.events === 'string' ? (JSON.parse(row.events) as WebhookEventType[]) : row.events,
  description: row.description,
  creditLowThreshold: row.credit_low_threshold === null ? null : Number(row.credit_low_threshold),
  enabled: row.enabled,
  disabledReason: row.disabled_reason,
  sealedSecret: row.sealed_secret,
  previousSealedSecret: row.previous_sealed_secret,
  previousSecretExpiresAt: isoTimeOrNull(row.previous_secret_expires_at),
  secretRotatedAt: isoTimeOrNull(row.secret_rotated_at),
  createdBy: row.created_by,
  ...auditTimes(row),
});

const ORDER = sortOrder({ name: 'lower(e.url)', updatedAt: 'e.updated_at', id: 'e.endpoint_id' });

export const listWebhookEndpoints = (
  db: SqlExecutor,
  params: ListParams & { organizationId?: string },
): Promise<ListPage<WebhookEndpointView>> =>
  pagedList(db, {
    readModel: 'webhook-endpoints',
    from: 'rm_webhook_endpoints e',
    columns: 'e.*',
    filter: sqlFilter().equals('e.organization_id', params.organizationId).search(['e.url', 'e.description'], params.q),
    order: ORDER,
    params,
    toItem: toView,
  });

export const findWebhookEndpoint = (db: SqlExecutor, endpointId: string): Promise<WebhookEndpointView | undefined> =>
  findOne(db, 'SELECT * FROM rm_webhook_endpoints WHERE endpoint_id = $1', [endpointId], toView);
