import { analyseObserverJobId, starterLibraryItemId } from '@ai-coaching/application';
import { STARTER_CORPUS } from '@ai-coaching/application/starter-corpus';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  coachingSessionAnalysisOperations as analyses,
  coachingSessionOperations as sessions,
  scenarioContent,
  type CoachingSessionAnalysisAnswer,
} from '@ai-coaching/contracts';
import { coachingSessionAnalysisStreamId, normalisedCriterionScore, RUBRIC_SCALE_RANGE } from '@ai-coaching/domain';
import { newId } from '@ai-coaching/platform';
import { createAnalyseObserverHandler } from '@ai-coaching/workers';
import { beforeAll, expect, it } from 'vitest';

const unique = (label: string) => `${label} ${newId().slice(-8)}`;

await describeApi('[COACHING]: analysis reports', (context) => {
  const a = { organizationId: '', operator: '', learner: '', colleague: '' };
  const b = { operator: '', learner: '' };
  let libraryScenario = '';
  const { api } = context;

  const readAnalysis = (token: string, id: string, version?: number) =>
    api(token).call(analyses.analysis, {
      params: { id },
      query: version === undefined ? {} : { version },
    });
  /** Jobs run in this process: the report is polled until every observer has finished. */
  const finishedAnalysis = async (id: string, version?: number): Promise<CoachingSessionAnalysisAnswer> => {
    let answer: CoachingSessionAnalysisAnswer | undefined;
    await expect
      .poll(
        async () => {
          const response = await readAnalysis(a.learner, id, version);
          answer = response.status === 200 ? response.body : undefined;
          return answer?.status;
        },
        { timeout: 30_000, interval: 100 },
      )
      .toMatch(/^(done|failed)$/);
    return answer!;
  };
  const streamTypes = async (id: string) =>
    (await context.server.platform.store.readStream(coachingSessionAnalysisStreamId(id))).map((event) => ({
      type: event.type,
      data: event.data as { version?: number; observerId?: string },
    }));

  /** The library's en-GB "hold the price" scenario, played to a win on the built-in model. */
  const playToWin = async () => {
    const started = await api(a.learner).call(sessions.create, { body: { scenario_id: libraryScenario } });
    expect(started.status).toBe(201);
    const id = started.body.id!;
    const say = (text: string) => api(a.learner).call(sessions.turn, { params: { id }, body: { text } });
    // A strong conversation of the starter corpus, as a learner would type it.
    let status: string | undefined;
    for (const line of STARTER_CORPUS.price['en-GB'].strong[0]!) status = (await say(line)).body.status;
    expect(status).toBe('win');
    return id;
  };

  beforeAll(async () => {
    a.organizationId = await createTestOrganization(context.server, unique('Acme'));
    const inA = (role: 'operator' | 'user') => signInAs(context.server, { role, organizationId: a.organizationId });
    a.operator = (await inA('operator')).token;
    a.learner = (await inA('user')).token;
    a.colleague = (await inA('user')).token;
    const bOrganization = await createTestOrganization(context.server, unique('Beta'));
    b.operator = (await signInAs(context.server, { role: 'operator', organizationId: bOrganization })).token;
    b.learner = (await signInAs(context.server, { role: 'user', organizationId: bOrganization })).token;
    const library = await api(a.learner).call(scenarioContent.operations.list, {
      query: { source: 'library', page_size: 48 },
    });
    const wanted = starterLibraryItemId('scenario', 'price', 'en-GB');
    libraryScenario = library.body.items.find((item) => item.id === wanted)!.id;
  }, 180_000);

  let wonSession = '';

  it('reports on a won session, observer by observer, with the metrics and the weighted overall score', async () => {
    wonSession = await playToWin();
    const report = await finishedAnalysis(wonSession);
    expect(report).toMatchObject({ status: 'done', version: 1, versions: [1], trigger: 'session_ended' });
    const session = await api(a.learner).call(sessions.read, { params: { id: wonSession } });
    const learnerTurns = new Set(session.body.turns!.filter((turn) => turn.role === 'learner').map((t) => t.id));

    // The scenario's two observers, in its order, each scoring its four rubric criteria on their scales.
    expect(report.observers.map((observer) => observer.observer_id)).toEqual([
      starterLibraryItemId('observer', 'negotiation', 'en-GB'),
      starterLibraryItemId('observer', 'conversation', 'en-GB'),
    ]);
    // The starter observers run on the built-in model: the report says the built-in provider judged.
    expect(report.observers.map((observer) => observer.scripted)).toEqual([true, true]);
    expect(report.observers[0]!.criteria.map((criterion) => criterion.name)).toEqual([
      'Discovery',
      'Value first',
      'Trading concessions',
      'Clear close',
    ]);
    let weighted = 0;
    let weights = 0;
    for (const observer of report.observers) {
      expect(observer).toMatchObject({ status: 'done', summary: expect.any(String) });
      expect(observer.went_well.length + observer.to_improve.length).toBe(observer.criteria.length);
      for (const criterion of observer.criteria) {
        const { min, max } = RUBRIC_SCALE_RANGE[criterion.scale];
        expect(criterion.relevant).toBe(true);
        expect(Number.isInteger(criterion.score)).toBe(true);
        expect(criterion.score!).toBeGreaterThanOrEqual(min);
        expect(criterion.score!).toBeLessThanOrEqual(max);
        for (const quote of criterion.evidence) expect(learnerTurns.has(quote.turn_id)).toBe(true);
        weighted += criterion.weight * normalisedCriterionScore(criterion.scale, criterion.score!);
        weights += criterion.weight;
      }
    }
    // The learner named "price" and "return": some evidence is heard, quoted from their turns.
    expect(report.observers.flatMap((o) => o.criteria).some((criterion) => criterion.evidence.length > 0)).toBe(true);
    expect(report.overall_score).toBe(Math.round(weighted / weights));

    expect(report.metrics.words.learner).toBeGreaterThan(0);
    expect(report.metrics.talk_ratio).toBeGreaterThan(0);
    expect(report.metrics.talk_ratio).toBeLessThan(1);
    expect(report.metrics.questions).toMatchObject({ total: 4, open: 3, closed: 1 });
    expect(learnerTurns.has(report.metrics.questions.asked[0]!.turn_id!)).toBe(true);
    expect(report.metrics.longest_monologue).toMatchObject({ words: expect.any(Number) });
    expect(report.metrics.fillers).toEqual({ total: 1, by_filler: { actually: 1 } });
  });

  it('shows the report to whoever may read the session, and to nobody else', async () => {
    expect((await readAnalysis(a.operator, wonSession)).status).toBe(200);
    for (const token of [a.colleague, b.operator, b.learner]) {
      const refused = await readAnalysis(token, wonSession);
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('coaching_session_not_found');
      expect((await api(token).call(analyses.rerunAnalysis, { params: { id: wonSession } })).status).toBe(
        // Only the other organization's operator holds the permission, and finds no such session.
        token === b.operator ? 404 : 403,
      );
    }
  });

  it('gives an aborted session no report', async () => {
    const started = await api(a.learner).call(sessions.create, { body: { scenario_id: libraryScenario } });
    const id = started.body.id!;
    await api(a.learner).call(sessions.turn, { params: { id }, body: { text: 'Hello Margaret.' } });
    expect((await api(a.learner).call(sessions.abort, { params: { id } })).body.status).toBe('abort');
    const none = await readAnalysis(a.learner, id);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('coaching_session_analysis_not_found');
    const rerun = await api(a.operator).call(analyses.rerunAnalysis, { params: { id } });
    expect(rerun.status).toBe(409);
    expect(rerun.body.code).toBe('coaching_session_not_analysable');
    expect(await streamTypes(id)).toEqual([]);
  });

  it('re-runs a report as version 2 and keeps version 1 readable; a job run again appends one result', async () => {
    const first = await finishedAnalysis(wonSession, 1);
    const rerun = await api(a.operator).call(
      analyses.rerunAnalysis,
      { params: { id: wonSession } },
      { headers: { 'accept-language': 'fr-FR' } },
    );
    expect(rerun.status).toBe(202);
    expect(rerun.body).toMatchObject({ version: 2, versions: [1, 2], trigger: 'rerun' });

    // Two more workers take the same jobs while the queue runs them: as after a worker killed mid-report.
    const handle = createAnalyseObserverHandler(context.server.platform);
    const run = (observerId: string, version: number) =>
      handle(
        { organizationId: a.organizationId, sessionId: wonSession, version, observerId },
        {
          jobId: analyseObserverJobId({ sessionId: wonSession, version, observerId }),
          attempt: 1,
          signal: new AbortController().signal,
        },
      );
    const observerIds = first.observers.map((observer) => observer.observer_id);
    await Promise.all(observerIds.flatMap((observerId) => [run(observerId, 2), run(observerId, 2)]));

    const second = await finishedAnalysis(wonSession);
    expect(second).toMatchObject({ status: 'done', version: 2, versions: [1, 2] });
    expect(second.overall_score).toBe(first.overall_score);
    expect(await finishedAnalysis(wonSession, 1)).toEqual({ ...first, versions: [1, 2] });
    const missing = await readAnalysis(a.learner, wonSession, 3);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('coaching_session_analysis_not_found');

    // Done jobs run again change nothing.
    for (const observerId of observerIds) await run(observerId, 1);
    const events = await streamTypes(wonSession);
    for (const version of [1, 2]) {
      for (const observerId of observerIds) {
        const results = events.filter(
          (event) =>
            event.type === 'CoachingSessionObserverReportRecorded' &&
            event.data.version === version &&
            event.data.observerId === observerId,
        );
        expect(results).toHaveLength(1);
      }
    }
    expect(events.filter((event) => event.type === 'CoachingSessionAnalysisRequested')).toHaveLength(2);
  });
});
