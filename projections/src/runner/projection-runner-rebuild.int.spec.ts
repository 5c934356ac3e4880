import { setTimeout as delay } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { allProjections } from '../all-projections.js';
import { readStatuses, requestRebuild, requestResume } from './checkpoint-store.js';
import {
  COUNTER,
  counterProjection,
  COUNTS,
  deferred,
  flags,
  REAL,
  describeRunner,
  waitUntil,
} from './projection-runner-fixtures.js';

// Rebuilds into shadow tables and the swap: on demand, on a new version, after a failure, when stopped midway.

describeRunner('rebuilding', (h) => {
  it('rebuilds at start when the version changed, even when the new version adds a column', async () => {
    const v1 = await h.startRunner();
    for (const stream of ['a', 'b', 'a']) await h.counted(stream);
    await h.caughtUp();
    await v1.stop();

    await h.startRunner({ projections: [counterProjection(2), ...allProjections] });
    await waitUntil(async () => (await h.status(COUNTER)).version === 2, 'version 2');
    await h.caughtUp([COUNTER]);
    expect((await h.db.query(`SELECT stream_id, count, weight FROM ${COUNTS} ORDER BY stream_id`)).rows).toEqual([
      { stream_id: 'a', count: 2, weight: 20 },
      { stream_id: 'b', count: 1, weight: 10 },
    ]);
    expect((await h.indexes()).map((index) => index.indexname)).toContain('rm_test_counts_weight_idx');
  });

  it('rebuilds to exactly the rows of the incremental run, keeping the indexes, twice in a row', async () => {
    const runner = await h.startRunner({ batchSize: 3 });
    for (const stream of ['a', 'b', 'a', 'c', 'a', 'b']) await h.counted(stream);
    await h.append('other', { type: 'SomethingElse' });
    await h.organizationCreated();
    await h.organizationCreated();
    await h.userCreated('org-1', 'ada@example.com');
    await h.userCreated('org-2', 'grace@example.com');
    await h.caughtUp();
    const incremental = await h.readModel();
    const indexesBefore = await h.indexes();
    expect(indexesBefore.map((index) => index.indexname)).toEqual([
      'rm_organizations_name_idx',
      'rm_organizations_pkey',
      'rm_organizations_updated_idx',
      'rm_test_counts_count_idx',
      'rm_test_counts_pkey',
      'rm_users_email_idx',
      'rm_users_org_idx',
      'rm_users_pkey',
    ]);
    const head = h.lastAppended;
    expect(await h.store.headPosition()).toBe(head);

    for (let round = 1; round <= 2; round += 1) {
      for (const projection of [COUNTER, ...REAL]) await runner.rebuild(projection);
      expect(await h.readModel()).toEqual(incremental);
      // Same names and definitions (so on the live tables, unique where they were).
      expect(await h.indexes()).toEqual(indexesBefore);
      expect(await h.leftoverShadows()).toEqual([]);
      for (const s of await readStatuses(h.db)) {
        const projection = [counterProjection(), ...allProjections].find((p) => p.name === s.name);
        expect(s).toMatchObject({
          status: 'running',
          position: head,
          failure: null,
          rebuildRequestedAt: null,
          version: projection?.version,
        });
      }
    }

    // The loop goes on from the checkpoint the rebuild left: nothing twice, nothing missed.
    await h.counted('a');
    await h.caughtUp();
    expect(await h.counts()).toEqual({ a: 4, b: 2, c: 1 });
  });

  it('records a failed rebuild once instead of replaying in a loop, and retries it on resume', async () => {
    await h.startRunner().then(async (v1) => {
      for (const stream of ['a', 'b', 'a']) await h.counted(stream);
      await h.caughtUp();
      await v1.stop();
    });
    const liveBefore = await h.readModel();
    flags.brokenInV2.add('b');

    const v2 = await h.startRunner({ projections: [counterProjection(2), ...allProjections] });
    await waitUntil(async () => (await h.status(COUNTER)).status === 'failed', 'the rebuild to fail');
    const failed = await h.status(COUNTER);
    expect(failed).toMatchObject({ version: 1, failure: { eventType: 'Counted', message: 'v2 cannot count b' } });
    expect(failed.rebuildRequestedAt).not.toBeNull();
    // The live tables were left as they were, and reads still work while the failure stands.
    expect(await h.readModel()).toEqual(liveBefore);
    const attempts = flags.rebuildSetups;
    await delay(200); // ten poll intervals: the loop must not start the same rebuild again
    expect(flags.rebuildSetups).toBe(attempts);

    // A direct rebuild says that it did not swap, rather than resolving as if it had.
    await expect(v2.rebuild(COUNTER)).rejects.toThrow(/stopped on Counted .*: v2 cannot count b/);

    flags.brokenInV2.clear();
    expect(await requestResume(h.db, COUNTER)).toBe(true);
    await waitUntil(async () => (await h.status(COUNTER)).version === 2, 'the retried rebuild');
    await h.caughtUp([COUNTER]);
    expect(await h.counts()).toEqual({ a: 2, b: 1 });
    expect((await h.status(COUNTER)).rebuildRequestedAt).toBeNull();
  });

  it('rebuilds a failed projection once when a new version is deployed', async () => {
    const v1 = await h.startRunner();
    await h.counted('a');
    await h.counted('p', { poison: true });
    await waitUntil(async () => (await h.status(COUNTER)).status === 'failed', 'the counter to fail');
    await v1.stop();

    flags.poisonBroken = false;
    await h.startRunner({ projections: [counterProjection(2), ...allProjections] });
    await waitUntil(async () => (await h.status(COUNTER)).version === 2, 'version 2');
    await h.caughtUp([COUNTER]);
    expect(await h.counts()).toEqual({ a: 1, p: 1 });
    expect((await h.status(COUNTER)).failure).toBeNull();
  });

  it('picks up a rebuild requested through the database', async () => {
    await h.startRunner();
    for (const stream of ['a', 'b', 'a']) await h.counted(stream);
    await h.caughtUp();
    await h.db.query(`UPDATE ${COUNTS} SET count = 999`);
    const attempts = flags.rebuildSetups;

    expect(await requestRebuild(h.db, COUNTER)).toBe(true);
    await waitUntil(async () => (await h.counts()).a === 2, 'the requested rebuild');
    await h.caughtUp([COUNTER]);
    expect(await h.counts()).toEqual({ a: 2, b: 1 });
    expect(flags.rebuildSetups).toBe(attempts + 1);
    expect((await h.status(COUNTER)).rebuildRequestedAt).toBeNull();
    expect(await requestRebuild(h.db, 'no-such-projection')).toBe(false);
  });

  it('interrupts a rebuild on stop, keeping the live tables, and the next start rebuilds', async () => {
    const first = await h.startRunner({ projections: [counterProjection()], batchSize: 1 });
    for (const stream of ['a', 'b', 'a', 'c']) await h.counted(stream);
    await h.caughtUp();
    const checkpoint = (await h.status(COUNTER)).position;

    const gate = deferred();
    const reached = deferred();
    flags.applyGate = gate.promise;
    flags.applyReached = reached.resolve;
    const rebuilt = first.rebuild(COUNTER);
    rebuilt.catch(() => undefined);
    await reached.promise;
    const stopped = first.stop();
    gate.resolve();
    flags.applyGate = undefined;
    await stopped;
    await expect(rebuilt).rejects.toThrow(/interrupted/);
    expect(await h.status(COUNTER)).toMatchObject({ status: 'rebuilding', position: checkpoint });
    expect(await h.counts()).toEqual({ a: 2, b: 1, c: 1 });

    await h.startRunner({ projections: [counterProjection()] });
    await h.caughtUp();
    expect(await h.counts()).toEqual({ a: 2, b: 1, c: 1 });
    expect(await h.leftoverShadows()).toEqual([]);
  });
});
