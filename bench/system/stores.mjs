// The system bench's own PostgreSQL and Redis: throwaway servers on free ports, so that restarting them (two of the
// faults) never touches the machine's, which other work shares (shared/notes/system-testing.md, "Pitfalls").
// Redis keeps an append-only file, as a production Redis would: a restart brings its queues, locks and socket streams
// back, where the machine's (no persistence) would forget them.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isAlive, wait } from '../../scripts/cluster/processes.mjs';

const pgBin = () => {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort() : [];
  const version = versions.at(-1);
  if (!version)
    throw new Error('PostgreSQL server binaries are not in /usr/lib/postgresql: apt-get install postgresql');
  return path.join('/usr/lib/postgresql', version, 'bin');
};

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` account, which owns the folder. */
const asPostgres = (command, args, options = {}) =>
  process.getuid?.() === 0
    ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8', ...options })
    : spawnSync(command, args, { encoding: 'utf8', ...options });

const must = (result, what) => {
  if (result.status !== 0) throw new Error(`${what} failed: ${result.stderr || result.stdout}`);
  return result;
};

/**
 * A PostgreSQL server in `dir` on `port`: made with initdb (trust authentication on loopback), started, and
 * restarted or stopped with pg_ctl (`-m fast`: open transactions roll back and clients are disconnected, as an
 * operator's restart does).
 */
export const startPostgres = async ({ dir, port, maxConnections = 300, statements = false }) => {
  const bin = pgBin();
  const data = path.join(dir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  if (process.getuid?.() === 0) {
    const { stdout } = must(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }), 'finding the postgres account');
    chownSync(dir, Number(stdout.trim()), Number(stdout.trim()));
  }
  must(
    asPostgres(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']),
    'initdb',
  );
  const log = path.join(dir, 'postgres.log');
  const options = [
    `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c max_connections=${maxConnections}`,
    // Every statement's calls and time, to see where a turn's database time goes (SYSTEM_PG_STATEMENTS).
    ...(statements ? ['-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.max=1000'] : []),
  ].join(' ');
  const pgCtl = (...args) => asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-l', log, '-w', '-t', '60', ...args]);
  must(pgCtl('-o', options, 'start'), 'starting PostgreSQL');
  const psql = (sql) =>
    must(
      spawnSync(
        path.join(bin, 'psql'),
        ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-At', '-F', '\t', '-c', sql],
        { encoding: 'utf8' },
      ),
      'psql',
    ).stdout;
  return {
    url: (database) => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    log,
    /** The postmaster's pid, then its backends', for the CPU and memory figures. */
    pids: () => {
      const head = spawnSync('head', ['-n1', path.join(data, 'postmaster.pid')], { encoding: 'utf8' });
      const pid = Number(head.stdout.trim());
      return Number.isInteger(pid) && pid > 0 ? [pid] : [];
    },
    /** Forgets the statements counted so far (the arrangement's), from the load on. */
    resetStatements: () => psql('CREATE EXTENSION IF NOT EXISTS pg_stat_statements; SELECT pg_stat_statements_reset()'),
    /** Every statement's calls and milliseconds, summed. */
    statementTotals: () => {
      const [calls, totalMs] = psql(
        'SELECT sum(calls), round(sum(total_exec_time)::numeric, 0) FROM pg_stat_statements',
      )
        .trim()
        .split('\t');
      return { calls: Number(calls), totalMs: Number(totalMs) };
    },
    /** The `limit` statements of most total time: calls, total and mean milliseconds, rows, the text. */
    topStatements: (limit = 25) =>
      psql(
        `SELECT calls, round(total_exec_time::numeric, 0), round(mean_exec_time::numeric, 2), rows,
                regexp_replace(left(query, 160), '\\s+', ' ', 'g')
           FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT ${limit}`,
      )
        .trim()
        .split('\n')
        .map((line) => {
          const [calls, totalMs, meanMs, rows, query] = line.split('\t');
          return { calls: Number(calls), totalMs: Number(totalMs), meanMs: Number(meanMs), rows: Number(rows), query };
        }),
    restart: () => must(pgCtl('-m', 'fast', '-o', options, 'restart'), 'restarting PostgreSQL'),
    /** Stopped (`-m fast`) for `ms`, then started: an outage, not a restart. */
    down: async (ms) => {
      must(pgCtl('-m', 'fast', 'stop'), 'stopping PostgreSQL');
      await wait(ms);
      must(pgCtl('-o', options, 'start'), 'starting PostgreSQL');
    },
    stop: () => pgCtl('-m', 'immediate', 'stop'),
  };
};

/** A Redis server in `dir` on `port`, with an append-only file fsynced every second. */
export const startRedis = async ({ dir, port }) => {
  mkdirSync(dir, { recursive: true });
  let child;
  const launch = async () => {
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--appendonly',
        'yes',
        '--appendfsync',
        'everysec',
        '--save',
        '',
        '--logfile',
        path.join(dir, 'redis.log'),
      ],
      { stdio: 'ignore', detached: true },
    );
    child.unref();
    for (let attempt = 0; attempt < 100; attempt++) {
      if (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.includes('PONG')) return;
      await wait(100);
    }
    throw new Error(`Redis did not start on port ${port} (its log: ${path.join(dir, 'redis.log')})`);
  };
  /** SHUTDOWN writes the append-only file and exits; the server started again reads it back. */
  const shutdown = async () => {
    const pid = child.pid;
    spawnSync('redis-cli', ['-p', String(port), 'shutdown'], { encoding: 'utf8' });
    for (let attempt = 0; attempt < 100 && isAlive(pid); attempt++) await wait(100);
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  };
  await launch();
  return {
    url: (database = 0) => `redis://127.0.0.1:${port}/${database}`,
    pids: () => (child && isAlive(child.pid) ? [child.pid] : []),
    restart: async () => {
      await shutdown();
      await launch();
    },
    down: async (ms) => {
      await shutdown();
      await wait(ms);
      await launch();
    },
    stop: shutdown,
  };
};
