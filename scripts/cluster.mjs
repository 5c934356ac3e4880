// `npm run cluster`: the production topology as processes on this machine (docs/deployment.md, "Run the topology on
// one machine"): 2 API, 2 gateway, 2 workers and 1 projections process behind an nginx edge, against the machine's
// PostgreSQL and Redis.
//
//   npm run cluster                        start (builds what is missing); the edge's URL is the last line
//   npm run cluster -- stop                end exactly its processes and nginx
//   npm run cluster -- status              each process, its pid, port, alive or dead
//   npm run cluster -- restart <kind>      rolling restart of api | gateway | workers | projections
//   npm run cluster -- start-one <name>    restart one process, e.g. api-1 (after a kill -9 too)
//
// Environment: CLUSTER_DIR (.cluster), EDGE_PORT (8080), CLUSTER_PORT_BASE (4100: api 4101-4102, gateway
// 4111-4112, workers 4121-4122, projections 4131), CLUSTER_DATABASE_URL, CLUSTER_REDIS_URL, CLUSTER_ADMIN_EMAIL,
// CLUSTER_START_TIMEOUT_MS, CLUSTER_STOP_GRACE_MS, LOG_LEVEL.
import {
  ClusterError,
  clusterStatus,
  printClusterStatus,
  restartKind,
  runningSettings,
  startCluster,
  startOne,
  stopCluster,
} from './cluster/cluster.mjs';
import { settingsFromEnv } from './cluster/topology.mjs';

const USAGE = 'Usage: npm run cluster [-- start | stop | status | restart <kind> | start-one <name>]';

const main = async ([command = 'start', argument]) => {
  const settings = settingsFromEnv();
  switch (command) {
    case 'start':
      process.stdout.write(`${await startCluster(settings)}\n`);
      return 0;
    case 'stop':
      await stopCluster(runningSettings(settings));
      return 0;
    case 'status': {
      const running = runningSettings(settings);
      await printClusterStatus(running);
      return (await clusterStatus(running)).every((row) => row.alive) ? 0 : 3;
    }
    case 'restart':
      if (!argument) throw new ClusterError(`${USAGE}\nrestart needs a kind: api, gateway, workers or projections.`);
      await restartKind(runningSettings(settings), argument);
      return 0;
    case 'start-one': {
      if (!argument) throw new ClusterError(`${USAGE}\nstart-one needs a process name, e.g. api-1.`);
      const result = await startOne(runningSettings(settings), argument);
      process.stdout.write(
        `${result.name}: ${result.stopped}, up again in ${(result.ms / 1000).toFixed(1)} s (pid ${result.pid})\n`,
      );
      return 0;
    }
    default:
      throw new ClusterError(USAGE);
  }
};

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof ClusterError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
}
