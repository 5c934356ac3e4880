import { setTimeout as delay } from 'node:timers/promises';
import type { EventStore, GlobalPosition } from '@ai-coaching/platform';
import { createSqlEventStore } from '@ai-coaching/platform';
import { expect, it } from 'vitest';
import { findOrganization } from '../organizations/organization-list/index.js';
import { findUserByEmail } from '../users/user-directory/index.js';
import { readStatuses, requestResume } from './checkpoint-store.js';
import { createProjectionRunner, waitForProjections } from './projection-runner.js';
import {
  COUNTER,
  counterProjection,
  deferred,
  flags,
  logger,
  REAL,
  describeRunner,
  waitUntil,
} from './projection-runner-fixtures.js';

// The runner's loop: applying, failing on a poison event, waking, waiting for writes, two runners at once.

describeRunner('catching up', (h) => {
  it('applies the events a projection handles and moves its checkpoint past those it does not', async () => {
    // A small batch, so catching up takes several transactions.
    await h.startRunner({ batchSize: 2 });
    await h.counted('a');
    await h.counted('b');
    await h.counted('a');
    await h.organizationCreated();
    await h.userCreated('org-1', 'ada@example.com');
    const ignored = await h.append('other', { type: 'SomethingElse' }, { type: 'SomethingElse' });

    await h.caughtUp();
    expect(await h.counts()).toEqual({ a: 2, b: 1 });
    // The last events of `$all` are none of the counter's, yet its checkpoint is past them.
    expect((await h.status(COUNTER)).position).toBe(ignored[1]!.position);
    expect(await findOrganization(h.db, 'org-1')).toMatchObject({ name: 'Org 1', kind: 'customer' });
    expect(await findUserByEmail(h.db, 'ada@example.com')).toMatchObject({ organizationId: 'org-1', role: 'user' });
  });

  it('commits rows and checkpoint together: an apply that writes and then throws leaves neither', async () => {
    await h.startRunner();
    const first = await h.counted('a');
    await h.caughtUp([COUNTER]);
    const poison = await h.counted('p', { poison: true });

    await waitUntil(async () => (await h.status(COUNTER)).status === 'failed', 'the counter to fail');
    // The upsert of stream 'p' ran before the throw; it was rolled back with the checkpoint move.
    expect(await h.counts()).toEqual({ a: 1 });
    const { position, failure } = await h.status(COUNTER);
    expect(position).toBe(first.position);
    expect(failure).toMatchObject({ eventId: poison.id, position: poison.position });
  });

  it('stops only the projection a poison event breaks, just before that event, and resumes once fixed', async () => {
    // Appended before the start so that all of them come in one batch, which has to be split to
    // find the failing event.
    const [, beforePoison] = await h.append('s', { type: 'Counted' }, { type: 'Counted' });
    const poison = await h.counted('p', { poison: true });
    await h.counted('a');
    await h.organizationCreated();
    const runner = await h.startRunner();

    await waitUntil(async () => (await h.status(COUNTER)).status === 'failed', 'the counter to fail');
    await h.caughtUp(REAL);
    const failed = await h.status(COUNTER);
    expect(failed.position).toBe(beforePoison!.position);
    expect(failed.failure).toEqual({
      eventId: poison.id,
      eventType: 'Counted',
      position: poison.position,
      message: 'poison: cannot apply',
      failedAt: expect.any(String),
    });
    expect((await readStatuses(h.db)).find((s) => s.name === COUNTER)).toEqual(failed);
    expect(await h.counts()).toEqual({ s: 2 });
    // The other projections ran past the poison event.
    expect(await findOrganization(h.db, 'org-1')).toBeDefined();

    // Later events are never applied around the failed one, however often the loop comes by.
    await h.counted('a');
    runner.wake();
    await h.organizationCreated();
    await h.caughtUp(REAL);
    expect(await h.counts()).toEqual({ s: 2 });
    expect(await h.status(COUNTER)).toMatchObject({ status: 'failed', position: beforePoison!.position });

    flags.poisonBroken = false;
    expect(await requestResume(h.db, COUNTER)).toBe(true);
    await h.caughtUp();
    expect(await h.counts()).toEqual({ s: 2, p: 1, a: 2 });
    expect((await h.status(COUNTER)).failure).toBeNull();
    expect(await requestResume(h.db, COUNTER)).toBe(false);
  });

  it('retries transient database errors without recording a failure', async () => {
    await h.startRunner();
    flags.transientFailures = 1;
    await h.counted('a');
    await h.caughtUp([COUNTER]);
    expect(await h.counts()).toEqual({ a: 1 });
    expect(flags.transientFailures).toBe(0);
    expect((await h.status(COUNTER)).failure).toBeNull();
  });

  it('applies an event at once after wake(), long before the poll interval', async () => {
    // One loop, reading through a h.store whose reads the test can see and hold before they return.
    let beforeReturn: (() => Promise<void>) | undefined;
    let idleAfter: GlobalPosition | undefined;
    const heldStore: EventStore = {
      ...h.store,
      async readAll(options) {
        const events = await h.store.readAll(options);
        if (events.length === 0) idleAfter = options.after;
        const hook = beforeReturn;
        beforeReturn = undefined;
        await hook?.();
        return events;
      },
    };
    const runner = await h.startRunner({
      store: heldStore,
      projections: [counterProjection()],
      pollIntervalMs: 5_000,
    });
    // Before the 5 s interval, with room for a 2-core machine busy with another integration file (a lost wake would
    // apply it only once the interval is over).
    const WOKEN_WITHIN_MS = 4_500;
    const within = (ms: number, expected: Record<string, number>) =>
      waitUntil(
        async () => JSON.stringify(await h.counts()) === JSON.stringify(expected),
        JSON.stringify(expected),
        ms,
      );

    const a = await h.counted('a');
    runner.wake();
    await within(WOKEN_WITHIN_MS, { a: 1 });
    // After applying, the loop reads once more; when that read finds nothing it goes to sleep.
    await waitUntil(() => idleAfter === a.position, 'the loop to go idle');

    // Without a wake the idle loop does not look before its interval is over...
    await h.counted('b');
    await delay(300);
    expect(await h.counts()).toEqual({ a: 1 });
    runner.wake();
    await within(WOKEN_WITHIN_MS, { a: 1, b: 1 });

    // ...and a wake that comes while a read is under way (and found nothing) is not lost.
    const appended = deferred();
    beforeReturn = async () => {
      await h.counted('c');
      runner.wake();
      appended.resolve();
    };
    runner.wake();
    await appended.promise;
    await within(WOKEN_WITHIN_MS, { a: 1, b: 1, c: 1 });
  });

  it('looks again soon when the read a wake starts comes before the event shows, instead of waiting for the poll', async () => {
    // The SQL store shows an event only once no older transaction can still commit: a read may miss it for a moment.
    let hideNextReads = 0;
    const earlyStore: EventStore = {
      ...h.store,
      async readAll(options) {
        const events = await h.store.readAll(options);
        if (events.length > 0 && hideNextReads > 0) {
          hideNextReads -= 1;
          return [];
        }
        return events;
      },
    };
    const runner = await h.startRunner({
      store: earlyStore,
      projections: [counterProjection()],
      pollIntervalMs: 5_000,
    });
    await delay(200);
    const appended = await h.counted('a');
    // Visible to every reader first: another file's transaction open on this server can hold an event back for
    // seconds, which is not what this measures; the early reads here are the three hidden ones.
    await waitUntil(
      async () => (await h.store.readAll({ maxCount: 10_000 })).some((event) => event.id === appended.id),
      'the event to show',
      10_000,
    );
    hideNextReads = 3;
    runner.wake();
    // Far from the 5 s interval: three early reads, then the event within a few rechecks.
    const started = performance.now();
    await waitUntil(async () => JSON.stringify(await h.counts()) === JSON.stringify({ a: 1 }), 'the event', 2_000);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(hideNextReads).toBe(0);
  });

  it('lets callers wait for their writes, and gives up at the timeout when a projection failed', async () => {
    await h.startRunner();
    const { position } = await h.counted('a');
    expect(await waitForProjections(h.db, position, { timeoutMs: 5_000 })).toMatchObject({ reached: true });
    expect(await h.counts()).toEqual({ a: 1 });

    const poison = await h.counted('p', { poison: true });
    await waitUntil(async () => (await h.status(COUNTER)).status === 'failed', 'the counter to fail');
    const late = await waitForProjections(h.db, poison.position, { timeoutMs: 200 });
    expect(late.reached).toBe(false);
    expect(late.waitedMs).toBeGreaterThanOrEqual(200);
    expect(await waitForProjections(h.db, poison.position, { timeoutMs: 5_000, names: REAL })).toMatchObject({
      reached: true,
    });
    // A name with no checkpoint has reached nothing.
    expect(await waitForProjections(h.db, position, { timeoutMs: 50, names: ['no-such-projection'] })).toMatchObject({
      reached: false,
    });
  });

  it('applies each event once when two runners run the same projection', async () => {
    const other = await h.backend.openAnother(h.db);
    h.cleanups.push(() => other.close());
    const options = { projections: [counterProjection()], pollIntervalMs: 2, batchSize: 2 };
    await h.startRunner(options);
    const second = createProjectionRunner({ ...options, store: createSqlEventStore(other.db), db: other.db, logger });
    h.cleanups.push(() => second.stop());
    await second.start();

    for (let i = 0; i < 30; i += 1) await h.counted(`s${i % 3}`);
    await h.caughtUp();
    expect(await h.counts()).toEqual({ s0: 10, s1: 10, s2: 10 });
  });
});
