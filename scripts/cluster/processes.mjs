// Starting, probing and stopping the cluster's processes by their pid files.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { environmentOf, logFile, pidFile } from './topology.mjs';

export const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const readPid = (file) => {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim().split(/\s+/)[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
};

/** Whether `pid` is a live process (a zombie, killed but not reaped, counts as ended). */
export const isAlive = (pid) => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
};

/**
 * Whether `pid` is still the process the pid file was written for (its command line names `marker`), so a stale pid
 * file whose number the system gave to another process never makes us signal that process.
 */
export const isOurs = (pid, marker) => {
  if (!isAlive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
  } catch {
    return true; // no /proc: trust the pid file
  }
};

/** The last `lines` lines of a log file, for the message of a process that did not come up. */
export const tailOf = (file, lines = 25) => {
  if (!existsSync(file)) return '(no log file)';
  const text = readFileSync(file, 'utf8').trimEnd();
  return text.split('\n').slice(-lines).join('\n') || '(empty log)';
};

/**
 * Starts one runtime detached from this process, its output appended to its log file, and records the node
 * process's own pid (never a wrapper's) in its pid file.
 */
export const startProcess = (settings, secrets, processInfo) => {
  const log = openSync(logFile(settings, processInfo.name), 'a');
  try {
    const child = spawn(process.execPath, [...(settings.nodeArgs ?? []), processInfo.entry], {
      cwd: settings.clusterDir,
      detached: true,
      stdio: ['ignore', log, log],
      env: { ...environmentOf(settings, secrets, processInfo), CLUSTER_PROCESS: processInfo.name },
    });
    child.unref();
    writeFileSync(pidFile(settings, processInfo.name), `${child.pid}\n`);
    return child.pid;
  } finally {
    closeSync(log);
  }
};

/** Answers whether GET `url` answered 200 within `timeoutMs`. */
export const answers = async (url, timeoutMs = 2000) => {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
};

/**
 * Waits until the process answers /healthz on its port. Resolves `{ ok: true }`, or `{ ok: false, reason }` when it
 * exits first or the deadline passes.
 */
export const waitHealthy = async (processInfo, pid, { timeoutMs }) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return { ok: false, reason: 'it exited' };
    if (await answers(`http://127.0.0.1:${processInfo.port}/healthz`)) return { ok: true };
    await wait(250);
  }
  return { ok: false, reason: `it did not answer /healthz within ${Math.round(timeoutMs / 1000)} s` };
};

/**
 * Ends `pid` as an orchestrator would: SIGTERM (the runtime drains and closes its components), then SIGKILL after
 * `graceMs`. Resolves how it ended: 'exited', 'killed' or 'not running'.
 */
export const stopPid = async (pid, marker, { graceMs }) => {
  if (!isOurs(pid, marker)) return 'not running';
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return 'exited';
    await wait(100);
  }
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    return 'exited';
  }
  while (isAlive(pid)) await wait(50);
  return 'killed';
};

/** Stops one runtime by its pid file and removes the file. */
export const stopProcess = async (settings, processInfo, options) => {
  const file = pidFile(settings, processInfo.name);
  const outcome = await stopPid(readPid(file), processInfo.entry, options);
  rmSync(file, { force: true });
  return outcome;
};
