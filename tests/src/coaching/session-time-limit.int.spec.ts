import { rm } from 'node:fs/promises';
import {
  CoachingSessionTimeNotUpYet,
  expireCoachingSessionTimeLimit,
  SESSION_TIME_LIMIT_GRACE_MS,
  sessionTimeLimitJobId,
} from '@ai-coaching/application';
import {
  apiClient,
  createTestOrganization,
  signInAs,
  startTestServerOn,
  type TestServer,
} from '@ai-coaching/api/testing';
import {
  coachingSessionAnalysisOperations as analyses,
  coachingSessionOperations as sessions,
  type WalletFields,
} from '@ai-coaching/contracts';
import { shiftedClock } from '@ai-coaching/platform';
import { postgresAvailability, redisAvailability, separateRedisDatabaseUrl } from '@ai-coaching/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveCredits } from '../credits/credit-test-client.js';
import { paidBuiltinModel, publishedScenario, unique } from './session-fixtures.js';

// The time-limit timer (docs/coaching-sessions.md, "Time limit"): the `session.time-limit` job ends a session still
// playing at its deadline like any other ending, in the embedded mode (in-process queue) and on Redis (BullMQ), and a
// restart schedules again what the in-process queue forgot. The shortest limit a scenario takes is 30 s, which these
// specs do not sit out: the server runs on a shifted clock that they take to the deadline, and the queue then makes
// the waiting job due (`promote`), so the same job, worker and handler end the session as they would at its time.

const TIME_LIMIT_SECONDS = 30;
/** The job's run, a retry and a slow shared machine. */
const ENDING_TIMEOUT_MS = 30_000;

const postgres = await postgresAvailability();
const redis = await redisAvailability();

const modes: {
  name: string;
  engine: 'pglite' | 'postgres';
  env: Record<string, string>;
  available: boolean;
  reason?: string | undefined;
}[] = [
  { name: 'the embedded mode (PGlite, in-process queue)', engine: 'pglite', env: {}, available: true },
  {
    name: 'Redis (PostgreSQL, BullMQ)',
    engine: 'postgres',
    env: { REDIS_URL: separateRedisDatabaseUrl() },
    available: postgres.available && redis.available,
    reason: postgres.reason ?? redis.reason,
  },
];

/** An organization with an operator, an editor and a funded learner, and a 30 s scenario at 2 credits a minute. */
const arrange = async (server: TestServer) => {
  const superAdmin = (await signInAs(server, { role: 'super-admin' })).token;
  const organizationId = await createTestOrganization(server, unique('Acme'));
  const inOrganization = (role: 'operator' | 'editor' | 'user') => signInAs(server, { role, organizationId });
  const operator = (await inOrganization('operator')).token;
  const editor = (await inOrganization('editor')).token;
  const learner = await inOrganization('user');
  await moveCredits(server, superAdmin, 'organizations', 'allocate_credit', organizationId, { nb_credits: 10 });
  await moveCredits(server, operator, 'users', 'allocate_credit', learner.userId, { nb_credits: 10 });

  const scenarioId = await publishedScenario(server, editor, {
    modelId: await paidBuiltinModel(server, superAdmin),
    timeLimitSeconds: TIME_LIMIT_SECONDS,
  });
  return { operator, learner: learner.token, learnerId: learner.userId, scenarioId };
};

type Arranged = Awaited<ReturnType<typeof arrange>>;

/** The figures the operator sees of the learner's wallet. */
const walletOf = async (server: TestServer, people: Arranged): Promise<WalletFields> => {
  const { body } = await apiClient(server, people.operator).send<WalletFields>('GET', `/v1/users/${people.learnerId}`);
  return { credit_wallet: body.credit_wallet, credit_posted: body.credit_posted, credit_pending: body.credit_pending };
};

const startSession = async (server: TestServer, people: Arranged) => {
  const started = await apiClient(server, people.learner).call(sessions.create, {
    body: { scenario_id: people.scenarioId },
  });
  expect(started.status).toBe(201);
  // The whole limit is one started minute at 2 credits.
  expect(started.body).toMatchObject({ status: 'in-progress', reserved_credits: 2, time_limit_seconds: 30 });
  return started.body;
};

/** Polls the learner's read of the session until it has ended, as the timer, not a request, ends it. */
const endedSession = async (server: TestServer, people: Arranged, id: string) => {
  const read = () => apiClient(server, people.learner).call(sessions.read, { params: { id } });
  await expect.poll(async () => (await read()).body.status, { timeout: ENDING_TIMEOUT_MS, interval: 500 }).toBe('end');
  return (await read()).body;
};

/** The ending is settled and reported like any other: the whole limit captured, the rest released, version 1 asked. */
const expectSettledAndReported = async (
  server: TestServer,
  people: Arranged,
  session: { id?: string; ends_at?: string },
  before: WalletFields,
) => {
  await expect
    .poll(() => walletOf(server, people), { timeout: 10_000 })
    .toEqual({
      credit_wallet: before.credit_wallet - 2,
      credit_posted: before.credit_posted - 2,
      credit_pending: before.credit_pending,
    });
  const analysis = () =>
    apiClient(server, people.learner).call(analyses.analysis, { params: { id: session.id! }, query: {} });
  await expect.poll(async () => (await analysis()).status, { timeout: 10_000 }).toBe(200);
  expect((await analysis()).body).toMatchObject({ version: 1, trigger: 'session_ended' });
};

for (const mode of modes) {
  describe.skipIf(!mode.available)(
    `[COACHING]: a session ends at its time limit, in ${mode.name}${mode.available ? '' : ` (skipped: ${mode.reason})`}`,
    () => {
      let server: TestServer;
      let people: Arranged;
      const clock = shiftedClock();

      beforeAll(async () => {
        server = await startTestServerOn(mode.engine, mode.env, { clock });
        people = await arrange(server);
      }, 180_000);
      afterAll(async () => {
        await server?.close();
      });

      it(
        'ends with end (time_limit) at its deadline, charges the whole limit once and asks for its report',
        async () => {
          const before = await walletOf(server, people);
          const started = await startSession(server, people);
          const reply = await apiClient(server, people.learner).call(sessions.turn, {
            params: { id: started.id! },
            body: { text: 'Hello Sam, how is your week going?' },
          });
          expect(reply.body.status).toBe('in-progress');

          // The timer waits in the queue for the deadline and its grace; the server is taken there, and the job run.
          const deadline = Date.parse(started.ends_at!);
          clock.shift(deadline + SESSION_TIME_LIMIT_GRACE_MS - clock.now().getTime());
          const promoted = await server.platform.queue.promote(sessionTimeLimitJobId(started.id!));
          expect(promoted, 'the time-limit job waits in the queue').toBeDefined();
          // Due when its delay, counted from the start, reaches the deadline and its grace (a few ms of the start's own).
          const lateBy = promoted!.dueAt.getTime() - (deadline + SESSION_TIME_LIMIT_GRACE_MS);
          expect(lateBy).toBeGreaterThanOrEqual(0);
          expect(lateBy).toBeLessThan(2000);

          const ended = await endedSession(server, people, started.id!);
          expect(ended).toMatchObject({ end_reason: 'time_limit', cost_credits: 2, ended_at: started.ends_at });
          await expectSettledAndReported(server, people, ended, before);
          // Ending it again (the learner's End arriving late) changes and charges nothing.
          const again = await apiClient(server, people.learner).call(sessions.end, { params: { id: started.id! } });
          expect(again.body).toMatchObject({ status: 'end', end_reason: 'time_limit', cost_credits: 2 });
          expect((await walletOf(server, people)).credit_wallet).toBe(before.credit_wallet - 2);
        },
        ENDING_TIMEOUT_MS + 30_000,
      );

      it('leaves a session alone when its timer runs early, or once its reservation has expired', async () => {
        const started = await startSession(server, people);
        const payload = { sessionId: started.id! };
        const at = (offsetMs: number) => ({
          ...server.platform,
          clock: { now: () => new Date(clock.now().getTime() + offsetMs) },
        });
        // Early: the queue is to try again later.
        await expect(expireCoachingSessionTimeLimit(at(0), payload, { causationId: 'early' })).rejects.toBeInstanceOf(
          CoachingSessionTimeNotUpYet,
        );
        // Past the hold's expiry (limit + 300 s) the runtime died with the timer: the reservation's expiry ends it at
        // its last turn instead of charging the whole limit.
        const late = await expireCoachingSessionTimeLimit(at(10 * 60_000), payload, { causationId: 'late' });
        expect(late).toEqual({ ended: false });
        const read = await apiClient(server, people.learner).call(sessions.read, { params: { id: started.id! } });
        expect(read.body.status).toBe('in-progress');
        await apiClient(server, people.learner).call(sessions.abort, { params: { id: started.id! } });
        const gone = await expireCoachingSessionTimeLimit(at(60_000), payload, { causationId: 'after-abort' });
        expect(gone).toEqual({ ended: false });
      });
    },
  );
}

describe('[COACHING]: a restart of the embedded mode ends the sessions whose deadline passed while it was down', () => {
  let server: TestServer;
  let dataDir = '';

  afterAll(async () => {
    await server?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('schedules the timers the in-process queue forgot, and the late ones run at once', async () => {
    // The first run of the server lies a whole limit and a second in the past, so that it stops, with the session's
    // timer still waiting in its queue, after the deadline: down over it, as if it had been down that long.
    server = await startTestServerOn('pglite', {}, { clock: shiftedClock(-(TIME_LIMIT_SECONDS + 1) * 1000) });
    const people = await arrange(server);
    const before = await walletOf(server, people);
    const started = await startSession(server, people);
    dataDir = server.dataDir;
    await server.close({ keepData: true });
    expect(Date.parse(started.ends_at!)).toBeLessThan(Date.now());

    // Nothing is left to end the session but the restart's catch-up, on the system's clock.
    server = await startTestServerOn('pglite', { DATA_DIR: dataDir });

    const ended = await endedSession(server, people, started.id!);
    expect(ended).toMatchObject({ end_reason: 'time_limit', cost_credits: 2, ended_at: started.ends_at });
    await expectSettledAndReported(server, people, ended, before);
  }, 180_000);
});
