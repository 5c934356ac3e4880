import { isOwnerAccount, ownerOf, type OwnerAccount, type Posting } from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { defineProjection, onEach } from '../../runner/projection.js';
import { postingDeltas } from '../../credits/ledger.js';
import { emit, forEach, messageIdOf, type OutboxTables } from './outbox-messages.js';

/**
 * The webhook outbox (docs/api/integrations.md, "Webhooks"): the domain events endpoints subscribe to, turned into one
 * row per (endpoint, message) with the body to send. Fed from the event store with the runner's checkpoint, in the
 * transaction that moves it, so no event is lost or doubled however the process stops; the workers' dispatcher hands
 * each row to the queue once (`webhook_deliveries` remembers it, so a rebuild sends nothing again). Who receives a
 * message is decided at the event's place in the log: an endpoint created later, or disabled then, does not get it.
 * It keeps what the events leave out: each user's and session's organization, the analyses' observers, each wallet's
 * posted balance. Private practice sessions (docs/programs.md) are never sent: their player alone may know of them.
 */
export const webhookOutboxProjection = defineProjection({
  name: 'webhook-outbox',
  version: 1,
  // Drained by the webhook dispatcher, never read by a caller after its command: commands wake it, not wait for it.
  readAfterCommands: false,
  tables: {
    subscriptions: 'rm_webhook_subscriptions',
    users: 'rm_webhook_users',
    sessions: 'rm_webhook_sessions',
    analyses: 'rm_webhook_analyses',
    assignments: 'rm_webhook_assignments',
    wallets: 'rm_webhook_wallets',
    movements: 'rm_webhook_wallet_movements',
    outbox: 'rm_webhook_outbox',
  },
  async setup(tx, t) {
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.subscriptions} (
        endpoint_id text PRIMARY KEY,
        organization_id text NOT NULL,
        events jsonb NOT NULL,
        enabled boolean NOT NULL,
        credit_low_threshold bigint
      );
      CREATE TABLE IF NOT EXISTS ${t.users} (user_id text PRIMARY KEY, organization_id text NOT NULL);
      CREATE TABLE IF NOT EXISTS ${t.sessions} (
        session_id text PRIMARY KEY,
        organization_id text NOT NULL,
        user_id text,
        private boolean NOT NULL
      );
      CREATE TABLE IF NOT EXISTS ${t.analyses} (
        session_id text NOT NULL,
        version integer NOT NULL,
        observers jsonb NOT NULL,
        results jsonb NOT NULL DEFAULT '{}',
        completed boolean NOT NULL DEFAULT false,
        PRIMARY KEY (session_id, version)
      );
      CREATE TABLE IF NOT EXISTS ${t.assignments} (
        assignment_id text PRIMARY KEY,
        organization_id text NOT NULL,
        program_id text NOT NULL
      );
      CREATE TABLE IF NOT EXISTS ${t.wallets} (account text PRIMARY KEY, balance bigint NOT NULL);
      CREATE TABLE IF NOT EXISTS ${t.movements} (event_id text PRIMARY KEY);
      CREATE TABLE IF NOT EXISTS ${t.outbox} (
        delivery_id text PRIMARY KEY,
        endpoint_id text NOT NULL,
        organization_id text NOT NULL,
        message_id text NOT NULL,
        event_type text NOT NULL,
        body text NOT NULL,
        occurred_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${t.outbox}_occurred_idx ON ${t.outbox} (occurred_at);`);
  },
  on: {
    async WebhookEndpointCreated(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.subscriptions} (endpoint_id, organization_id, events, enabled, credit_low_threshold)
         VALUES ($1, $2, $3, true, $4) ON CONFLICT (endpoint_id) DO NOTHING`,
        [data.endpointId, data.organizationId, JSON.stringify(data.events), data.creditLowThreshold],
      );
    },
    async WebhookEndpointUpdated(tx, { data }, t) {
      await tx.query(`UPDATE ${t.subscriptions} SET events = $2, credit_low_threshold = $3 WHERE endpoint_id = $1`, [
        data.endpointId,
        JSON.stringify(data.events),
        data.creditLowThreshold,
      ]);
    },
    ...onEach(['WebhookEndpointEnabled', 'WebhookEndpointDisabled'], async (tx, event, t) => {
      await tx.query(`UPDATE ${t.subscriptions} SET enabled = $2 WHERE endpoint_id = $1`, [
        event.data.endpointId,
        event.type === 'WebhookEndpointEnabled',
      ]);
    }),
    async WebhookEndpointDeleted(tx, { data }, t) {
      await tx.query(`DELETE FROM ${t.subscriptions} WHERE endpoint_id = $1`, [data.endpointId]);
    },
    ...onEach(['UserCreated', 'UserInvited'], async (tx, { data }, t) => {
      await tx.query(
        `INSERT INTO ${t.users} (user_id, organization_id) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`,
        [data.userId, data.organizationId],
      );
    }),
    async UserActivated(tx, event, t) {
      const organizationId = await organizationOfUser(tx, t, event.data.userId);
      if (organizationId === undefined) return;
      await emit(tx, t, {
        organizationId,
        type: 'user.activated',
        messageId: messageIdOf(event),
        occurredAt: event.data.activatedAt,
        dataFor: forEach({
          user_id: event.data.userId,
          organization_id: organizationId,
          activated_at: event.data.activatedAt,
        }),
      });
    },
    async CoachingSessionStarted(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.sessions} (session_id, organization_id, user_id, private) VALUES ($1, $2, $3, $4)
         ON CONFLICT (session_id) DO NOTHING`,
        [data.sessionId, data.organizationId, data.player.type === 'user' ? data.player.userId : null, !!data.private],
      );
    },
    async CoachingSessionEnded(tx, event, t) {
      const { data } = event;
      const session = await sessionOf(tx, t, data.sessionId);
      if (session?.private !== false) return;
      await emit(tx, t, {
        organizationId: data.organizationId,
        type: 'coaching.session.ended',
        messageId: messageIdOf(event),
        occurredAt: data.endedAt,
        dataFor: forEach({
          session_id: data.sessionId,
          organization_id: data.organizationId,
          user_id: session.userId,
          status: data.status,
          reason: data.reason,
          used_seconds: data.usedSeconds,
          ended_at: data.endedAt,
        }),
      });
    },
    async CoachingSessionAnalysisRequested(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.analyses} (session_id, version, observers) VALUES ($1, $2, $3)
         ON CONFLICT (session_id, version) DO NOTHING`,
        [data.sessionId, data.version, JSON.stringify(data.observers.map((observer) => observer.id))],
      );
    },
    async CoachingSessionObserverReportRecorded(tx, event, t) {
      const { data } = event;
      await recordObserverResult(tx, t, event, data.recordedAt, {
        sessionId: data.sessionId,
        version: data.version,
        observerId: data.observerId,
        result: { outcome: 'recorded', score: data.score },
      });
    },
    async CoachingSessionObserverAnalysisFailed(tx, event, t) {
      const { data } = event;
      await recordObserverResult(tx, t, event, data.failedAt, {
        sessionId: data.sessionId,
        version: data.version,
        observerId: data.observerId,
        result: { outcome: 'failed', score: null },
      });
    },
    async ProgramAssigned(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.assignments} (assignment_id, organization_id, program_id) VALUES ($1, $2, $3)
         ON CONFLICT (assignment_id) DO NOTHING`,
        [data.assignmentId, data.organizationId, data.programId],
      );
    },
    async AssignmentPassed(tx, event, t) {
      const { data } = event;
      const assignment = await assignmentOf(tx, t, data.assignmentId);
      if (!assignment) return;
      await emit(tx, t, {
        organizationId: assignment.organizationId,
        type: 'coaching.assignment.passed',
        messageId: messageIdOf(event),
        occurredAt: data.passedAt,
        dataFor: forEach({
          assignment_id: data.assignmentId,
          organization_id: assignment.organizationId,
          program_id: assignment.programId,
          user_id: data.userId,
          certificate_id: data.certificateId,
          score: data.score,
          passed_at: data.passedAt,
        }),
      });
    },
    async AssignmentRemindersSent(tx, event, t) {
      const { data } = event;
      if (data.reminder !== 'overdue') return;
      const assignment = await assignmentOf(tx, t, data.assignmentId);
      if (!assignment) return;
      for (const userId of data.learnerIds) {
        await emit(tx, t, {
          organizationId: assignment.organizationId,
          type: 'coaching.assignment.overdue',
          messageId: messageIdOf(event, userId),
          occurredAt: data.sentAt,
          dataFor: forEach({
            assignment_id: data.assignmentId,
            organization_id: assignment.organizationId,
            program_id: assignment.programId,
            user_id: userId,
            due_at: data.dueAt,
          }),
        });
      }
    },
    ...onEach(
      ['CreditsIssued', 'CreditsWithdrawn', 'CreditsAllocated', 'CreditsDeallocated', 'CreditsTransferred'],
      async (tx, event, t) => {
        const { data } = event;
        await applyPostings(tx, t, event, data.organizationId, data.postings, data.occurredAt);
      },
    ),
    async ReservationCaptured(tx, event, t) {
      const { data } = event;
      await applyPostings(tx, t, event, data.organizationId, data.postings, data.occurredAt);
    },
  },
});

const organizationOfUser = async (tx: SqlExecutor, t: OutboxTables, userId: string) => {
  const { rows } = await tx.query<{ organization_id: string }>(
    `SELECT organization_id FROM ${t.users} WHERE user_id = $1`,
    [userId],
  );
  return rows[0]?.organization_id;
};

const sessionOf = async (tx: SqlExecutor, t: OutboxTables, sessionId: string) => {
  const { rows } = await tx.query<{ organization_id: string; user_id: string | null; private: boolean }>(
    `SELECT organization_id, user_id, private FROM ${t.sessions} WHERE session_id = $1`,
    [sessionId],
  );
  const row = rows[0];
  return row && { organizationId: row.organization_id, userId: row.user_id, private: row.private };
};

const assignmentOf = async (tx: SqlExecutor, t: OutboxTables, assignmentId: string) => {
  const { rows } = await tx.query<{ organization_id: string; program_id: string }>(
    `SELECT organization_id, program_id FROM ${t.assignments} WHERE assignment_id = $1`,
    [assignmentId],
  );
  const row = rows[0];
  return row && { organizationId: row.organization_id, programId: row.program_id };
};

type ObserverResult = { outcome: 'recorded' | 'failed'; score: number | null };

/**
 * One observer's answer for one analysis version; the answer that completes the version (every observer answered)
 * sends `coaching.analysis.completed`, once: the version is marked completed in the same transaction.
 */
const recordObserverResult = async (
  tx: SqlExecutor,
  t: OutboxTables,
  event: { id: string },
  at: string,
  answer: { sessionId: string; version: number; observerId: string; result: ObserverResult },
) => {
  const { rows } = await tx.query<{ observers: string[] | string; results: Record<string, ObserverResult> | string }>(
    `UPDATE ${t.analyses} SET results = results || jsonb_build_object($3::text, $4::jsonb)
     WHERE session_id = $1 AND version = $2 AND NOT completed RETURNING observers, results`,
    [answer.sessionId, answer.version, answer.observerId, JSON.stringify(answer.result)],
  );
  const row = rows[0];
  if (!row) return;
  const observers = (typeof row.observers === 'string' ? JSON.parse(row.observers) : row.observers) as string[];
  const results = (typeof row.results === 'string' ? JSON.parse(row.results) : row.results) as Record<
    string,
    ObserverResult
  >;
  if (!observers.every((observerId) => results[observerId] !== undefined)) return;
  await tx.query(`UPDATE ${t.analyses} SET completed = true WHERE session_id = $1 AND version = $2`, [
    answer.sessionId,
    answer.version,
  ]);
  const session = await sessionOf(tx, t, answer.sessionId);
  if (session?.private !== false) return;
  await emit(tx, t, {
    organizationId: session.organizationId,
    type: 'coaching.analysis.completed',
    messageId: messageIdOf(event),
    occurredAt: at,
    dataFor: forEach({
      session_id: answer.sessionId,
      organization_id: session.organizationId,
      user_id: session.userId,
      version: answer.version,
      observers: observers.map((observerId) => ({
        observer_id: observerId,
        outcome: results[observerId]!.outcome,
        score: results[observerId]!.score,
      })),
      completed_at: at,
    }),
  });
};

/**
 * Each owner wallet's posted balance, moved by the postings; a wallet that falls from at least an endpoint's
 * threshold to below it sends that endpoint `credits.wallet.low` (once per crossing: it must rise again first).
 */
const applyPostings = async (
  tx: SqlExecutor,
  t: OutboxTables,
  event: { id: string },
  organizationId: string,
  postings: readonly Posting[],
  at: string,
) => {
  // Balances are moved, not recounted: each movement once, even applied again.
  const { rowCount } = await tx.query(
    `INSERT INTO ${t.movements} (event_id) VALUES ($1) ON CONFLICT (event_id) DO NOTHING`,
    [event.id],
  );
  if (rowCount === 0) return;
  for (const [account, delta] of postingDeltas(postings)) {
    if (!isOwnerAccount(account) || delta === 0) continue;
    const { rows } = await tx.query<{ balance: number | string }>(
      `INSERT INTO ${t.wallets} (account, balance) VALUES ($1, $2)
       ON CONFLICT (account) DO UPDATE SET balance = ${t.wallets}.balance + $2 RETURNING balance`,
      [account, delta],
    );
    const after = Number(rows[0]!.balance);
    const before = after - delta;
    if (delta > 0) continue;
    const wallet = ownerOf(account as OwnerAccount);
    await emit(tx, t, {
      organizationId,
      type: 'credits.wallet.low',
      messageId: messageIdOf(event, wallet.kind, wallet.id),
      occurredAt: at,
      dataFor: ({ creditLowThreshold: threshold }) =>
        threshold !== null && before >= threshold && after < threshold
          ? { organization_id: organizationId, wallet, balance: after, threshold, at }
          : undefined,
    });
  }
};

export type WebhookOutboxRow = {
  deliveryId: string;
  endpointId: string;
  organizationId: string;
  messageId: string;
  eventType: string;
  body: string;
  occurredAt: string;
};

/** How far back the dispatcher looks for rows not handed to the queue yet (a week of workers down at most). */
export const WEBHOOK_OUTBOX_HORIZON_DAYS = 7;

/**
 * The outbox rows no delivery was recorded for yet (`webhook_deliveries`, the platform's log), oldest first: what the
 * dispatcher has still to hand to the queue. Rows older than the horizon are left: a rebuild of the outbox never
 * sends the past again, even once its deliveries are gone.
 */
export const undispatchedWebhookOutbox = async (db: SqlExecutor, limit: number): Promise<WebhookOutboxRow[]> => {
  const { rows } = await db.query<{
    delivery_id: string;
    endpoint_id: string;
    organization_id: string;
    message_id: string;
    event_type: string;
    body: string;
    occurred_at: Date | string;
  }>(
    `SELECT o.* FROM rm_webhook_outbox o
     WHERE o.occurred_at > now() - interval '${WEBHOOK_OUTBOX_HORIZON_DAYS} days'
       AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.delivery_id = o.delivery_id)
     ORDER BY o.occurred_at, o.delivery_id LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({
    deliveryId: row.delivery_id,
    endpointId: row.endpoint_id,
    organizationId: row.organization_id,
    messageId: row.message_id,
    eventType: row.event_type,
    body: row.body,
    occurredAt: new Date(row.occurred_at).toISOString(),
  }));
};
