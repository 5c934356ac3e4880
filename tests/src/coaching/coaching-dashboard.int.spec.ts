import {
  apiClient,
  createTestOrganization,
  signInAs,
  startTestServerOn,
  testEngines,
  type TestServer,
  type TestUser,
} from '@ai-coaching/api/testing';
import {
  COACHING_DASHBOARD_EXPORT_COLUMNS,
  coachingDashboardOperations,
  userGroupOperations,
  type OperationRequest,
} from '@ai-coaching/contracts';
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
import { COACHING_DASHBOARD_LABELS, starterLibraryItemId } from '@ai-coaching/application';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../credits/credit-test-client.js';

// Issue 12 §8: the dashboard's figures are the database's aggregates over sessions and their reports. The sessions
// and reports are seeded as events with known scores, so every figure below is worked out by hand.

const engines = await testEngines();

type Signed = TestUser & { token: string };
type DashboardQuery = OperationRequest<typeof coachingDashboardOperations.read>['query'];
type ExportQuery = OperationRequest<typeof coachingDashboardOperations.export>['query'];

const METRICS = {
  words: { learner: 0, persona: 0, total: 0 },
  talkRatio: null,
  questions: { total: 0, open: 0, closed: 0, asked: [] },
  longestMonologue: null,
  fillers: { total: 0, byFiller: {} },
  wordsPerMinute: null,
};

const criterion = (
  name: string,
  scale: AnalysisCriterionScore['scale'],
  weight: number,
  score: number | null,
): AnalysisCriterionScore => ({ name, scale, weight, relevant: score !== null, score, evidence: [] });

type Seed = {
  organizationId: string;
  userId: string;
  scenarioId: string;
  /** Free speech: a scenario without a mission. */
  freeSpeech?: boolean;
  startedAt: string;
  ended?: { status: TerminalCoachingSessionStatus; captured: number };
  /** Each version's criteria; `null`: a version still running. */
  reports?: (AnalysisCriterionScore[] | null)[];
  /** Voice turns the gateway timed: who spoke, and voice-to-voice (null: the browser never reported it). */
  voice?: { providerKind: string; played: (number | null)[] };
  /** The observer and version that scored it; `observer-1` version 1 by default. */
  observer?: { id: string; version: number };
  language?: SessionLanguage;
};

for (const engine of engines) {
  describe.skipIf(!engine.available)(
    `[COACHING]: dashboard on ${engine.name}${engine.reason ? ` (skipped: ${engine.reason})` : ''}`,
    () => {
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

      const seed = async (session: Seed) => {
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
              usedSeconds: 60,
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

      const correct = async (sessionId: string, name: string, score: number) => {
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
              correctedBy: operator.userId,
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

        // Alice, week of Monday 3 March 2025: a win scored 50 (Rapport 5/5 = 100, Closing fail = 0, Objections not
        // relevant), and a loss scored round((3 × 50 + 1 × 100) / 4) = 63 whose re-run is still running.
        await seed({
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
        await seed({
          organizationId,
          userId: alice.userId,
          scenarioId: scenario,
          startedAt: '2025-03-03T15:00:00.000Z',
          ended: { status: 'loose', captured: 2 },
          voice: { providerKind: 'openai', played: [400, null] },
          reports: [[criterion('Rapport', '1_5', 3, 3), criterion('Closing', 'pass_fail', 1, 1)], null],
        });
        // The next week: free speech, ended, unscored; cannot be won, so outside the win rate.
        await seed({
          organizationId,
          userId: alice.userId,
          scenarioId: freeScenario,
          freeSpeech: true,
          startedAt: '2025-03-11T10:00:00.000Z',
          ended: { status: 'end', captured: 0 },
        });
        // Before the period: Rapport 1/5 (0), which a reviewer corrected to 3/5 (50).
        const february = await seed({
          organizationId,
          userId: alice.userId,
          scenarioId: scenario,
          startedAt: '2025-02-10T10:00:00.000Z',
          ended: { status: 'win', captured: 9 },
          voice: { providerKind: 'builtin', played: [9000] },
          reports: [[criterion('Rapport', '1_5', 1, 1)]],
        });
        await correct(february, 'Rapport', 3);
        // Bob: an abort, and a session still playing.
        await seed({
          organizationId,
          userId: bob.userId,
          scenarioId: scenario,
          startedAt: '2025-03-03T11:00:00.000Z',
          ended: { status: 'abort', captured: 1 },
          voice: { providerKind: 'builtin', played: [500] },
        });
        await seed({ organizationId, userId: bob.userId, scenarioId: scenario, startedAt: '2025-03-12T11:00:00.000Z' });
        // Another organization's win, perfectly scored: never counted here.
        await seed({
          organizationId: otherOrganizationId,
          userId: carol.userId,
          scenarioId: scenario,
          startedAt: '2025-03-04T11:00:00.000Z',
          ended: { status: 'win', captured: 7 },
          voice: { providerKind: 'openai', played: [99_999] },
          reports: [[criterion('Rapport', '1_5', 1, 5)]],
        });
      }, 120_000);
      afterAll(() => server?.close());

      const MARCH = { from: '2025-03-01', to: '2025-03-31' } as const;
      const dashboard = (token: string, query: DashboardQuery) =>
        apiClient(server, token).call(coachingDashboardOperations.read, { query });
      const exportCsv = (token: string, query: ExportQuery) =>
        apiClient(server, token).call(coachingDashboardOperations.export, { query });

      it('gives the learner their own figures, criteria and day-by-day trend for the period', async () => {
        const answer = await dashboard(alice.token, MARCH);
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({
          scope: 'mine',
          from: '2025-03-01T00:00:00.000Z',
          to: '2025-04-01T00:00:00.000Z',
          interval: 'day',
          totals: {
            sessions: 3,
            finished: 3,
            wins: 1,
            win_rate: 0.5,
            scored_sessions: 2,
            average_score: 56.5,
            credits_used: 6,
          },
          trend: [
            { start: '2025-03-03', sessions: 2, scored_sessions: 2, average_score: 56.5 },
            { start: '2025-03-11', sessions: 1, scored_sessions: 0, average_score: null },
          ],
          scenarios: [
            {
              scenario_id: scenario,
              name: 'Cold call',
              sessions: 2,
              finished: 2,
              wins: 1,
              win_rate: 0.5,
              scored_sessions: 2,
              average_score: 56.5,
              credits_used: 6,
            },
            {
              scenario_id: freeScenario,
              name: 'Cold call',
              sessions: 1,
              finished: 1,
              wins: 0,
              win_rate: null,
              scored_sessions: 0,
              average_score: null,
              credits_used: 0,
            },
          ],
          // Each on its own scale: Closing passed once in two, Rapport 5/5 and 3/5.
          criteria: [
            {
              observer_id: 'observer-1',
              observer_name: null,
              position: 1,
              name: 'Closing',
              scale: 'pass_fail',
              sessions: 2,
              average: 0.5,
              average_score: 50,
            },
            {
              observer_id: 'observer-1',
              observer_name: null,
              position: 0,
              name: 'Rapport',
              scale: '1_5',
              sessions: 2,
              average: 4,
              average_score: 75,
            },
          ],
          // percentile_cont over 100 and 300: p95 at rank 0.95. The turn the browser never reported is left out.
          voice_latency_by_provider: [
            { provider_kind: 'builtin', turns: 2, p50_ms: 200, p95_ms: 290 },
            { provider_kind: 'openai', turns: 1, p50_ms: 400, p95_ms: 400 },
          ],
        });
      });

      it('buckets by week from Monday, and counts every period without bounds', async () => {
        const weekly = await dashboard(alice.token, { ...MARCH, interval: 'week' });
        expect(weekly.body.trend).toEqual([
          { start: '2025-03-03', sessions: 2, scored_sessions: 2, average_score: 56.5 },
          { start: '2025-03-10', sessions: 1, scored_sessions: 0, average_score: null },
        ]);
        const always = await dashboard(alice.token, {});
        expect(always.body.interval).toBe('week');
        // February's win scored 50: its Rapport as the reviewer corrected it (3/5), not the observer's 1/5.
        expect(always.body.totals).toMatchObject({ sessions: 4, wins: 2, win_rate: 0.667, credits_used: 15 });
        expect(always.body.totals.average_score).toBe(54.3);
        expect(always.body.criteria).toContainEqual(
          expect.objectContaining({ name: 'Rapport', sessions: 3, average: 3.67, average_score: 66.7 }),
        );
        // February's voice turn counts too: 100, 300, 9000.
        expect(always.body.voice_latency_by_provider[0]).toEqual({
          provider_kind: 'builtin',
          turns: 3,
          p50_ms: 300,
          p95_ms: 8130,
        });
      });

      it("gives the team's figures by group and by user, with another organization's sessions never counted", async () => {
        const answer = await dashboard(operator.token, { scope: 'team', ...MARCH });
        expect(answer.status).toBe(200);
        expect(answer.body.totals).toEqual({
          sessions: 5,
          finished: 4,
          wins: 1,
          win_rate: 0.333,
          scored_sessions: 2,
          average_score: 56.5,
          credits_used: 7,
        });
        expect(answer.body.users).toEqual([
          {
            user_id: alice.userId,
            name: 'Alice Martin',
            sessions: 3,
            finished: 3,
            wins: 1,
            win_rate: 0.5,
            scored_sessions: 2,
            average_score: 56.5,
            credits_used: 6,
          },
          {
            user_id: bob.userId,
            name: 'Bob Durand',
            sessions: 2,
            finished: 1,
            wins: 0,
            win_rate: 0,
            scored_sessions: 0,
            average_score: null,
            credits_used: 1,
          },
        ]);
        expect(answer.body.groups).toEqual([
          expect.objectContaining({
            group_id: groupId,
            name: `Sales ${tag}`,
            players: 1,
            sessions: 3,
            credits_used: 6,
          }),
          expect.objectContaining({
            name: `Support ${tag}`,
            players: 0,
            sessions: 0,
            average_score: null,
            win_rate: null,
          }),
        ]);
        // Bob's abort adds 500 to the builtin turns: 100, 300, 500.
        expect(answer.body.voice_latency_by_provider).toEqual([
          { provider_kind: 'builtin', turns: 3, p50_ms: 300, p95_ms: 480 },
          { provider_kind: 'openai', turns: 1, p50_ms: 400, p95_ms: 400 },
        ]);
        const theirs = await dashboard(otherOperator.token, { scope: 'team', ...MARCH });
        expect(theirs.body.totals).toMatchObject({ sessions: 1, wins: 1, average_score: 100, credits_used: 7 });
        expect(theirs.body.voice_latency_by_provider).toEqual([
          { provider_kind: 'openai', turns: 1, p50_ms: 99_999, p95_ms: 99_999 },
        ]);
        expect(theirs.body.users).toHaveLength(1);
        expect(theirs.body.users?.[0]?.name).toMatch(/^Carol/);
      });

      it('filters the team by group and by scenario', async () => {
        const sales = await dashboard(operator.token, { scope: 'team', ...MARCH, group_id: groupId });
        expect(sales.body.totals).toMatchObject({ sessions: 3, wins: 1 });
        expect(sales.body.users?.map((user) => user.user_id)).toEqual([alice.userId]);
        expect(sales.body.groups?.map((group) => group.group_id)).toEqual([groupId]);
        expect(sales.body.voice_latency_by_provider.map((row) => [row.provider_kind, row.turns])).toEqual([
          ['builtin', 2],
          ['openai', 1],
        ]);
        const free = await dashboard(operator.token, { scope: 'team', ...MARCH, scenario_id: freeScenario });
        expect(free.body.totals).toMatchObject({ sessions: 1, finished: 1, wins: 0, win_rate: null });
        // No voice turn in the free-speech session: the list is empty, and the client hides it.
        expect(free.body.voice_latency_by_provider).toEqual([]);
      });

      it("refuses the team's figures without coaching-session-check-other, and another organization's group", async () => {
        const refused = await dashboard(alice.token, { scope: 'team' });
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({ code: 'forbidden' });
        expect((await exportCsv(alice.token, {})).status).toBe(403);
        const foreign = await dashboard(operator.token, { scope: 'team', group_id: otherGroupId });
        expect(foreign.status).toBe(404);
        expect(foreign.body).toMatchObject({ code: 'user_group_not_found' });
        const mineByGroup = await dashboard(alice.token, { group_id: groupId });
        expect(mineByGroup.status).toBe(400);
        expect(mineByGroup.body).toMatchObject({ code: 'invalid_request' });
        const backwards = await dashboard(alice.token, { from: '2025-03-10', to: '2025-03-01' });
        expect(backwards.status).toBe(400);
      });

      it("counts a criterion as one line across its observer's versions and languages, on its own scale", async () => {
        // Issue 23 §2: a learner of another organization plays the starter library's conversation observer in English
        // and in French, and another observer whose second version renamed its first criterion.
        const organization = await createTestOrganization(server, `Languages ${tag}`);
        const dana = await signInAs(server, { role: 'user', organizationId: organization, firstName: 'Dana' });
        const starter = (language: 'en-GB' | 'fr-FR') => ({
          id: starterLibraryItemId('observer', 'conversation', language),
          version: 1,
        });
        const played = { organizationId: organization, userId: dana.userId, scenarioId: scenario };
        const ended = { status: 'end', captured: 1 } as const;
        await seed({
          ...played,
          startedAt: '2025-03-05T09:00:00.000Z',
          ended,
          observer: starter('en-GB'),
          reports: [
            [
              criterion('Active listening', '1_5', 2, 4),
              criterion('Empathy', '1_5', 2, 5),
              criterion('Clarity', '1_5', 1, 1),
              criterion('Agreed next step', 'pass_fail', 1, 1),
            ],
          ],
        });
        await seed({
          ...played,
          startedAt: '2025-03-06T09:00:00.000Z',
          ended,
          language: 'fr-FR',
          observer: starter('fr-FR'),
          reports: [
            [
              criterion('Écoute active', '1_5', 2, 2),
              criterion('Empathie', '1_5', 2, 3),
              criterion('Clarté', '1_5', 1, 3),
              criterion('Prochaine étape convenue', 'pass_fail', 1, 0),
            ],
          ],
        });
        await seed({
          ...played,
          startedAt: '2025-03-07T09:00:00.000Z',
          ended,
          observer: { id: 'observer-2', version: 1 },
          reports: [[criterion('Listening', '1_10', 1, 4)]],
        });
        await seed({
          ...played,
          startedAt: '2025-03-08T09:00:00.000Z',
          ended,
          observer: { id: 'observer-2', version: 2 },
          reports: [[criterion('Careful listening', '1_10', 1, 10)]],
        });
        const read = async (locale: 'en-GB' | 'fr-FR') => {
          const answer = await apiClient(server, dana.token).call(
            coachingDashboardOperations.read,
            { query: MARCH },
            { headers: { 'accept-language': locale } },
          );
          expect(answer.status).toBe(200);
          return answer.body.criteria.map((line) => [
            line.observer_name,
            line.name,
            line.scale,
            line.sessions,
            line.average,
            line.average_score,
          ]);
        };
        // Clarity 1/5 and Clarté 3/5: a mean of 2 on 1–5, and (0 + 50) / 2 = 25 out of 100.
        expect(await read('en-GB')).toEqual([
          ['Conversation coach', 'Active listening', '1_5', 2, 3, 50],
          ['Conversation coach', 'Agreed next step', 'pass_fail', 2, 0.5, 50],
          [null, 'Careful listening', '1_10', 2, 7, 66.7],
          ['Conversation coach', 'Clarity', '1_5', 2, 2, 25],
          ['Conversation coach', 'Empathy', '1_5', 2, 4, 75],
        ]);
        // In French the same lines, named as the French session read them.
        expect(await read('fr-FR')).toEqual([
          [null, 'Careful listening', '1_10', 2, 7, 66.7],
          ['Coach relationnel', 'Clarté', '1_5', 2, 2, 25],
          ['Coach relationnel', 'Écoute active', '1_5', 2, 3, 50],
          ['Coach relationnel', 'Empathie', '1_5', 2, 4, 75],
          ['Coach relationnel', 'Prochaine étape convenue', 'pass_fail', 2, 0.5, 50],
        ]);
      });

      for (const lang of ['en-GB', 'fr-FR'] as const) {
        it(`exports the team's figures as CSV with its header and words in ${lang}`, async () => {
          const answer = await exportCsv(operator.token, { ...MARCH, lang });
          expect(answer.status).toBe(200);
          expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
          expect(answer.headers.get('content-disposition')).toMatch(
            /^attachment; filename="coaching-dashboard-\d{4}-\d{2}-\d{2}\.csv"$/,
          );
          const [header, ...rows] = parseCsv(answer.body as string);
          const labels = COACHING_DASHBOARD_LABELS[lang];
          expect(header).toEqual(COACHING_DASHBOARD_EXPORT_COLUMNS.map((column) => labels.columns[column]));
          expect(rows).toEqual([
            ['total', labels.kinds.total, '', labels.total, '5', '4', '1', '0.333', '56.5', '7', '', ''],
            ['group', labels.kinds.group, groupId, `Sales ${tag}`, '3', '3', '1', '0.5', '56.5', '6', '', ''],
            ['group', labels.kinds.group, expect.any(String), `Support ${tag}`, '0', '0', '0', '', '', '0', '', ''],
            ['user', labels.kinds.user, alice.userId, 'Alice Martin', '3', '3', '1', '0.5', '56.5', '6', '', ''],
            ['user', labels.kinds.user, bob.userId, 'Bob Durand', '2', '1', '0', '0', '', '1', '', ''],
            ['scenario', labels.kinds.scenario, scenario, 'Cold call', '4', '3', '1', '0.333', '56.5', '7', '', ''],
            ['scenario', labels.kinds.scenario, freeScenario, 'Cold call', '1', '1', '0', '', '', '0', '', ''],
            [
              'criterion',
              labels.kinds.criterion,
              'observer-1',
              'Closing',
              '2',
              '',
              '',
              '',
              '50',
              '',
              'pass_fail',
              '0.5',
            ],
            ['criterion', labels.kinds.criterion, 'observer-1', 'Rapport', '2', '', '', '', '75', '', '1_5', '4'],
          ]);
        });
      }
    },
  );
}
