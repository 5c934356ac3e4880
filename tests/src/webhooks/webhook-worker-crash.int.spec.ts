import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  attemptWebhookDelivery,
  deliverWebhookJob,
  dispatchWebhookOutbox,
  runCommand,
  sealWebhookSecret,
  SYSTEM,
  type AppServices,
} from '@ai-coaching/application';
import { openTestApp, type TestApp } from '@ai-coaching/application/testing';
import {
  emailClaimDecider,
  userDecider,
  userEmailStreamId,
  userStreamId,
  webhookEndpointDecider,
  webhookEndpointStreamId,
} from '@ai-coaching/domain';
import {
  bindJob,
  createBullmqJobQueue,
  createLogger,
  createWebhookSecret,
  emailKey,
  findWebhookDelivery,
  newId,
  webhookDeliveryId,
  type BullmqJobQueue,
} from '@ai-coaching/platform';
import { postgresAvailability, redisAvailability, TEST_REDIS_URL, uniqueTestName } from '@ai-coaching/platform/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver } from '../fakes/webhook-receiver.js';

// A worker killed while it holds a delivery loses no event (docs/api/integrations.md, "Webhooks"): an event goes
// through the outbox and the dispatcher into BullMQ, a worker process takes its delivery job and is killed with
// SIGKILL before it answers, and BullMQ's stalled-job recovery gives the job to the next worker, which sends it once,
// signed, under the message's webhook-id.

const postgres = await postgresAvailability();
const redis = await redisAvailability();
const secret = createWebhookSecret();
const receiver = await startWebhookReceiver({ secrets: () => [secret] });
const stallingWorker = fileURLToPath(
  new URL('../../../platform/src/jobs/__fixtures__/stalling-worker.mjs', import.meta.url),
);

describe.skipIf(!postgres.available || !redis.available)('[WEBHOOKS]: a worker killed mid-delivery', () => {
  let app: TestApp;
  let queue: BullmqJobQueue;
  let services: AppServices;
  let child: ChildProcess | undefined;
  const admin = new Redis(TEST_REDIS_URL);
  const prefix = uniqueTestName('webhooks');
  const queueName = 'ai-coaching';

  beforeAll(async () => {
    app = await openTestApp('postgres');
    queue = createBullmqJobQueue({
      redisUrl: TEST_REDIS_URL,
      prefix,
      queueName,
      logger: createLogger({ level: 'silent' }),
      worker: { lockDuration: 1000, stalledInterval: 300, maxStalledCount: 1 },
    });
    services = {
      ...app.services,
      queue,
      config: { ...app.services.config, WEBHOOK_ALLOW_PRIVATE_NETWORK: true, WEBHOOK_RETRY_SCHEDULE_MS: [200, 400] },
    };
  }, 60_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await queue.close({ timeoutMs: 500 });
    await app.close();
    await receiver.close();
    await admin.quit();
  });

  it('gives the delivery to another worker, which sends the event exactly once', async () => {
    const organizationId = newId();
    const endpointId = newId();
    const now = () => new Date().toISOString();
    await runCommand(services, SYSTEM, {
      streamId: webhookEndpointStreamId(endpointId),
      decider: webhookEndpointDecider,
      command: {
        type: 'CreateWebhookEndpoint',
        data: {
          endpointId,
          organizationId,
          url: receiver.url,
          events: ['user.activated'],
          sealedSecret: await sealWebhookSecret(services, endpointId, secret),
          createdBy: newId(),
        },
        metadata: { now: now() },
      },
    });
    const userId = newId();
    const email = `crash-${userId.slice(-12)}@example.test`;
    await runCommand(services, SYSTEM, {
      streamId: userEmailStreamId(emailKey(email)),
      decider: emailClaimDecider,
      command: { type: 'ClaimEmail', data: { email, userId }, metadata: { now: now() } },
    });
    const account = { userId, organizationId, email, firstName: 'Ada', lastName: 'Crash', role: 'user' as const };
    const inviteExpiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const invite = { ...account, locale: 'en-GB' as const, inviteCodeHash: 'h', inviteExpiresAt, invitedBy: null };
    for (const command of [
      { type: 'InviteUser' as const, data: invite, metadata: { now: now() } },
      {
        type: 'ActivateAccount' as const,
        data: { userId, inviteCodeHash: 'h', passwordHash: 'x' },
        metadata: { now: now() },
      },
    ]) {
      await runCommand(services, SYSTEM, { streamId: userStreamId(userId), decider: userDecider, command });
    }

    // The outbox holds the message once its projection caught up: the dispatcher hands it to the queue.
    let handed = 0;
    for (let tries = 0; handed === 0 && tries < 100; tries++) {
      handed = await dispatchWebhookOutbox(services);
      if (handed === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(handed).toBe(1);

    const startedKey = `${prefix}:${queueName}:fixture-started`;
    child = spawn(process.execPath, [stallingWorker, TEST_REDIS_URL, prefix, queueName, startedKey], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    for (let tries = 0; (await admin.get(startedKey)) !== '1'; tries++) {
      if (tries > 200) throw new Error('the worker process never took the delivery');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(receiver.received).toEqual([]);

    await queue.startWorkers([
      bindJob(deliverWebhookJob, (payload, context) => attemptWebhookDelivery(services, payload, context)),
    ]);
    await receiver.until((received) => received.length === 1);
    const deliveryId = webhookDeliveryId(endpointId, receiver.received[0]!.id);
    for (let tries = 0; (await findWebhookDelivery(services.db, deliveryId))?.status !== 'succeeded'; tries++) {
      if (tries > 100) throw new Error('the delivery was never recorded as succeeded');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Long enough for another stalled check to run the job again, were the lock handled wrongly.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: 'user.activated', data: { user_id: userId } });
    expect(await findWebhookDelivery(services.db, deliveryId)).toMatchObject({ status: 'succeeded', attempts: 1 });
  }, 60_000);
});
