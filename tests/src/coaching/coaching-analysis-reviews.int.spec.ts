import { starterLibraryItemId } from '@ai-coaching/application';
import {
  apiClient,
  createTestOrganization,
  signInAs,
  startTestServerOn,
  testEngines,
  type TestServer,
} from '@ai-coaching/api/testing';
import {
  backgroundJobOperations as jobs,
  coachingAnalysisRerunOperations as reruns,
  coachingSessionAnalysisOperations as analyses,
  coachingSessionOperations as sessions,
  scenarioContent,
  type BackgroundJobAnswer,
  type CoachingSessionAnalysisAnswer,
} from '@ai-coaching/contracts';
import { coachingSessionAnalysisStreamId, normalisedCriterionScore, RUBRIC_SCALE_RANGE } from '@ai-coaching/domain';
import { newId } from '@ai-coaching/platform';
import { postgresAvailability, redisAvailability, separateRedisDatabaseUrl } from '@ai-coaching/platform/testing';
import { createRerunAnalysesHandler } from '@ai-coaching/workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { winStarterPrice } from './session-fixtures.js';

// Reviewers' corrections of analysis reports and operators' bulk re-runs (docs/coaching-sessions.md, "Reports"),
// through the API on both engines with the jobs in this process's queue, and on PostgreSQL with BullMQ, with the
// built-in provider.

const engines = await testEngines();
const postgres = await postgresAvailability();
const redis = await redisAvailability();
const modes = [
  ...engines.map((engine) => ({ ...engine, label: engine.name, env: {} as Record<string, string> })),
  {
    name: 'postgres' as const,
    label: 'postgres with BullMQ',
    available: postgres.available && redis.available,
    reason: postgres.reason ?? redis.reason,
    env: { REDIS_URL: separateRedisDatabaseUrl() },
  },
];
const unique = (label: string) => `${label} ${newId().slice(-8)}`;
const today = () => new Date().toISOString().slice(0, 10);

for (const engine of modes) {
  describe.skipIf(!engine.available)(
    `[COACHING]: report corrections and bulk re-runs on ${engine.label}${engine.reason ? ` (skipped: ${engine.reason})` : ''}`,
    () => {
      let server: TestServer;
      const a = { operator: '', editor: '', learner: '', operatorName: '' };
      const b = { operator: '', learner: '' };
      let scenarioA = '';
      const api = (token: string) => apiClient(server, token);

      const readAnalysis = (token: string, id: string, version?: number) =>
        api(token).call(analyses.analysis, { params: { id }, query: version === undefined ? {} : { version } });
      const finishedAnalysis = async (token: string, id: string, version?: number) => {
        let answer: CoachingSessionAnalysisAnswer | undefined;
        await expect
          .poll(
            async () => {
              const response = await readAnalysis(token, id, version);
              answer = response.status === 200 ? response.body : undefined;
              return answer?.status;
            },
            { timeout: 30_000, interval: 100 },
          )
          .toMatch(/^(done|failed)$/);
        return answer!;
      };
      const requestedVersions = async (id: string) =>
        (await server.platform.store.readStream(coachingSessionAnalysisStreamId(id))).filter(
          (event) => event.type === 'CoachingSessionAnalysisRequested',
        ).length;

      /** The library's en-GB "hold the price" scenario played to a win, its first report finished. */
      const playToWin = async (token: string) => {
        const started = await api(token).call(sessions.create, { body: { scenario_id: scenarioA } });
        expect(started.status).toBe(201);
        const id = started.body.id!;
        const say = (text: string) => api(token).call(sessions.turn, { params: { id }, body: { text } });
        expect((await winStarterPrice(say)).body.status).toBe('win');
        expect((await finishedAnalysis(token, id)).status).toBe('done');
        return id;
      };

      beforeAll(async () => {
        server = await startTestServerOn(engine.name, engine.env);
        const organization = await createTestOrganization(server, unique('Acme'));
        const inA = (role: 'operator' | 'editor' | 'user') => signInAs(server, { role, organizationId: organization });
        a.operator = (
          await signInAs(server, {
            role: 'operator',
            organizationId: organization,
            firstName: 'Rosa',
            lastName: 'Reviewer',
          })
        ).token;
        a.operatorName = 'Rosa Reviewer';
        a.editor = (await inA('editor')).token;
        a.learner = (await inA('user')).token;
        const other = await createTestOrganization(server, unique('Beta'));
        b.operator = (await signInAs(server, { role: 'operator', organizationId: other })).token;
        b.learner = (await signInAs(server, { role: 'user', organizationId: other })).token;
        const library = await api(a.learner).call(scenarioContent.operations.list, {
          query: { source: 'library', page_size: 48 },
        });
        scenarioA = library.body.items.find(
          (item) => item.id === starterLibraryItemId('scenario', 'price', 'en-GB'),
        )!.id;
      }, 180_000);
      afterAll(async () => {
        await server?.close();
      });

      let corrected = '';

      it('corrects a criterion with a comment: the original is kept, the observer’s and overall scores use the correction, once per key', async () => {
        corrected = await playToWin(a.learner);
        const before = await finishedAnalysis(a.learner, corrected, 1);
        const observer = before.observers[0]!;
        const criterion = observer.criteria[0]!;
        const { min, max } = RUBRIC_SCALE_RANGE[criterion.scale];
        const score = criterion.score === min ? max : min;
        const key = newId();
        const correct = () =>
          api(a.operator).call(
            analyses.correctScore,
            {
              params: { id: corrected },
              body: {
                version: 1,
                observer_id: observer.observer_id,
                criterion: criterion.name,
                score,
                comment: 'Only one open question, and no follow-up.',
              },
            },
            { headers: { 'idempotency-key': key } },
          );
        const answer = await correct();
        expect(answer.status).toBe(201);
        const shown = answer.body.observers[0]!.criteria[0]!;
        expect(shown).toMatchObject({
          name: criterion.name,
          score,
          relevant: true,
          correction: {
            original_score: criterion.score,
            comment: 'Only one open question, and no follow-up.',
            corrected_by: { name: a.operatorName },
          },
        });

        // Every score now reads the corrected value.
        const weigh = (criteria: typeof observer.criteria) => {
          let weighted = 0;
          let weights = 0;
          for (const item of criteria) {
            if (!item.relevant || item.score === null) continue;
            weighted += item.weight * normalisedCriterionScore(item.scale, item.score);
            weights += item.weight;
          }
          return Math.round(weighted / weights);
        };
        const after = answer.body;
        expect(after.observers[0]!.score).toBe(weigh(after.observers[0]!.criteria));
        expect(after.observers[0]!.score).not.toBe(observer.score);
        expect(after.overall_score).toBe(weigh(after.observers.flatMap((item) => item.criteria)));

        // The same request again corrects nothing more; the learner sees the correction with the original.
        expect((await correct()).status).toBe(201);
        const events = await server.platform.store.readStream(coachingSessionAnalysisStreamId(corrected));
        expect(events.filter((event) => event.type === 'CoachingSessionAnalysisScoreCorrected')).toHaveLength(1);
        const learnerView = await readAnalysis(a.learner, corrected, 1);
        expect(learnerView.body.observers[0]!.criteria[0]!.correction?.original_score).toBe(criterion.score);
      });

      it('refuses a score off the scale, no comment, an unknown criterion or version, in the caller’s language', async () => {
        const report = await finishedAnalysis(a.learner, corrected, 1);
        const observer = report.observers[0]!;
        const body = {
          version: 1,
          observer_id: observer.observer_id,
          criterion: observer.criteria[0]!.name,
          score: 3,
          comment: 'Fair.',
        };
        const send = (change: Partial<typeof body>, headers: Record<string, string> = {}) =>
          api(a.operator).call(
            analyses.correctScore,
            { params: { id: corrected }, body: { ...body, ...change } },
            { headers },
          );
        const { max } = RUBRIC_SCALE_RANGE[observer.criteria[0]!.scale];
        const offScale = await send({ score: max + 1 }, { 'accept-language': 'fr-FR' });
        expect(offScale.status).toBe(400);
        expect(offScale.body).toMatchObject({
          code: 'analysis_score_out_of_scale',
          details: { issues: [{ path: 'score', message: expect.stringContaining('Donnez une note entière') }] },
        });
        const noComment = await send({ comment: '  ' });
        expect(noComment.status).toBe(400);
        expect(noComment.body.details?.issues?.[0]?.path).toBe('comment');
        const unknown = await send({ criterion: 'Charm' });
        expect(unknown.status).toBe(400);
        expect(unknown.body.code).toBe('analysis_criterion_unknown');
        const noVersion = await send({ version: 9 });
        expect(noVersion.status).toBe(404);
        expect(noVersion.body.code).toBe('coaching_session_analysis_not_found');
      });

      it('answers 403 without the permission and 404 to whoever may not read the session', async () => {
        const report = await finishedAnalysis(a.learner, corrected, 1);
        const body = {
          version: 1,
          observer_id: report.observers[0]!.observer_id,
          criterion: report.observers[0]!.criteria[0]!.name,
          score: 1,
          comment: 'Not mine to judge.',
        };
        const as = (token: string) => api(token).call(analyses.correctScore, { params: { id: corrected }, body });
        expect((await as(a.learner)).status).toBe(403);
        for (const token of [b.operator, a.editor]) {
          // Another organization's reviewer, and a reviewer who may not read others' sessions.
          const refused = await as(token);
          expect(refused.status).toBe(404);
          expect(refused.body.code).toBe('coaching_session_not_found');
        }
        const events = await server.platform.store.readStream(coachingSessionAnalysisStreamId(corrected));
        expect(events.filter((event) => event.type === 'CoachingSessionAnalysisScoreCorrected')).toHaveLength(1);
      });

      it('re-runs every matching session of the organization as a job: version 2 each, version 1 kept, progress to 100 %, once per key', async () => {
        const second = await playToWin(a.learner);
        const elsewhere = await (async () => {
          const started = await api(b.learner).call(sessions.create, { body: { scenario_id: scenarioA } });
          const id = started.body.id!;
          const say = (text: string) => api(b.learner).call(sessions.turn, { params: { id }, body: { text } });
          await winStarterPrice(say);
          await finishedAnalysis(b.learner, id);
          return id;
        })();
        const firstOfCorrected = await finishedAnalysis(a.learner, corrected, 1);

        const key = newId();
        const start = () =>
          api(a.operator).call(
            reruns.start,
            { body: { scenario_id: scenarioA, from: today(), to: today() } },
            { headers: { 'idempotency-key': key } },
          );
        const started = await start();
        expect(started.status).toBe(202);
        expect(started.body).toMatchObject({
          kind: 'coaching.analysis-rerun',
          total: 2,
          input: { scenario_id: scenarioA },
        });
        expect(['queued', 'running', 'completed']).toContain(started.body.status);
        const again = await start();
        expect(again.status).toBe(202);
        expect(again.body.id).toBe(started.body.id);

        let job: BackgroundJobAnswer | undefined;
        await expect
          .poll(
            async () => {
              job = (await api(a.operator).call(jobs.read, { params: { id: started.body.id } })).body;
              return job.status;
            },
            { timeout: 30_000, interval: 100 },
          )
          .toBe('completed');
        expect(job).toMatchObject({ progress: 100, total: 2, processed: 2, succeeded: 2, skipped: 0, failed: 0 });
        expect(job!.finished_at).toEqual(expect.any(String));

        for (const id of [corrected, second]) {
          const latest = await finishedAnalysis(a.learner, id);
          expect(latest).toMatchObject({ version: 2, versions: [1, 2], trigger: 'rerun' });
          expect(await requestedVersions(id)).toBe(2);
        }
        // Version 1 stays as it was, its correction included; version 2 is the observers' own.
        expect(await finishedAnalysis(a.learner, corrected, 1)).toEqual({ ...firstOfCorrected, versions: [1, 2] });
        expect((await finishedAnalysis(a.learner, corrected, 2)).observers[0]!.criteria[0]!.correction).toBeNull();
        // Another organization's session is left alone.
        expect((await finishedAnalysis(b.learner, elsewhere)).versions).toEqual([1]);

        // The queue job run again (a retry after a crash) makes no third version.
        await createRerunAnalysesHandler(server.platform)(
          { organizationId: job!.organization_id, jobId: job!.id },
          { jobId: 'again', attempt: 1, signal: new AbortController().signal },
        );
        expect(await requestedVersions(corrected)).toBe(2);
        expect(await requestedVersions(second)).toBe(2);
      });

      it('lets the starter and their organization’s operators follow a job, and nobody else', async () => {
        const started = await api(a.operator).call(reruns.start, {
          body: {
            observer_id: starterLibraryItemId('observer', 'negotiation', 'en-GB'),
            from: '2020-01-01',
            to: '2020-01-31',
          },
        });
        expect(started.status).toBe(202);
        expect(started.body.total).toBe(0);
        await expect
          .poll(
            async () => (await api(a.operator).call(jobs.read, { params: { id: started.body.id } })).body.progress,
            {
              timeout: 15_000,
            },
          )
          .toBe(100);
        for (const token of [b.operator, a.learner, a.editor]) {
          const refused = await api(token).call(jobs.read, { params: { id: started.body.id } });
          expect(refused.status).toBe(404);
          expect(refused.body.code).toBe('background_job_not_found');
        }
        expect((await api(a.operator).call(jobs.read, { params: { id: 'no-such-job' } })).status).toBe(404);
      });

      it('refuses a re-run to who may not make one, and a request without a target or with a reversed period', async () => {
        const body = { scenario_id: scenarioA, from: today(), to: today() };
        for (const token of [a.editor, a.learner]) {
          expect((await api(token).call(reruns.start, { body })).status).toBe(403);
        }
        const noTarget = await api(a.operator).call(reruns.start, { body: { from: today(), to: today() } });
        expect(noTarget.status).toBe(400);
        expect(noTarget.body.details?.issues?.[0]?.path).toBe('scenario_id');
        const reversed = await api(a.operator).call(reruns.start, {
          body: { scenario_id: scenarioA, from: '2026-02-01', to: '2026-01-01' },
        });
        expect(reversed.status).toBe(400);
        expect(reversed.body.details?.issues?.[0]?.path).toBe('to');
      });
    },
  );
}
