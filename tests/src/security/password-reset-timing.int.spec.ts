import v8 from 'node:v8';
import vm from 'node:vm';
import { apiClient, createTestUser, describeApi, startTestServerOn } from '@ai-coaching/api/testing';
import { authOperations as op } from '@ai-coaching/contracts';
import { type InProcessJobQueue, newId } from '@ai-coaching/platform';
import { waitForProjections } from '@ai-coaching/projections';
import { expect, it } from 'vitest';

// Issue 9, finding 2.2: a reset request for a known address took 22 ms (median) against 9 ms for
// an unknown one, which told an attacker which accounts exist (ASVS 6.3.8). The request now only
// counts and queues a job; the job looks the account up and mails the link.

const WARM_UP = 8;
const PAIRS = 60;
/**
 * What a known and an unknown address may differ by: the gap this finding measured (×2.4, 13 ms) is far outside it.
 * Both are medians over pairs of requests sent one after the other, so a burst of load on the machine (other test
 * files run beside this one) weighs on both halves of a pair alike instead of on one side's median.
 */
const MAX_RATIO = 1.3;
const MAX_DIFFERENCE_MS = 4;

// A known account's job leaves garbage an unknown one's does not; collected between requests, it cannot land in the
// time of whichever request comes next.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

// The limits would answer 429 (fast, the same for both) long before 40 samples: they are lifted here.
const plenty = { max: 10_000, windowSeconds: 3600, blockSeconds: 3600 };

await describeApi(
  '[SECURITY]: password reset timing',
  (context) => {
    /**
     * Jobs and read models run in this process: waiting for both between requests (and collecting the garbage)
     * keeps the work one request caused (its job, the read models catching up with the job's events) out of the
     * next one's time, so each sample is the answer's own. (That background work is the residual limit
     * docs/security.md names for the one-process mode.)
     */
    const jobsDone = async () => {
      await (context.server.platform.queue as InProcessJobQueue).idle();
      const head = await context.server.platform.store.headPosition();
      if (!head) return;
      context.server.projections.wake();
      expect((await waitForProjections(context.server.platform.db, head, { timeoutMs: 15_000 })).reached).toBe(true);
      // A moment for what the read models' commits set off (their loops going back to sleep) to end.
      await new Promise((resolve) => setTimeout(resolve, 20));
      collectGarbage();
    };

    const timedRequest = async (accountEmail: string) => {
      const started = performance.now();
      const answer = await apiClient(context.server).call(op.resetOwnPassword, {
        body: { account_email: accountEmail },
      });
      const ms = performance.now() - started;
      expect(answer.status).toBe(202);
      return { ms, body: answer.body };
    };

    const outboxCount = async (to: string) =>
      (
        await context.server.platform.db.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM mail_outbox WHERE to_address = $1',
          [to],
        )
      ).rows[0]!.count;

    // Wall-clock time on a machine other test files share: a burst of load there can tip one run's medians, so a
    // failed run is tried again (up to twice). The gap this guards against is systematic and fails every run.
    it(
      'answers a known and an unknown address in the same time, and mails only the known one',
      { retry: 2, timeout: 180_000 },
      async () => {
        expect(context.server.platform.queue.kind).toBe('in-process');
        expect(context.server.platform.mailer.kind).toBe('outbox');
        const known = await createTestUser(context.server, { role: 'user' });
        const unknown = () => `nobody-${newId().slice(-10)}@example.test`;
        const asked: string[] = [];

        for (let i = 0; i < WARM_UP; i++) {
          await timedRequest(i % 2 ? known.email : unknown());
          await jobsDone();
        }
        const knownMs: number[] = [];
        const unknownMs: number[] = [];
        const pairRatios: number[] = [];
        const pairDifferences: number[] = [];
        let answers: unknown[] = [];
        // Alternating which goes first, so that drift over the run (caches, JIT, the database warming up) hits both alike.
        for (let i = 0; i < PAIRS; i++) {
          const ghost = unknown();
          asked.push(ghost);
          const pair: Record<string, number> = {};
          for (const email of i % 2 ? [ghost, known.email] : [known.email, ghost]) {
            const { ms, body } = await timedRequest(email);
            pair[email === known.email ? 'known' : 'unknown'] = ms;
            answers = [...answers, body];
            await jobsDone();
          }
          knownMs.push(pair['known']!);
          unknownMs.push(pair['unknown']!);
          pairRatios.push(pair['known']! / pair['unknown']!);
          pairDifferences.push(pair['known']! - pair['unknown']!);
        }

        const knownMedian = median(knownMs);
        const unknownMedian = median(unknownMs);
        const ratio = median(pairRatios);
        const difference = median(pairDifferences);
        const report = `medians: known ${knownMedian.toFixed(2)} ms, unknown ${unknownMedian.toFixed(2)} ms; per pair: known/unknown ${ratio.toFixed(2)}, known − unknown ${difference.toFixed(2)} ms`;
        expect(Math.max(ratio, 1 / ratio), report).toBeLessThanOrEqual(MAX_RATIO);
        expect(Math.abs(difference), report).toBeLessThanOrEqual(MAX_DIFFERENCE_MS);
        // The same words for both.
        expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);

        // The work happened after the answer: the known account got every link, the unknown addresses nothing.
        expect(await outboxCount(known.email)).toBe(PAIRS + WARM_UP / 2);
        for (const ghost of asked) expect(await outboxCount(ghost)).toBe(0);
      },
    );

    it('still limits reset requests per account with 429', async () => {
      const limited = await startTestServerOn(context.engine);
      try {
        const user = await createTestUser(limited, { role: 'user' });
        const ask = () => apiClient(limited).call(op.resetOwnPassword, { body: { account_email: user.email } });
        for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(202);
        const refused = await ask();
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      } finally {
        await limited.close();
      }
    }, 90_000);
  },
  {
    env: { PUBLIC_URL: 'http://app.test' },
    server: { authLimits: { 'password-reset': { account: plenty, address: plenty } } },
  },
);
