import { mkdtemp, rm } from 'node:fs/promises';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  createLifecycle,
  createLogger,
  loadConfig,
  type AuthLimits,
  type Clock,
  type Platform,
} from '@ai-coaching/platform';
import type { ProjectionRunner } from '@ai-coaching/projections';
import type { AiAdapterRegistry } from '@ai-coaching/application';
import { startOneProcess } from '../one-process.js';

export type TestServer = {
  url: string;
  server: http.Server;
  platform: Platform;
  projections: ProjectionRunner;
  dataDir: string;
  /** Closes everything; `keepData` leaves the data directory for a restart test. */
  close(options?: { keepData?: boolean }): Promise<void>;
};

export type TestServerOptions = {
  /** Receives the server's log lines (with `LOG_LEVEL` in `env`), for tests that check what is logged. */
  logDestination?: { write(line: string): void };
  /** Sign-in rate limits replacing the defaults, per action (short windows for tests of the limits). */
  authLimits?: Partial<AuthLimits>;
  /** AI adapters replacing the deployment's, per provider kind (one trusting a fake provider's certificate). */
  aiAdapters?: AiAdapterRegistry;
  /** The server's clock instead of the system's: `shiftedClock` takes it past a deadline without a real wait. */
  clock?: Clock;
  /** `generated`: no `AUTH_SECRET`, the server makes and keeps its own as a first start does; else a shared test one. */
  authSecret?: 'generated';
};

/** The seeded super-admin's password on every test server. */
export const TEST_PASSWORD = 'Test-Passw0rd!';

const TEST_AUTH_SECRET = 'the-auth-secret-of-the-integration-test-servers-0123';

/** The one-process server on an ephemeral port with its own data directory. */
export const startTestServer = async (
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> => {
  const dataDir = env.DATA_DIR ?? (await mkdtemp(path.join(os.tmpdir(), 'aic-api-')));
  const config = loadConfig({
    PORT: '3000',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: TEST_PASSWORD,
    // Servers sharing a test database (or a data directory, across a restart) share its key, as the runtimes of one
    // deployment must (docs/security.md, "The auth secret"); a test of the generated secret asks for that.
    ...(env.AUTH_SECRET === undefined && options.authSecret !== 'generated' ? { AUTH_SECRET: TEST_AUTH_SECRET } : {}),
    ...env,
    DATA_DIR: dataDir,
  });
  const logger = createLogger({ level: config.LOG_LEVEL }, options.logDestination);
  const lifecycle = createLifecycle(logger, { timeoutMs: 5000 });
  const { server, platform, projections } = await startOneProcess(
    { config: { ...config, PORT: 0 }, logger, lifecycle },
    {
      ...(options.authLimits ? { authLimits: options.authLimits } : {}),
      ...(options.aiAdapters ? { aiAdapters: options.aiAdapters } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
    },
  );
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    server,
    platform,
    projections,
    dataDir,
    async close(options) {
      await lifecycle.close();
      if (!options?.keepData && !env.DATA_DIR) await rm(dataDir, { recursive: true, force: true });
    },
  };
};
