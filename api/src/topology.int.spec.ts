import { healthOperations } from '@ai-coaching/contracts';
import {
  freshTestDatabase,
  postgresAvailability,
  redisAvailability,
  TEST_REDIS_URL,
} from '@ai-coaching/platform/testing';
import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { apiClient } from './testing/api-client.js';
import { signIn } from './testing/identities.js';
import { TEST_PASSWORD } from './testing/start-test-server.js';
import { startTestServer } from './testing/start-test-server.js';

const postgres = await postgresAvailability();
const redis = await redisAvailability();
const available = postgres.available && redis.available;

/**
 * The production engines in one process: PostgreSQL for events and read models, BullMQ on
 * Redis for jobs, the Redis streams adapter for Socket.IO. A fresh database per run keeps it
 * apart from everything else on the shared server.
 */
describe.skipIf(!available)(
  `[PLATFORM]: PostgreSQL and Redis topology${available ? '' : ` (skipped: ${postgres.reason ?? redis.reason})`}`,
  () => {
    const env = {
      DATABASE_URL: freshTestDatabase('aic_topology'),
      REDIS_URL: TEST_REDIS_URL,
      PUBLIC_URL: 'http://app.test',
    };

    it('starts on PostgreSQL and Redis, seeds once, and keeps the data across a restart', async () => {
      const first = await startTestServer(env);
      try {
        expect(first.platform.store.kind).toBe('postgres');
        expect(first.platform.queue.kind).toBe('bullmq');
        const ready = await apiClient(first).call(healthOperations.readiness, {});
        expect(ready.body).toEqual({
          status: 'ready',
          checks: { event_store: 'ok', read_models: 'ok', job_queue: 'ok' },
        });

        const token = await signIn(first, 'admin@localhost.localdomain', TEST_PASSWORD);
        const welcome = await new Promise((resolve, reject) => {
          const socket = connect(first.url, {
            transports: ['websocket'],
            reconnection: false,
            auth: { token },
            extraHeaders: { origin: 'http://app.test' },
          });
          socket.on('gateway.welcome', (payload) => {
            socket.close();
            resolve(payload);
          });
          socket.on('connect_error', reject);
        });
        expect(welcome).toMatchObject({ role: 'super-admin' });
      } finally {
        await first.close();
      }

      const second = await startTestServer(env);
      try {
        const { rows } = await second.platform.db.query<{ count: string }>(
          "SELECT count(*)::text AS count FROM es_events WHERE event_type IN ('PlatformInitialized', 'UserCreated', 'OrganizationCreated')",
        );
        expect(rows[0]!.count).toBe('3');
        // $all readers wait for every open transaction on the server, so allow for other suites' load.
        await expect
          .poll(async () => (await second.platform.db.query('SELECT email FROM rm_users')).rows, { timeout: 15_000 })
          .toEqual([{ email: 'admin@localhost.localdomain' }]);
      } finally {
        await second.close();
      }
    });
  },
);
