import { ConfigError, loadConfig, type Config } from '../config/config.js';
import { createLogger, type Logger } from '../logging/logger.js';
import { containFaults } from './fault-containment.js';
import { createLifecycle, type Lifecycle } from './lifecycle.js';

export type RuntimeContext = { config: Config; logger: Logger; lifecycle: Lifecycle };

/**
 * The common start of every runtime: validate the environment (a bad value stops the process
 * with a message naming the variable), create the logger, make SIGTERM/SIGINT drain and
 * close every component registered on the lifecycle, and once started contain escaped errors.
 */
export const startRuntime = async (
  name: string,
  main: (context: RuntimeContext) => Promise<void>,
  env: Record<string, string | undefined> = process.env,
): Promise<void> => {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const logger = createLogger({ level: config.LOG_LEVEL, name, format: config.LOG_FORMAT });
  const lifecycle = createLifecycle(logger, { timeoutMs: config.SHUTDOWN_TIMEOUT_MS });
  lifecycle.handleSignals();
  try {
    await main({ config, logger, lifecycle });
    // Once serving, one request's or socket's escaped error must not end the process for everyone else; a failure
    // while starting still stops it (below), since nothing is served yet and a half-started process helps nobody.
    containFaults(logger);
  } catch (error) {
    if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
    else logger.fatal({ err: error }, `${name} failed to start`);
    await lifecycle.close();
    process.exit(error instanceof ConfigError ? 78 : 1);
  }
};

/** Standalone runtimes share state through PostgreSQL; PGlite lives inside one process only. */
export const requireSharedDatabase = (config: Config, runtime: string): void => {
  if (!config.DATABASE_URL) {
    throw new ConfigError([
      {
        variable: 'DATABASE_URL',
        expected: `a PostgreSQL URL: the ${runtime} runtime started alone shares its data with the other runtimes (use \`npm start\` for the one-process embedded mode)`,
      },
    ]);
  }
};
