export * from './config/config.js';
export * from './logging/logger.js';
export * from './sql/sql-database.js';
export * from './sql/pglite-database.js';
export * from './sql/postgres-database.js';
export * from './sql/migrations.js';
export * from './sql/change-feed.js';
export * from './event-store/event-store.js';
export * from './event-store/global-position.js';
export * from './event-store/errors.js';
export * from './jobs/job-queue.js';
export * from './crypto/token-service.js';
export * from './crypto/passwords.js';
export * from './crypto/secrets.js';
export * from './crypto/ids.js';
export * from './clock/clock.js';
export * from './event-store/command-handler.js';
export * from './runtime/lifecycle.js';
export * from './runtime/open-platform.js';
export {
  createInProcessJobQueue,
  JobPayloadError,
  type FailedJob,
  type InProcessJobQueue,
  type InProcessJobQueueOptions,
} from './jobs/in-process-job-queue.js';
export * from './jobs/bullmq-job-queue.js';
export * from './jobs/create-job-queue.js';
export * from './runtime/start-runtime.js';
export * from './runtime/health-server.js';
export { createMemoryEventStore } from './event-store/memory-event-store.js';
export * from './event-store/sql-event-store.js';
export * from './event-store/esdb-event-store.js';
export * from './auth/auth-sessions.js';
export * from './auth/caller.js';
export * from './crypto/codes.js';
export * from './mail/mailer.js';
export * from './mail/smtp-mailer.js';
export * from './mail/outbox-mailer.js';
export * from './mail/create-mailer.js';
export * from './rate-limit/auth-rate-limiter.js';
export * from './crypto/encryption.js';
export * from './crypto/secret-keys.js';
export * from './sso/realm-schema.js';
export * from './sso/sso-error.js';
export * from './sso/sso-keys.js';
export * from './sso/realms.js';
export * from './settings/path-redirects.js';
export * from './settings/environment-variables.js';
export * from './sso/login-states.js';
export * from './sso/oidc-client.js';
export * from './sso/refresh-tokens.js';
export * from './ai/outbound-guard.js';
export * from './ai/circuit-breaker.js';
export * from './ai/provider-call.js';
export * from './ai/openai-adapter.js';
export * from './ai/openai-audio-adapter.js';
export * from './ai/elevenlabs-adapter.js';
export * from './ai/azure-speech-adapter.js';
export * from './ai/voice-previews.js';
export * from './ai/ai-usage.js';
export * from './blobs/blob-store.js';
export * from './blobs/fs-blob-store.js';
export * from './blobs/s3-blob-store.js';
export * from './blobs/create-blob-store.js';
export * from './images/image-sniff.js';
export * from './images/image-pipeline.js';
export * from './images/image-uploads.js';
