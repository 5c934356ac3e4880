// The faults the system bench injects during the load, one after the other: each runtime killed with SIGKILL by its
// pid and started again by the cluster script, Redis and PostgreSQL restarted, a gateway hung with SIGSTOP and
// continued, then rolling restarts (SIGTERM one process at a time, drained), which must fail no request at all.
// Each answers when it was injected and when the system was whole again (the process answering /healthz, the store
// answering); its window runs from injection to `settleMs` after that.
import { performance } from 'node:perf_hooks';
import { restartKind, startOne } from '../../scripts/cluster/cluster.mjs';
import { readPid } from '../../scripts/cluster/processes.mjs';
import { pidFile } from '../../scripts/cluster/topology.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const kill = (settings, name) => async () => {
  process.kill(readPid(pidFile(settings, name)), 'SIGKILL');
  const restarted = await startOne(settings, name);
  return `restarted by the cluster script, answering /healthz after ${(restarted.ms / 1000).toFixed(1)} s`;
};

export const faultPlan = ({ settings, postgres, redis, stopMs, outageMs }) => [
  { name: 'kill -9 api-1', run: kill(settings, 'api-1') },
  { name: 'kill -9 gateway-1', run: kill(settings, 'gateway-1') },
  { name: 'kill -9 workers-1', run: kill(settings, 'workers-1') },
  { name: 'kill -9 projections-1', run: kill(settings, 'projections-1') },
  {
    name: 'Redis restarted',
    run: async () => {
      await redis.restart();
      return 'shut down (its append-only file written) and started again';
    },
  },
  {
    name: 'PostgreSQL restarted',
    run: async () => {
      postgres.restart();
      return 'pg_ctl restart -m fast (open transactions rolled back, clients disconnected)';
    },
  },
  {
    name: `Redis down for ${outageMs / 1000} s`,
    // Users' recovery counts from the moment it is back.
    outage: true,
    run: async () => {
      await redis.down(outageMs);
      return 'shut down, started again after the outage';
    },
  },
  {
    name: `PostgreSQL down for ${outageMs / 1000} s`,
    outage: true,
    run: async () => {
      await postgres.down(outageMs);
      return 'stopped (-m fast), started again after the outage';
    },
  },
  {
    name: `SIGSTOP gateway-2 for ${stopMs / 1000} s`,
    outage: true,
    run: async () => {
      const pid = readPid(pidFile(settings, 'gateway-2'));
      process.kill(pid, 'SIGSTOP');
      await sleep(stopMs);
      process.kill(pid, 'SIGCONT');
      return 'continued with SIGCONT';
    },
  },
  ...['api', 'gateway', 'workers'].map((kind) => ({
    name: `rolling restart of ${kind}`,
    // No window: a drained restart must fail nothing (issue 26, item 4).
    strict: true,
    run: async () => {
      const results = await restartKind(settings, kind);
      return results
        .map((result) => `${result.name} ${result.stopped}, up in ${(result.ms / 1000).toFixed(1)} s`)
        .join('; ');
    },
  })),
];

/** Runs the plan, a fault every `everyMs` after `firstAtMs`, each recorded with its window. */
export const runFaults = async ({ plan, firstAtMs, everyMs, settleMs, running, say, origin }) => {
  const faults = [];
  for (const [index, fault] of plan.entries()) {
    const due = origin + firstAtMs + index * everyMs;
    await sleep(Math.max(0, due - performance.now()));
    if (!running()) break;
    say(`fault ${index + 1}/${plan.length}: ${fault.name}…`);
    const injectedAt = Date.now();
    let detail;
    let ok = true;
    try {
      detail = await fault.run();
    } catch (error) {
      ok = false;
      detail = `FAILED: ${error.message}`;
    }
    const restoredAt = Date.now();
    faults.push({
      name: fault.name,
      strict: Boolean(fault.strict),
      outage: Boolean(fault.outage),
      ok,
      detail,
      injectedAt,
      restoredAt,
      windowEnd: fault.strict ? injectedAt : restoredAt + settleMs,
    });
    say(`  ${detail} (${((restoredAt - injectedAt) / 1000).toFixed(1)} s)`);
  }
  return faults;
};
