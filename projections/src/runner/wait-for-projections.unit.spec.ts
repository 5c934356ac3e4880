import { encodePosition, forgetLocally, readModelTopic, type SqlExecutor } from '@ai-coaching/platform';
import { describe, expect, it } from 'vitest';
import { announceProgress, waitForProjections } from './wait-for-projections.js';

const at = (low: number) => encodePosition(1n, BigInt(low));

/** A checkpoint table in memory that counts its reads, and can be made to fail them (a database outage). */
const checkpointTable = (rows: Record<string, number>) => {
  const state = { reads: 0, failing: false };
  const db = {
    async query() {
      state.reads += 1;
      if (state.failing)
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      return { rows: Object.entries(rows).map(([name, low]) => ({ name, position: at(low) })), rowCount: 0 };
    },
  } as unknown as SqlExecutor;
  return { db, rows, state };
};

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('waiting for the read models', () => {
  it('shares each reading of the checkpoints between every wait of the process', async () => {
    // Given two hundred commands waiting at once for the sessions read model, behind their events
    const { db, rows, state } = checkpointTable({ 'coaching-sessions': 1, credits: 1 });
    const waits = Array.from({ length: 200 }, (_, index) =>
      waitForProjections(db, at(2 + (index % 3)), { timeoutMs: 5_000, names: ['coaching-sessions'] }),
    );
    await tick();
    const readsBefore = state.reads;
    // When another process's runner commits up to all their events, and the change feed tells of it
    rows['coaching-sessions'] = 4;
    forgetLocally(db, [readModelTopic('coaching-sessions')]);
    // Then every wait ends, caught up, after a few readings, not one or more per wait
    const results = await Promise.all(waits);
    expect(results.every((result) => result.reached)).toBe(true);
    expect(readsBefore).toBeLessThanOrEqual(3);
    expect(state.reads - readsBefore).toBeLessThanOrEqual(3);
  });

  it('ends at once for what is already caught up, and re-reads when a runner of this process commits', async () => {
    const { db, rows } = checkpointTable({ 'coaching-sessions': 5 });
    expect(await waitForProjections(db, at(5), { timeoutMs: 5_000, names: ['coaching-sessions'] })).toMatchObject({
      reached: true,
    });
    const wait = waitForProjections(db, at(6), { timeoutMs: 5_000, names: ['coaching-sessions'] });
    await tick();
    rows['coaching-sessions'] = 6;
    announceProgress();
    const result = await wait;
    expect(result.reached).toBe(true);
    expect(result.waitedMs).toBeLessThan(1_000);
  });

  it('never calls caught up a projection that has no checkpoint, and ends at the timeout', async () => {
    const { db } = checkpointTable({ 'coaching-sessions': 9 });
    const result = await waitForProjections(db, at(1), { timeoutMs: 60, names: ['no-such-projection'] });
    expect(result.reached).toBe(false);
    expect(result.waitedMs).toBeGreaterThanOrEqual(55);
  });

  it('keeps waiting through failed readings (the command is stored all the same), and sees the database back', async () => {
    // Given the database failing every reading
    const { db, rows, state } = checkpointTable({ credits: 1 });
    state.failing = true;
    const wait = waitForProjections(db, at(2), { timeoutMs: 5_000, names: ['credits'] });
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(state.reads).toBeGreaterThan(1);
    // When it answers again, caught up
    rows.credits = 2;
    state.failing = false;
    // Then the wait ends reached, by the backstop poll, without having thrown
    expect((await wait).reached).toBe(true);
  });

  it('ends unreached when its signal aborts', async () => {
    const { db } = checkpointTable({ credits: 1 });
    const controller = new AbortController();
    const wait = waitForProjections(db, at(2), { timeoutMs: 5_000, names: ['credits'], signal: controller.signal });
    controller.abort();
    expect((await wait).reached).toBe(false);
  });
});
