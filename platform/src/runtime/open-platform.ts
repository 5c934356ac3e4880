import path from 'node:path';
import { coachingPersonalData } from '@ai-coaching/domain';
import { idsFrom, systemClock, type Clock, type IdGenerator } from '../clock/clock.js';
import type { Config } from '../config/config.js';
import { describeTopology } from '../config/config.js';
import { aiUsageMigrations } from '../ai/ai-usage.js';
import { voicePreviewMigrations } from '../ai/voice-previews.js';
import { voiceRecordingMigrations } from '../speech/voice-recordings.js';
import { voiceTurnTimingMigrations } from '../speech/voice-turn-timings.js';
import { apiKeyUsageMigrations } from '../auth/api-keys.js';
import { scimResourceMigrations } from '../scim/scim-resources.js';
import { userImportMigrations } from '../imports/user-imports.js';
import { authSessionMigrations } from '../auth/auth-sessions.js';
import type { BlobStore } from '../blobs/blob-store.js';
import { createBlobStore } from '../blobs/create-blob-store.js';
import { personalDataKeyMigrations } from '../crypto/personal-data-keys.js';
import { secretEncryptionKeys, type PlatformConfig } from '../crypto/secret-keys.js';
import { resolveAuthSecret, secretMigrations } from '../crypto/secrets.js';
import { idempotencyMigrations } from '../idempotency/idempotency-store.js';
import { createTokenService, type TokenService } from '../crypto/token-service.js';
import { connectEsdbEventStore } from '../event-store/esdb-event-store.js';
import type { EventStore } from '../event-store/event-store.js';
import { withPersonalData } from '../event-store/personal-data-event-store.js';
import { createSqlEventStore, eventStoreMigrations } from '../event-store/sql-event-store.js';
import { createJobQueue } from '../jobs/create-job-queue.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Logger } from '../logging/logger.js';
import { createMailer } from '../mail/create-mailer.js';
import type { Mailer } from '../mail/mailer.js';
import { imageUploadMigrations } from '../images/image-uploads.js';
import { mailOutboxMigrations } from '../mail/outbox-mailer.js';
import { listenForChanges } from '../sql/change-feed.js';
import { webhookDeliveryMigrations } from '../webhooks/webhook-deliveries.js';
import { migrate, type Migration } from '../sql/migrations.js';
import { createPgliteDatabase } from '../sql/pglite-database.js';
import { createPostgresDatabase } from '../sql/postgres-database.js';
import { ssoLoginStateMigrations } from '../sso/login-states.js';
import { ssoRealmMigrations } from '../sso/realms.js';
import { environmentVariableMigrations } from '../settings/environment-variables.js';
import { pathRedirectMigrations } from '../settings/path-redirects.js';
import { ssoRefreshTokenMigrations } from '../sso/refresh-tokens.js';
import type { SqlDatabase } from '../sql/sql-database.js';
import type { Lifecycle } from './lifecycle.js';

export type Platform = {
  /** The environment's configuration, with AUTH_SECRET the secret in use (given, or generated in DATA_DIR). */
  config: PlatformConfig;
  logger: Logger;
  /** Read models, checkpoints and (unless EventStoreDB is used) the events. */
  db: SqlDatabase;
  store: EventStore;
  queue: JobQueue;
  tokens: TokenService;
  /** SMTP with SMTP_URL, otherwise the `mail_outbox` table (embedded mode). */
  mailer: Mailer;
  /** Files (images): a directory under DATA_DIR, or an S3-compatible bucket with BLOB_STORE=s3. */
  blobs: BlobStore;
  clock: Clock;
  ids: IdGenerator;
};

export type OpenPlatformOptions = {
  config: Config;
  logger: Logger;
  lifecycle: Lifecycle;
  /** Migrations of the read models and other workspaces, applied after the platform's own. */
  migrations?: readonly Migration[];
  /** Name of the runtime, for the database's application_name. */
  runtime: string;
  /** Specs only: a clock other than the system's (one shifted past a deadline). */
  clock?: Clock;
};

/**
 * Opens the engines the environment selects (see the topology table in the README):
 * PGlite under DATA_DIR by default, PostgreSQL with DATABASE_URL, EventStoreDB for events with
 * EVENTSTORE_URL, BullMQ with REDIS_URL. Migrates, resolves the auth secret (`resolveAuthSecret`), and registers
 * every engine for shutdown.
 */
export const openPlatform = async (options: OpenPlatformOptions): Promise<Platform> => {
  const { config, logger, lifecycle } = options;
  const topology = describeTopology(config);
  logger.info({ topology }, 'opening platform');

  const db = config.DATABASE_URL
    ? await createPostgresDatabase({
        connectionString: config.DATABASE_URL,
        applicationName: `ai-coaching-${options.runtime}`,
        max: config.DATABASE_POOL_MAX,
      })
    : await createPgliteDatabase({ dataDir: path.resolve(config.DATA_DIR, 'pglite') });
  lifecycle.add('database', () => db.close());
  if (config.DATABASE_URL) {
    // Caches of stored state hear the changes other processes make (docs/performance.md).
    const changes = await listenForChanges(db, { connectionString: config.DATABASE_URL, logger });
    lifecycle.add('change notifications', () => changes.close());
  }

  const sqlEvents = !config.EVENTSTORE_URL;
  const applied = await migrate(db, [
    ...(sqlEvents ? eventStoreMigrations : []),
    ...secretMigrations,
    ...mailOutboxMigrations,
    ...authSessionMigrations,
    ...apiKeyUsageMigrations,
    ...scimResourceMigrations,
    ...userImportMigrations,
    ...ssoRealmMigrations,
    ...ssoLoginStateMigrations,
    ...ssoRefreshTokenMigrations,
    ...pathRedirectMigrations,
    ...environmentVariableMigrations,
    ...aiUsageMigrations,
    ...voicePreviewMigrations,
    ...voiceTurnTimingMigrations,
    ...voiceRecordingMigrations,
    ...imageUploadMigrations,
    ...personalDataKeyMigrations,
    ...idempotencyMigrations,
    ...webhookDeliveryMigrations,
    ...(options.migrations ?? []),
  ]);
  if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
  const platformConfig: PlatformConfig = { ...config, AUTH_SECRET: await resolveAuthSecret({ config, db, logger }) };

  const engineStore = config.EVENTSTORE_URL
    ? await connectEsdbEventStore(config.EVENTSTORE_URL)
    : createSqlEventStore(db);
  // Every runtime reads and writes events through the personal-data layer, so no runtime ever stores a transcript
  // in the clear or projects one it may no longer read (ADR 0015). The keys live in SQL whichever engine holds events.
  const store = withPersonalData(engineStore, {
    db,
    masterKeys: () => secretEncryptionKeys({ config: platformConfig }),
    policy: coachingPersonalData,
  });
  lifecycle.add('event store', () => store.close());

  // Registered before the queue so that shutdown drains running mail jobs before the mailer closes.
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db, logger });
  lifecycle.add('mailer', () => mailer.close());

  const blobs = createBlobStore(config, logger);
  lifecycle.add('blob store', () => blobs.close());

  const queue = createJobQueue({ ...(config.REDIS_URL ? { redisUrl: config.REDIS_URL } : {}), logger });
  lifecycle.add('job queue', () => queue.close({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }));

  const tokens = createTokenService({ secret: platformConfig.AUTH_SECRET, issuer: config.publicUrl });

  const clock = options.clock ?? systemClock;
  return { config: platformConfig, logger, db, store, queue, tokens, mailer, blobs, clock, ids: idsFrom(clock) };
};
