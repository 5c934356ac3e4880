// What the coaching dashboard specs share: sessions and analyses seeded as events, and the seeded organizations.
import {
  apiClient,
  createTestOrganization,
  signInAs,
  startTestServerOn,
  testEngines,
  type TestServer,
  type TestUser,
} from '@ai-coaching/api/testing';
import { coachingDashboardOperations, userGroupOperations, type OperationRequest } from '@ai-coaching/contracts';
import {
  coachingSessionAnalysisStreamId,
  coachingSessionStreamId,
  type AnalysisCriterionScore,
  type CoachingSessionAnalysisEvent,
  type CoachingSessionEvent,
  type SessionLanguage,
  type TerminalCoachingSessionStatus,
} from '@ai-coaching/domain';
import { newId, recordVoiceTurnTiming } from '@ai-coaching/platform';
import { waitForProjections } from '@ai-coaching/projections';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TestEngine } from '@ai-coaching/api/testing';

// Issue 12 §8: the dashboard's figures are the database's aggregates over sessions and their reports. The sessions
// and reports are seeded as events with known scores, so every figure below is worked out by hand.

export const engines = await testEngines();

export type Signed = TestUser & { token: string };
export type DashboardQuery = OperationRequest<typeof coachingDashboardOperations.read>['query'];
export type ExportQuery = OperationRequest<typeof coachingDashboardOperations.export>['query'];

export const METRICS = {
  words: { learner: 0, persona: 0, total: 0 },
  talkRatio: null,
  questions: { total: 0, open: 0, closed: 0, asked: [] },
  longestMonologue: null,
  fillers: { total: 0, byFiller: {} },
  wordsPerMinute: null,
};

export const criterion = (
  name: string,
  scale: AnalysisCriterionScore['scale'],
  weight: number,
  score: number | null,
): AnalysisCriterionScore => ({ name, scale, weight, relevant: score !== null, score, evidence: [] });

export type Seed = {
  organizationId: string;
  userId: string;
  scenarioId: string;
  /** Free speech: a scenario without a mission. */
  freeSpeech?: boolean;
  startedAt: string;
  ended?: { status: TerminalCoachingSessionStatus; captured: number; usedSeconds?: number };
  /** Private practice (docs/programs.md). */
  private?: boolean;
  /** Each version's criteria; `null`: a version still running. */
  reports?: (AnalysisCriterionScore[] | null)[];
  /** Voice turns the gateway timed: who spoke, and voice-to-voice (null: the browser never reported it). */
  voice?: { providerKind: string; played: (number | null)[] };
  /** The observer and version that scored it; `observer-1` version 1 by default. */
  observer?: { id: string; version: number };
  language?: SessionLanguage;
};

/** Appends a session (and its analysis reports) as events, and waits until the read models show it. */
export const seedSession = async (server: TestServer, session: Seed) => {
  const sessionId = newId();
  const observer = session.observer ?? { id: 'observer-1', version: 1 };
  const events: CoachingSessionEvent[] = [
    {
      type: 'CoachingSessionStarted',
      data: {
        sessionId,
        organizationId: session.organizationId,
        player: { type: 'user', userId: session.userId },
        name: 'Cold call',
        content: {
          scenario: { id: session.scenarioId, version: 1 },
          persona: { id: 'persona-1', version: 1 },
          mission: session.freeSpeech ? null : { id: 'mission-1', version: 1 },
          observers: [observer],
          modelId: 'model-1',
          voiceId: null,
          language: session.language ?? 'en-GB',
          mode: 'text',
        },
        status: session.freeSpeech ? 'free-speech' : 'in-progress',
        timeLimitSeconds: 600,
        turnLimit: null,
        creditsPerMinute: 1,
        reservation: {
          reservationId: `coaching-session-${sessionId}`,
          reservedCredits: 10,
          expiresAt: '2099-01-01T00:00:00.000Z',
        },
        startedAt: session.startedAt,
        ...(session.private ? { private: true } : {}),
      },
    },
  ];
  if (session.ended) {
    events.push({
      type: 'CoachingSessionEnded',
      data: {
        sessionId,
        organizationId: session.organizationId,
        status: session.ended.status,
        reason: session.ended.status === 'abort' ? 'learner_aborted' : 'marker',
        usedSeconds: session.ended.usedSeconds ?? 60,
        reservationId: `coaching-session-${sessionId}`,
        capturedCredits: session.ended.captured,
        releasedCredits: 10 - session.ended.captured,
        endedAt: session.startedAt,
      },
    });
  }
  const store = server.platform.store;
  let { position } = await store.appendToStream(
    coachingSessionStreamId(sessionId),
    events.map((event) => ({ id: newId(), ...event })),
  );
  const analysis: CoachingSessionAnalysisEvent[] = [];
  for (const [index, criteria] of (session.reports ?? []).entries()) {
    const version = index + 1;
    analysis.push({
      type: 'CoachingSessionAnalysisRequested',
      data: {
        sessionId,
        organizationId: session.organizationId,
        version,
        trigger: version === 1 ? 'session_ended' : 'rerun',
        requestedBy: null,
        observers: [observer],
        metrics: METRICS,
        requestedAt: session.startedAt,
      },
    });
    if (criteria) {
      analysis.push({
        type: 'CoachingSessionObserverReportRecorded',
        data: {
          sessionId,
          version,
          observerId: observer.id,
          observerVersion: observer.version,
          criteria,
          wentWell: [],
          toImprove: [],
          summary: 'Seeded.',
          score: null,
          recordedAt: session.startedAt,
        },
      });
    }
  }
  if (analysis.length > 0) {
    ({ position } = await store.appendToStream(
      coachingSessionAnalysisStreamId(sessionId),
      analysis.map((event) => ({ id: newId(), ...event })),
    ));
  }
  // The gateway's rows, as it writes them; the dashboard reads them whatever the session's mode.
  for (const [index, played] of (session.voice?.played ?? []).entries()) {
    await recordVoiceTurnTiming(server.platform.db, {
      sessionId,
      responseId: `reply-${index}`,
      turnId: `turn-${index}`,
      organizationId: session.organizationId,
      providerKind: session.voice!.providerKind,
      turnReceivedAt: session.startedAt,
      firstAudioSynthesizedMs: 30,
      firstAudioSentMs: 35,
      playedMs: 2000,
      firstAudioPlayedMs: played,
      status: 'completed',
    });
  }
  server.projections.wake();
  const waited = await waitForProjections(server.platform.db, position, {
    timeoutMs: 15_000,
    names: ['coaching-sessions', 'coaching-session-analyses'],
  });
  expect(waited.reached).toBe(true);
  return sessionId;
};

/** A reviewer's correction of one criterion of a session's analysis, once the read model shows it. */
export const correctScore = async (
  server: TestServer,
  correctedBy: string,
  sessionId: string,
  name: string,
  score: number,
) => {
  const { position } = await server.platform.store.appendToStream(coachingSessionAnalysisStreamId(sessionId), [
    {
      id: newId(),
      type: 'CoachingSessionAnalysisScoreCorrected',
      data: {
        sessionId,
        version: 1,
        observerId: 'observer-1',
        correctionId: newId(),
        criterion: name,
        previousScore: null,
        score,
        comment: 'Seeded correction.',
        correctedBy,
        observerScore: null,
        correctedAt: '2025-03-01T00:00:00.000Z',
      },
    },
  ]);
  server.projections.wake();
  const waited = await waitForProjections(server.platform.db, position, {
    timeoutMs: 15_000,
    names: ['coaching-session-analyses'],
  });
  expect(waited.reached).toBe(true);
};

/** The sessions the dashboard specs read: Alice's and Bob's in and around March 2025, and Carol's elsewhere. */
const seedPlayedSessions = async (
  server: TestServer,
  {
    organizationId,
    otherOrganizationId,
    operatorId,
    alice,
    bob,
    carol,
    scenario,
    freeScenario,
  }: {
    organizationId: string;
    otherOrganizationId: string;
    operatorId: string;
    alice: TestUser;
    bob: TestUser;
    carol: TestUser;
    scenario: string;
    freeScenario: string;
  },
) => {
  // Alice, week of Monday 3 March 2025: a win scored 50 (Rapport 5/5 = 100, Closing fail = 0, Objections not
  // relevant), and a loss scored round((3 × 50 + 1 × 100) / 4) = 63 whose re-run is still running.
  await seedSession(server, {
    organizationId,
    userId: alice.userId,
    scenarioId: scenario,
    startedAt: '2025-03-03T09:00:00.000Z',
    ended: { status: 'win', captured: 4 },
    voice: { providerKind: 'builtin', played: [100, 300] },
    reports: [
      [
        criterion('Rapport', '1_5', 1, 5),
        criterion('Closing', 'pass_fail', 1, 0),
        criterion('Objections', '1_10', 2, null),
      ],
    ],
  });
  await seedSession(server, {
    organizationId,
    userId: alice.userId,
    scenarioId: scenario,
    startedAt: '2025-03-03T15:00:00.000Z',
    ended: { status: 'loose', captured: 2 },
    voice: { providerKind: 'openai', played: [400, null] },
    reports: [[criterion('Rapport', '1_5', 3, 3), criterion('Closing', 'pass_fail', 1, 1)], null],
  });
  // The next week: free speech, ended, unscored; cannot be won, so outside the win rate.
  await seedSession(server, {
    organizationId,
    userId: alice.userId,
    scenarioId: freeScenario,
    freeSpeech: true,
    startedAt: '2025-03-11T10:00:00.000Z',
    ended: { status: 'end', captured: 0 },
  });
  // Before the period: Rapport 1/5 (0), which a reviewer corrected to 3/5 (50).
  const february = await seedSession(server, {
    organizationId,
    userId: alice.userId,
    scenarioId: scenario,
    startedAt: '2025-02-10T10:00:00.000Z',
    ended: { status: 'win', captured: 9 },
    voice: { providerKind: 'builtin', played: [9000] },
    reports: [[criterion('Rapport', '1_5', 1, 1)]],
  });
  await correctScore(server, operatorId, february, 'Rapport', 3);
  // Bob: an abort, and a session still playing.
  await seedSession(server, {
    organizationId,
    userId: bob.userId,
    scenarioId: scenario,
    startedAt: '2025-03-03T11:00:00.000Z',
    ended: { status: 'abort', captured: 1 },
    voice: { providerKind: 'builtin', played: [500] },
  });
  await seedSession(server, {
    organizationId,
    userId: bob.userId,
    scenarioId: scenario,
    startedAt: '2025-03-12T11:00:00.000Z',
  });
  // Another organization's win, perfectly scored: never counted here.
  await seedSession(server, {
    organizationId: otherOrganizationId,
    userId: carol.userId,
    scenarioId: scenario,
    startedAt: '2025-03-04T11:00:00.000Z',
    ended: { status: 'win', captured: 7 },
    voice: { providerKind: 'openai', played: [99_999] },
    reports: [[criterion('Rapport', '1_5', 1, 5)]],
  });
};

/**
 * A test server seeded once for the describe it is called in: an organization whose learners played, won, lost and
 * were scored in March 2025 (and before), beside another organization whose sessions must never count.
 */
export const dashboardScenario = (engine: TestEngine) => {
  let server: TestServer;
  let operator: Signed;
  let alice: Signed;
  let bob: Signed;
  let otherOperator: Signed;
  let organizationId: string;
  let groupId: string;
  let otherGroupId: string;
  const tag = newId().slice(-6);
  const scenario = `scenario-${tag}`;
  const freeScenario = `free-${tag}`;

  const seed = (session: Seed) => seedSession(server, session);
  const correct = (sessionId: string, name: string, score: number) =>
    correctScore(server, operator.userId, sessionId, name, score);

  beforeAll(async () => {
    server = await startTestServerOn(engine.name);
    organizationId = await createTestOrganization(server, `Dashboard ${tag}`);
    const otherOrganizationId = await createTestOrganization(server, `Elsewhere ${tag}`);
    operator = await signInAs(server, { role: 'operator', organizationId });
    alice = await signInAs(server, { role: 'user', organizationId, firstName: 'Alice', lastName: 'Martin' });
    bob = await signInAs(server, { role: 'user', organizationId, firstName: 'Bob', lastName: 'Durand' });
    otherOperator = await signInAs(server, { role: 'operator', organizationId: otherOrganizationId });
    const carol = await signInAs(server, { role: 'user', organizationId: otherOrganizationId, firstName: 'Carol' });
    const groups = apiClient(server, operator.token);
    groupId = (
      await groups.call(userGroupOperations.create, {
        body: { name: `Sales ${tag}`, organization_id: organizationId },
      })
    ).body.id;
    // A group nobody in it played: it shows zeros.
    await groups.call(userGroupOperations.create, {
      body: { name: `Support ${tag}`, organization_id: organizationId },
    });
    await groups.call(userGroupOperations.addMember, {
      params: { user_group_id: groupId },
      body: { user_id: alice.userId },
    });
    otherGroupId = (
      await apiClient(server, otherOperator.token).call(userGroupOperations.create, {
        body: { name: `Theirs ${tag}`, organization_id: otherOrganizationId },
      })
    ).body.id;

    await seedPlayedSessions(server, {
      organizationId,
      otherOrganizationId,
      operatorId: operator.userId,
      alice,
      bob,
      carol,
      scenario,
      freeScenario,
    });
  }, 120_000);
  afterAll(() => server?.close());

  const MARCH = { from: '2025-03-01', to: '2025-03-31' } as const;
  const dashboard = (token: string, query: DashboardQuery) =>
    apiClient(server, token).call(coachingDashboardOperations.read, { query });
  const exportCsv = (token: string, query: ExportQuery) =>
    apiClient(server, token).call(coachingDashboardOperations.export, { query });

  return {
    get server() {
      return server;
    },
    get operator() {
      return operator;
    },
    get alice() {
      return alice;
    },
    get bob() {
      return bob;
    },
    get otherOperator() {
      return otherOperator;
    },
    get organizationId() {
      return organizationId;
    },
    get groupId() {
      return groupId;
    },
    get otherGroupId() {
      return otherGroupId;
    },
    tag,
    scenario,
    freeScenario,
    seed,
    correct,
    MARCH,
    dashboard,
    exportCsv,
  };
};
