import type { WebhookEventType } from '@ai-coaching/domain';
import type { RecordedEvent, SqlExecutor } from '@ai-coaching/platform';
import type { TableNames } from '../../runner/projection.js';

export type OutboxTables = TableNames<
  'subscriptions' | 'users' | 'sessions' | 'analyses' | 'assignments' | 'wallets' | 'movements' | 'outbox'
>;

/** The version of each event's payload (contracts/src/webhooks.ts `WEBHOOK_EVENT_PAYLOADS` documents the shapes). */
const PAYLOAD_VERSION = 1;

export type Subscription = { endpointId: string; creditLowThreshold: number | null };

/**
 * A message id from the event it comes from (and what tells apart several messages of one event): the same on every
 * replay, so the outbox row, the delivery and the `webhook-id` header stay one. Only the characters a queue job id
 * may hold.
 */
export const messageIdOf = (event: Pick<RecordedEvent, 'id'>, ...parts: string[]): string =>
  `msg_${[event.id, ...parts].join('_').replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** The enabled endpoints of the organization subscribed to this event type, as the log stands at this event. */
export const subscribersOf = async (
  tx: SqlExecutor,
  t: OutboxTables,
  organizationId: string,
  type: WebhookEventType,
): Promise<Subscription[]> => {
  const { rows } = await tx.query<{ endpoint_id: string; credit_low_threshold: number | string | null }>(
    `SELECT endpoint_id, credit_low_threshold FROM ${t.subscriptions}
     WHERE organization_id = $1 AND enabled AND events @> jsonb_build_array($2::text) ORDER BY endpoint_id`,
    [organizationId, type],
  );
  return rows.map((row) => ({
    endpointId: row.endpoint_id,
    creditLowThreshold: row.credit_low_threshold === null ? null : Number(row.credit_low_threshold),
  }));
};

/**
 * One outbox row per subscriber: the body as it will be signed and sent (`{type, timestamp, version, data}`, the
 * Standard Webhooks envelope), kept byte for byte. `dataFor` may leave a subscriber out (undefined).
 */
export const emit = async (
  tx: SqlExecutor,
  t: OutboxTables,
  message: {
    organizationId: string;
    type: WebhookEventType;
    messageId: string;
    occurredAt: string;
    dataFor: (subscription: Subscription) => Record<string, unknown> | undefined;
  },
): Promise<void> => {
  for (const subscription of await subscribersOf(tx, t, message.organizationId, message.type)) {
    const data = message.dataFor(subscription);
    if (data === undefined) continue;
    const body = JSON.stringify({ type: message.type, timestamp: message.occurredAt, version: PAYLOAD_VERSION, data });
    await tx.query(
      `INSERT INTO ${t.outbox} (delivery_id, endpoint_id, organization_id, message_id, event_type, body, occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (delivery_id) DO NOTHING`,
      [
        `${subscription.endpointId}.${message.messageId}`,
        subscription.endpointId,
        message.organizationId,
        message.messageId,
        message.type,
        body,
        message.occurredAt,
      ],
    );
  }
};

/** The same data for every subscriber. */
export const forEach = (data: Record<string, unknown>) => (): Record<string, unknown> => data;
