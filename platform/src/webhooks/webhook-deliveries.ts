import type { Migration } from '../sql/migrations.js';
import type { SqlDatabase, SqlExecutor } from '../sql/sql-database.js';

/**
 * The log of what was sent to each webhook endpoint (docs/api/integrations.md, "Webhooks"): one row per (endpoint,
 * message), whose id is the delivery job's, and one per attempt. It is operational state, not a read model: the
 * deliveries' workers write it, and a rebuild of the webhook outbox (`rm_webhook_outbox`) finds here what was already
 * handed to the queue, so a replayed event is never sent twice. The body is small (ids and outcomes) and is kept
 * byte for byte as signed.
 */
export const webhookDeliveryMigrations: Migration[] = [
  {
    id: '0300_webhook_deliveries',
    sql: `
      CREATE TABLE webhook_deliveries (
        delivery_id text PRIMARY KEY,
        endpoint_id text NOT NULL,
        organization_id text NOT NULL,
        message_id text NOT NULL,
        event_type text NOT NULL,
        body text NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        round integer NOT NULL DEFAULT 1,
        attempts integer NOT NULL DEFAULT 0,
        last_response_code integer,
        last_duration_ms integer,
        last_attempt_at timestamptz,
        next_attempt_at timestamptz,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC);
      CREATE TABLE webhook_delivery_attempts (
        delivery_id text NOT NULL,
        attempt integer NOT NULL,
        at timestamptz NOT NULL,
        response_code integer,
        duration_ms integer NOT NULL,
        error text,
        PRIMARY KEY (delivery_id, attempt)
      );`,
  },
];

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

export type WebhookDeliveryAttemptRow = {
  attempt: number;
  at: string;
  responseCode: number | null;
  durationMs: number;
  error: string | null;
};

export type WebhookDeliveryRow = {
  deliveryId: string;
  endpointId: string;
  organizationId: string;
  messageId: string;
  eventType: string;
  body: string;
  status: WebhookDeliveryStatus;
  /** 1, then one more per manual redelivery: the queue job of round n > 1 is `{deliveryId}.redelivery-{n}`. */
  round: number;
  attempts: number;
  lastResponseCode: number | null;
  lastDurationMs: number | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
};

type Row = {
  delivery_id: string;
  endpoint_id: string;
  organization_id: string;
  message_id: string;
  event_type: string;
  body: string;
  status: WebhookDeliveryStatus;
  round: number;
  attempts: number;
  last_response_code: number | null;
  last_duration_ms: number | null;
  last_attempt_at: Date | string | null;
  next_attempt_at: Date | string | null;
  created_at: Date | string;
};

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

const toDelivery = (row: Row): WebhookDeliveryRow => ({
  deliveryId: row.delivery_id,
  endpointId: row.endpoint_id,
  organizationId: row.organization_id,
  messageId: row.message_id,
  eventType: row.event_type,
  body: row.body,
  status: row.status,
  round: row.round,
  attempts: row.attempts,
  lastResponseCode: row.last_response_code,
  lastDurationMs: row.last_duration_ms,
  lastAttemptAt: iso(row.last_attempt_at),
  nextAttemptAt: iso(row.next_attempt_at),
  createdAt: iso(row.created_at)!,
});

/** The id of a delivery and of its first round's queue job: no ':' (BullMQ refuses it in custom ids). */
export const webhookDeliveryId = (endpointId: string, messageId: string): string => `${endpointId}.${messageId}`;

/** The queue job of one round of a delivery. */
export const webhookDeliveryJobId = (deliveryId: string, round: number): string =>
  round === 1 ? deliveryId : `${deliveryId}.redelivery-${round}`;

/** Records a delivery to be made; answers false when it was recorded already (a dispatcher run again). */
export const recordWebhookDelivery = async (
  db: SqlExecutor,
  delivery: Pick<
    WebhookDeliveryRow,
    'deliveryId' | 'endpointId' | 'organizationId' | 'messageId' | 'eventType' | 'body'
  > & {
    createdAt: string;
  },
): Promise<boolean> => {
  const { rowCount } = await db.query(
    `INSERT INTO webhook_deliveries (delivery_id, endpoint_id, organization_id, message_id, event_type, body, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (delivery_id) DO NOTHING`,
    [
      delivery.deliveryId,
      delivery.endpointId,
      delivery.organizationId,
      delivery.messageId,
      delivery.eventType,
      delivery.body,
      delivery.createdAt,
    ],
  );
  return rowCount > 0;
};

export const findWebhookDelivery = async (
  db: SqlExecutor,
  deliveryId: string,
): Promise<WebhookDeliveryRow | undefined> => {
  const { rows } = await db.query<Row>('SELECT * FROM webhook_deliveries WHERE delivery_id = $1', [deliveryId]);
  return rows[0] ? toDelivery(rows[0]) : undefined;
};

export const listWebhookDeliveries = async (
  db: SqlExecutor,
  params: { endpointId: string; status?: WebhookDeliveryStatus; limit: number; offset: number },
): Promise<{ items: WebhookDeliveryRow[]; total: number }> => {
  const filter = params.status === undefined ? '' : 'AND status = $2';
  const values = params.status === undefined ? [params.endpointId] : [params.endpointId, params.status];
  const { rows } = await db.query<Row>(
    `SELECT * FROM webhook_deliveries WHERE endpoint_id = $1 ${filter}
     ORDER BY created_at DESC, delivery_id DESC LIMIT ${Number(params.limit)} OFFSET ${Number(params.offset)}`,
    values,
  );
  const { rows: counts } = await db.query<{ total: number | string }>(
    `SELECT count(*) AS total FROM webhook_deliveries WHERE endpoint_id = $1 ${filter}`,
    values,
  );
  return { items: rows.map(toDelivery), total: Number(counts[0]?.total ?? 0) };
};

/** Every attempt of these deliveries, in order. */
export const webhookDeliveryAttempts = async (
  db: SqlExecutor,
  deliveryIds: readonly string[],
): Promise<Map<string, WebhookDeliveryAttemptRow[]>> => {
  const byDelivery = new Map<string, WebhookDeliveryAttemptRow[]>(deliveryIds.map((id) => [id, []]));
  if (deliveryIds.length === 0) return byDelivery;
  const { rows } = await db.query<{
    delivery_id: string;
    attempt: number;
    at: Date | string;
    response_code: number | null;
    duration_ms: number;
    error: string | null;
  }>('SELECT * FROM webhook_delivery_attempts WHERE delivery_id = ANY($1) ORDER BY attempt', [[...deliveryIds]]);
  for (const row of rows) {
    byDelivery.get(row.delivery_id)?.push({
      attempt: row.attempt,
      at: iso(row.at)!,
      responseCode: row.response_code,
      durationMs: row.duration_ms,
      error: row.error,
    });
  }
  return byDelivery;
};

/**
 * One attempt's outcome, and the delivery's state after it: `pending` with the next attempt's time, `succeeded` or
 * `failed`. The attempt's number is the delivery's count plus one, so a job run again after a crash logs what it did.
 */
export const recordWebhookAttempt = async (
  db: SqlDatabase,
  deliveryId: string,
  attempt: {
    at: string;
    responseCode: number | null;
    durationMs: number;
    error: string | null;
    status: WebhookDeliveryStatus;
    nextAttemptAt: string | null;
  },
): Promise<void> => {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ attempts: number }>(
      `UPDATE webhook_deliveries SET attempts = attempts + 1, status = $2, last_response_code = $3,
         last_duration_ms = $4, last_attempt_at = $5, next_attempt_at = $6
       WHERE delivery_id = $1 RETURNING attempts`,
      [deliveryId, attempt.status, attempt.responseCode, attempt.durationMs, attempt.at, attempt.nextAttemptAt],
    );
    if (!rows[0]) return;
    await tx.query(
      `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, at, response_code, duration_ms, error)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (delivery_id, attempt) DO NOTHING`,
      [deliveryId, rows[0].attempts, attempt.at, attempt.responseCode, attempt.durationMs, attempt.error],
    );
  });
};

/** A new round of a finished delivery (a manual redelivery): answers the round, or undefined while one is running. */
export const startWebhookRedelivery = async (
  db: SqlExecutor,
  deliveryId: string,
  at: string,
): Promise<number | undefined> => {
  const { rows } = await db.query<{ round: number }>(
    `UPDATE webhook_deliveries SET round = round + 1, status = 'pending', next_attempt_at = $2
     WHERE delivery_id = $1 AND status <> 'pending' RETURNING round`,
    [deliveryId, at],
  );
  return rows[0]?.round;
};

/** Whether the endpoint had a delivery succeed since this instant (a failing delivery's first attempt). */
export const webhookEndpointSucceededSince = async (
  db: SqlExecutor,
  endpointId: string,
  since: string,
): Promise<boolean> => {
  const { rows } = await db.query(
    `SELECT 1 FROM webhook_delivery_attempts a JOIN webhook_deliveries d USING (delivery_id)
     WHERE d.endpoint_id = $1 AND a.at >= $2 AND a.response_code BETWEEN 200 AND 299 LIMIT 1`,
    [endpointId, since],
  );
  return rows.length > 0;
};
