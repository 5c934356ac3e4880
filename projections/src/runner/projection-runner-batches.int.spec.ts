import type { EventStore } from '@ai-coaching/platform';
import { expect, it } from 'vitest';
import type { Projection } from './projection.js';
import { COUNTER, counterProjection, deferred, flags, describeRunner } from './projection-runner-fixtures.js';

// What one batch is: committed whole when the runner stops, sized to the time budget, grown while events are cheap.

describeRunner('batches and stopping', (h) => {
  it('stops promptly when stopped in the middle of a read', async () => {
    const reading = deferred();
    const release = deferred();
    let hold = false;
    const heldStore: EventStore = {
      ...h.store,
      async readAll(options) {
        const events = await h.store.readAll(options);
        if (hold) {
          hold = false;
          reading.resolve();
          await release.promise;
        }
        return events;
      },
    };
    const runner = await h.startRunner({
      store: heldStore,
      projections: [counterProjection()],
      pollIntervalMs: 5_000,
    });
    hold = true;
    runner.wake();
    await reading.promise;
    const stopped = runner.stop();
    release.resolve();
    const started = performance.now();
    await stopped;
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('lets a batch under way commit whole when stopped, and the next runner goes on from there', async () => {
    const gate = deferred();
    const reached = deferred();
    flags.applyGate = gate.promise;
    flags.applyReached = reached.resolve;
    const events = await h.append('s', { type: 'Counted' }, { type: 'Counted' }, { type: 'Counted' });
    const first = await h.startRunner({ projections: [counterProjection()], pollIntervalMs: 5_000 });
    await reached.promise;
    const stopped = first.stop();
    gate.resolve();
    flags.applyGate = undefined;
    await stopped;
    // Either the whole batch with its checkpoint, or nothing of it: here the whole batch.
    expect(await h.counts()).toEqual({ s: 3 });
    expect((await h.status(COUNTER)).position).toBe(events[2]!.position);

    await h.counted('s');
    await h.startRunner({ projections: [counterProjection()] });
    await h.caughtUp();
    expect(await h.counts()).toEqual({ s: 4 });
  });

  /**
   * A projection whose every event costs `costMs` of CPU, as PGlite's work does (it answers without real I/O, so
   * a batch holds the event loop for its whole length). Records how many events each transaction applied.
   */
  const costlyProjection = (costMs: number) => {
    const batches: number[] = [];
    let lastTx: unknown;
    const projection: Projection = {
      name: 'costly-counter',
      version: 1,
      tables: { rows: 'rm_test_costly' },
      handles: ['Costly'],
      async setup(tx, t) {
        await tx.exec(`CREATE TABLE IF NOT EXISTS ${t.rows} (event_id text PRIMARY KEY)`);
      },
      async apply(tx, event, t) {
        if (tx !== lastTx) batches.push(0);
        lastTx = tx;
        batches[batches.length - 1]! += 1;
        // CPU time, as the runner measures it: on a busy machine a loop on the clock could burn less.
        const start = process.cpuUsage();
        const burnt = () => {
          const { user, system } = process.cpuUsage(start);
          return (user + system) / 1000;
        };
        while (burnt() < costMs);
        await tx.query(`INSERT INTO ${t.rows} (event_id) VALUES ($1)`, [event.id]);
      },
    };
    return { projection, batches };
  };
  const appendMany = async (type: string, count: number) => {
    for (let done = 0; done < count; done += 100) {
      const events = Array.from({ length: Math.min(100, count - done) }, () => ({ type }));
      await h.append(`many-${type}-${done}`, ...events);
    }
  };
  const costlyRows = async () =>
    Number((await h.db.query<{ n: string }>('SELECT count(*)::text AS n FROM rm_test_costly')).rows[0]!.n);

  it('sizes catch-up and rebuild batches to the time budget, so a costly projection never holds the event loop long', async () => {
    // 2 ms an event and a 20 ms budget: 10 events a batch, where a fixed batch of 500 would hold the loop 1 s.
    const { projection, batches } = costlyProjection(2);
    await appendMany('Costly', 150);
    const runner = await h.startRunner({ projections: [projection], batchBudgetMs: 20 });
    await h.caughtUp();
    expect(await costlyRows()).toBe(150);
    expect(batches.reduce((sum, size) => sum + size, 0)).toBe(150);
    // The first batch is read before the cost is known; every later one fits the budget.
    expect(batches[0]).toBeLessThanOrEqual(20);
    expect(Math.max(...batches.slice(1))).toBeLessThanOrEqual(10);

    batches.length = 0;
    await runner.rebuild(projection.name);
    expect(await costlyRows()).toBe(150);
    expect(batches.reduce((sum, size) => sum + size, 0)).toBe(150);
    expect(batches[0]).toBeLessThanOrEqual(20);
    expect(Math.max(...batches.slice(1))).toBeLessThanOrEqual(10);
  });

  it('grows batches up to batchSize when events are cheap, so catch-up keeps its rate', async () => {
    const { projection, batches } = costlyProjection(0);
    await appendMany('Costly', 1200);
    await h.startRunner({ projections: [projection], batchSize: 300, batchBudgetMs: 60_000 });
    await h.caughtUp();
    expect(await costlyRows()).toBe(1200);
    // 20, 40, 80, 160, then 300 a batch: doubling from a small first batch, never above batchSize.
    expect(batches.slice(0, 5)).toEqual([20, 40, 80, 160, 300]);
    expect(Math.max(...batches)).toBe(300);
  });
});
