// CPU and memory of every process of the topology, sampled from /proc every few seconds: the runtimes by their pid
// files (a restarted one is a new pid, its own series), nginx, PostgreSQL and Redis with their children, and the bench.
import { readdirSync, readFileSync } from 'node:fs';
import { readPid } from '../../scripts/cluster/processes.mjs';
import { pidFile, processesOf } from '../../scripts/cluster/topology.mjs';

const TICKS_PER_SECOND = 100;

const stat = (pid) => {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), rssKb: rss ? Number(rss[1]) : 0 };
  } catch {
    return undefined;
  }
};

/** Every pid whose parent is one of `roots`, and the roots. */
const withChildren = (roots) => {
  const all = new Set(roots);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const info = stat(Number(entry));
    if (info && all.has(info.ppid)) all.add(Number(entry));
  }
  return [...all];
};

/**
 * The machine's busy time, every core and process together (/proc/stat: all but idle and iowait). The groups below
 * miss what exits between two samples (a PostgreSQL backend whose connection a pool closed takes its CPU time with
 * it), so their sum is a lower bound; this is the whole.
 */
export const MACHINE = 'machine (every process)';
const machineBusyTicks = () => {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    // user nice system idle iowait irq softirq steal: idle and iowait are the cores' free time.
    const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
    return user + nice + system + irq + softirq + steal;
  } catch {
    return undefined;
  }
};

/**
 * Samples every `everyMs`: `{ t, name, pid, ticks, rssKb }`, `pid` the group's leader. Groups: each runtime by name,
 * nginx, postgres and redis with their children (summed), the bench itself.
 */
export const sampleUsage = ({ settings, nginxPid, postgres, redis, everyMs = 5000 }) => {
  const samples = [];
  const groups = () => [
    ...processesOf(settings).map((info) => ({ name: info.name, pids: [readPid(pidFile(settings, info.name))] })),
    { name: 'nginx', pids: withChildren([nginxPid()].filter(Boolean)) },
    { name: 'postgresql', pids: withChildren(postgres.pids()) },
    { name: 'redis', pids: redis.pids() },
    { name: 'bench (load and fake provider)', pids: [process.pid] },
  ];
  const take = () => {
    const t = Date.now();
    const machine = machineBusyTicks();
    if (machine !== undefined) samples.push({ t, name: MACHINE, pid: 0, ticks: machine, rssKb: 0 });
    for (const group of groups()) {
      const infos = group.pids.filter(Boolean).map(stat).filter(Boolean);
      if (infos.length === 0) continue;
      samples.push({
        t,
        name: group.name,
        pid: group.pids[0],
        ticks: infos.reduce((sum, info) => sum + info.ticks, 0),
        rssKb: infos.reduce((sum, info) => sum + info.rssKb, 0),
      });
    }
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    samples,
    stop: () => {
      clearInterval(timer);
      take();
    },
  };
};

/**
 * Per group: mean CPU (% of one core) over the run, peak RSS, RSS at the end, and the memory check of each of its
 * lives (a pid: a restart begins another) after `warmMs`: the highest RSS of the life's last quarter over the highest
 * of its second quarter (a leak grows through the run; a heap that has found its size does not). The longest life's
 * figures are shown; `growth` is the largest of the lives long enough to judge (`minLifeMs`).
 */
export const usageSummary = (samples, { warmMs, minLifeMs }) => {
  const byName = new Map();
  for (const sample of samples) byName.set(sample.name, [...(byName.get(sample.name) ?? []), sample]);
  return [...byName].map(([name, series]) => {
    let ticks = 0;
    for (let index = 1; index < series.length; index++) {
      if (series[index].pid === series[index - 1].pid)
        ticks += Math.max(0, series[index].ticks - series[index - 1].ticks);
    }
    const seconds = (series.at(-1).t - series[0].t) / 1000;
    const lives = [...new Set(series.map((sample) => sample.pid))].map((pid) =>
      judgeLife(
        series.filter((sample) => sample.pid === pid),
        warmMs,
      ),
    );
    const judged = lives.filter((life) => life.spanMs >= minLifeMs);
    const longest = lives.reduce((a, b) => (b.spanMs > a.spanMs ? b : a));
    return {
      name,
      cpuPercent: seconds > 0 ? (ticks / TICKS_PER_SECOND / seconds) * 100 : 0,
      lives: lives.length,
      judgedLives: judged.length,
      rssPeakMb: Math.max(...series.map((sample) => sample.rssKb)) / 1024,
      rssEndMb: series.at(-1).rssKb / 1024,
      longest,
      growth: Math.max(1, ...judged.map((life) => life.growth)),
    };
  });
};

const judgeLife = (life, warmMs) => {
  const settled = life.filter((sample) => sample.t >= life[0].t + warmMs);
  const spanMs = settled.length > 1 ? settled.at(-1).t - settled[0].t : 0;
  const peakOf = (from, to) =>
    Math.max(
      0,
      ...settled
        .filter((sample) => sample.t >= settled[0].t + from * spanMs && sample.t <= settled[0].t + to * spanMs)
        .map((sample) => sample.rssKb),
    ) / 1024;
  const [secondQuarterMb, lastQuarterMb] = spanMs > 0 ? [peakOf(0.25, 0.5), peakOf(0.75, 1)] : [0, 0];
  return { spanMs, secondQuarterMb, lastQuarterMb, growth: secondQuarterMb > 0 ? lastQuarterMb / secondQuarterMb : 1 };
};
