import type { DomainEvent } from '@ai-coaching/domain';
import type { EventStore } from '@ai-coaching/platform';
import { describe, expect, it } from 'vitest';
import { at, seededReadModel } from '../../testing/read-model-spec.js';
import { webhookOutboxProjection } from './index.js';

// The events endpoints subscribe to, in, and one outbox row per (subscribed endpoint, message) out: each event's
// payload, who gets it (decided at its place in the log), and nothing more when everything is applied again.
// Events are written with only the fields the read model reads (`store.appendToStream`).

const raw = (store: EventStore, stream: string, ...events: DomainEvent[]) =>
  store.appendToStream(
    stream,
    events.map((event) => ({ id: crypto.randomUUID(), type: event.type, data: event.data })),
  );

const endpoint = (endpointId: string, events: string[], day: number, creditLowThreshold: number | null = null) => ({
  type: 'WebhookEndpointCreated',
  data: {
    endpointId,
    organizationId: 'acme',
    url: 'https://hooks.example.com',
    events,
    description: '',
    creditLowThreshold,
    sealedSecret: 's',
    createdBy: 'op',
    createdAt: at(day),
  },
});

type Row = { endpoint_id: string; message_id: string; event_type: string; body: string };

describe('webhook-outbox read model', () => {
  const { db, reapplyTwice } = seededReadModel(webhookOutboxProjection, async ({ store }) => {
    await raw(store, 'user-ada', {
      type: 'UserInvited',
      data: { userId: 'ada', organizationId: 'acme', email: 'ada@acme.test' },
    });
    // Before any endpoint: sent to nobody.
    await raw(store, 'user-ada', { type: 'UserActivated', data: { userId: 'ada', activatedAt: at(1) } });
    await raw(
      store,
      'webhook-endpoint-all',
      endpoint(
        'all',
        [
          'user.activated',
          'coaching.session.ended',
          'coaching.analysis.completed',
          'coaching.assignment.passed',
          'coaching.assignment.overdue',
        ],
        2,
      ),
    );
    await raw(store, 'webhook-endpoint-low', endpoint('low', ['credits.wallet.low'], 2, 50));
    await raw(store, 'webhook-endpoint-other', {
      ...endpoint('other', ['user.activated'], 2),
      data: { ...endpoint('other', ['user.activated'], 2).data, organizationId: 'globex' },
    });
    await raw(store, 'user-bob', { type: 'UserCreated', data: { userId: 'bob', organizationId: 'acme' } });
    await raw(store, 'user-bob', { type: 'UserActivated', data: { userId: 'bob', activatedAt: at(3) } });
    for (const [sessionId, isPrivate] of [
      ['s1', false],
      ['s2', true],
    ] as const) {
      await raw(
        store,
        `coaching-session-${sessionId}`,
        {
          type: 'CoachingSessionStarted',
          data: { sessionId, organizationId: 'acme', player: { type: 'user', userId: 'bob' }, private: isPrivate },
        },
        {
          type: 'CoachingSessionEnded',
          data: {
            sessionId,
            organizationId: 'acme',
            status: 'completed',
            reason: 'learner',
            usedSeconds: 120,
            endedAt: at(4),
          },
        },
        {
          type: 'CoachingSessionAnalysisRequested',
          data: {
            sessionId,
            organizationId: 'acme',
            version: 1,
            observers: [
              { id: 'o1', version: 1 },
              { id: 'o2', version: 1 },
            ],
          },
        },
        {
          type: 'CoachingSessionObserverReportRecorded',
          data: { sessionId, version: 1, observerId: 'o1', score: 80, recordedAt: at(5) },
        },
        {
          type: 'CoachingSessionObserverAnalysisFailed',
          data: { sessionId, version: 1, observerId: 'o2', reason: 'x', failedAt: at(5) },
        },
      );
    }
    await raw(
      store,
      'program-assignment-a1',
      { type: 'ProgramAssigned', data: { assignmentId: 'a1', organizationId: 'acme', programId: 'p1' } },
      {
        type: 'AssignmentRemindersSent',
        data: { assignmentId: 'a1', reminder: 'due_tomorrow', dueAt: at(7), learnerIds: ['bob'], sentAt: at(6) },
      },
      {
        type: 'AssignmentRemindersSent',
        data: { assignmentId: 'a1', reminder: 'overdue', dueAt: at(7), learnerIds: ['bob', 'cy'], sentAt: at(7) },
      },
      {
        type: 'AssignmentPassed',
        data: { assignmentId: 'a1', userId: 'ada', certificateId: 'c1', score: 90, itemScores: [90], passedAt: at(8) },
      },
    );
    const movement = (type: string, from: string, to: string, amount: number, day: number) => ({
      type,
      data: { organizationId: 'acme', postings: [{ debit: from, credit: to, amount }], occurredAt: at(day) },
    });
    await raw(
      store,
      'credit-ledger-acme',
      movement('CreditsIssued', 'issuance', 'organization:acme', 100, 9),
      // 100 → 40: crosses 50 once.
      movement('CreditsAllocated', 'organization:acme', 'user:bob', 60, 10),
      // 40 → 30: already below, nothing.
      movement('CreditsAllocated', 'organization:acme', 'group:g1', 10, 11),
    );
    // Disabled: the next activation is not sent to it.
    await raw(store, 'webhook-endpoint-all', {
      type: 'WebhookEndpointDisabled',
      data: { endpointId: 'all', reason: 'manual', disabledAt: at(12) },
    });
    await raw(store, 'user-cy', { type: 'UserCreated', data: { userId: 'cy', organizationId: 'acme' } });
    await raw(store, 'user-cy', { type: 'UserActivated', data: { userId: 'cy', activatedAt: at(13) } });
  });

  const rows = async () =>
    (
      await db.query<Row>(
        'SELECT endpoint_id, message_id, event_type, body FROM rm_webhook_outbox ORDER BY occurred_at, event_type, delivery_id',
      )
    ).rows;
  const bodies = async (type: string) =>
    (await rows())
      .filter((row) => row.event_type === type)
      .map((row) => JSON.parse(row.body) as Record<string, unknown>);

  it('sends each event to the endpoints subscribed at its place in the log, in the versioned envelope', async () => {
    expect((await rows()).map((row) => [row.endpoint_id, row.event_type])).toEqual([
      ['all', 'user.activated'],
      ['all', 'coaching.session.ended'],
      ['all', 'coaching.analysis.completed'],
      ['all', 'coaching.assignment.overdue'],
      ['all', 'coaching.assignment.overdue'],
      ['all', 'coaching.assignment.passed'],
      ['low', 'credits.wallet.low'],
    ]);
    expect(await bodies('user.activated')).toEqual([
      {
        type: 'user.activated',
        timestamp: at(3),
        version: 1,
        data: { user_id: 'bob', organization_id: 'acme', activated_at: at(3) },
      },
    ]);
  });

  it('leaves private practice out, and completes an analysis once every observer answered', async () => {
    expect((await bodies('coaching.session.ended')).map((body) => body.data)).toEqual([
      {
        session_id: 's1',
        organization_id: 'acme',
        user_id: 'bob',
        status: 'completed',
        reason: 'learner',
        used_seconds: 120,
        ended_at: at(4),
      },
    ]);
    expect((await bodies('coaching.analysis.completed')).map((body) => body.data)).toEqual([
      {
        session_id: 's1',
        organization_id: 'acme',
        user_id: 'bob',
        version: 1,
        observers: [
          { observer_id: 'o1', outcome: 'recorded', score: 80 },
          { observer_id: 'o2', outcome: 'failed', score: null },
        ],
        completed_at: at(5),
      },
    ]);
  });

  it('sends the overdue notice per learner, the pass, and a wallet crossing its endpoint’s threshold once', async () => {
    expect((await bodies('coaching.assignment.overdue')).map((body) => body.data)).toEqual([
      { assignment_id: 'a1', organization_id: 'acme', program_id: 'p1', user_id: 'bob', due_at: at(7) },
      { assignment_id: 'a1', organization_id: 'acme', program_id: 'p1', user_id: 'cy', due_at: at(7) },
    ]);
    expect((await bodies('coaching.assignment.passed'))[0]?.data).toMatchObject({
      user_id: 'ada',
      certificate_id: 'c1',
    });
    expect((await bodies('credits.wallet.low')).map((body) => body.data)).toEqual([
      { organization_id: 'acme', wallet: { kind: 'organization', id: 'acme' }, balance: 40, threshold: 50, at: at(10) },
    ]);
  });

  it('changes nothing when every event is applied again', async () => {
    const before = await rows();
    const wallets = (await db.query('SELECT * FROM rm_webhook_wallets ORDER BY account')).rows;
    await reapplyTwice();
    expect(await rows()).toEqual(before);
    expect((await db.query('SELECT * FROM rm_webhook_wallets ORDER BY account')).rows).toEqual(wallets);
  });
});
