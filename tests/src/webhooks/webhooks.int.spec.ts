import { describeApi, type TestServer } from '@ai-coaching/api/testing';
import {
  mailOutboxOperations,
  openApiOperations,
  webhookEnvelopeOf,
  webhookOperations as op,
} from '@ai-coaching/contracts';
import { emailClaimDecider, userDecider, userEmailStreamId, userStreamId } from '@ai-coaching/domain';
import { emailKey, handleCommand, hashPassword, newId } from '@ai-coaching/platform';
import { separateRedisDatabaseUrl } from '@ai-coaching/platform/testing';
import { afterAll, expect, it } from 'vitest';
import { startWebhookReceiver } from '../fakes/webhook-receiver.js';

// Outbound webhooks (docs/api/integrations.md, "Webhooks") on PostgreSQL and BullMQ: every delivery checked by a
// receiver with `standardwebhooks`, an event carried from the event store to the receiver by the outbox, retries on
// a shortened schedule (configuration, the same code path), tenancy, rotation, and the private-network rule.

const secrets: string[] = [];
const answers = new Map<string, (earlier: number) => number>();
const receiver = await startWebhookReceiver({
  secrets: () => secrets,
  answer: (request, earlier) => answers.get(request.id)?.(earlier) ?? request.failWith ?? 204,
});
afterAll(() => receiver.close());

/** An invited user who activates their account: `UserActivated`, through the deciders as an activation records it. */
const inviteAndActivate = async (server: TestServer, organizationId: string) => {
  const userId = newId();
  const email = `invited-${userId.slice(-12)}@example.test`;
  const now = new Date().toISOString();
  const options = () => ({ commandId: newId() });
  const { store } = server.platform;
  await handleCommand(
    store,
    userEmailStreamId(emailKey(email)),
    emailClaimDecider,
    { type: 'ClaimEmail', data: { email, userId }, metadata: { now } },
    options(),
  );
  const invite = {
    userId,
    organizationId,
    email,
    firstName: 'Ada',
    lastName: 'Invited',
    role: 'user' as const,
    locale: 'en-GB' as const,
    inviteCodeHash: 'hash-of-the-code',
    inviteExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    invitedBy: null,
  };
  await handleCommand(
    store,
    userStreamId(userId),
    userDecider,
    { type: 'InviteUser', data: invite, metadata: { now } },
    options(),
  );
  await handleCommand(
    store,
    userStreamId(userId),
    userDecider,
    {
      type: 'ActivateAccount',
      data: { userId, inviteCodeHash: 'hash-of-the-code', passwordHash: await hashPassword('Test-Passw0rd!') },
      metadata: { now },
    },
    options(),
  );
  return userId;
};

await describeApi(
  '[WEBHOOKS]: /v1/webhooks delivered, signed and retried',
  (context) => {
    const { api } = context;
    /** The endpoint's deliveries once none is pending: the log is written just after the receiver answers. */
    const settledDeliveries = async (token: string, id: string) => {
      for (let tries = 0; ; tries++) {
        const page = await api(token).call(op.deliveries, { params: { id }, query: {} });
        if (page.body.items.every((item) => item.status !== 'pending') || tries > 50) return page;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    it('creates an endpoint whose secret is shown once, lists, reads, updates and deletes it', async () => {
      const { operator, organizationId } = await context.tenant();
      const created = await api(operator.token).call(op.create, {
        body: { url: 'https://hooks.example.com/in', events: ['user.activated'], description: 'CRM' },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        organization_id: organizationId,
        url: 'https://hooks.example.com/in',
        events: ['user.activated'],
        enabled: true,
        disabled_reason: null,
        created_by: operator.userId,
      });
      expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const { secret: _secret, ...endpoint } = created.body;
      const id = endpoint.id;
      expect((await api(operator.token).call(op.read, { params: { id } })).body).toEqual(endpoint);
      expect((await api(operator.token).call(op.list, { query: {} })).body.items).toEqual([endpoint]);

      const updated = await api(operator.token).call(op.update, {
        params: { id },
        body: { events: ['credits.wallet.low', 'coaching.session.ended'], credit_low_threshold: 10, enabled: false },
      });
      expect(updated.body).toMatchObject({
        events: ['coaching.session.ended', 'credits.wallet.low'],
        credit_low_threshold: 10,
        enabled: false,
        disabled_reason: 'manual',
      });
      expect((await api(operator.token).call(op.delete, { params: { id } })).status).toBe(204);
      expect((await api(operator.token).call(op.read, { params: { id } })).body).toMatchObject({
        code: 'webhook_not_found',
      });
    });

    it('answers 404 to another organization’s operator on every operation, and never shows its deliveries', async () => {
      const a = await context.tenant();
      const b = await context.tenant();
      const created = await api(a.operator.token).call(op.create, {
        body: { url: receiver.url, events: ['user.activated'] },
      });
      secrets.push(created.body.secret);
      const id = created.body.id;
      const test = await api(a.operator.token).call(op.test, { params: { id } });
      expect(test.status).toBe(202);
      const other = api(b.operator.token);
      const answers404 = [
        await other.call(op.read, { params: { id } }),
        await other.call(op.update, { params: { id }, body: { description: 'mine now' } }),
        await other.call(op.rotateSecret, { params: { id }, body: {} }),
        await other.call(op.test, { params: { id } }),
        await other.call(op.deliveries, { params: { id }, query: {} }),
        await other.call(op.redeliver, { params: { id, delivery_id: test.body.id } }),
        await other.call(op.delete, { params: { id } }),
      ];
      for (const answer of answers404) {
        expect(answer.status).toBe(404);
        expect(answer.body).toMatchObject({ code: 'webhook_not_found' });
      }
      expect((await other.call(op.list, { query: {} })).body.items).toEqual([]);
      // Another organization's endpoint id with this one's delivery: still nothing.
      const own = await other.call(op.create, { body: { url: receiver.url, events: ['user.activated'] } });
      secrets.push(own.body.secret);
      const crossed = await other.call(op.redeliver, { params: { id: own.body.id, delivery_id: test.body.id } });
      expect(crossed.status).toBe(404);
      expect(crossed.body).toMatchObject({ code: 'webhook_delivery_not_found' });
      expect((await api(a.operator.token).call(op.read, { params: { id } })).status).toBe(200);
    });

    it('carries an event from the event store to the receiver, signed and in its versioned envelope', async () => {
      const { operator, organizationId } = await context.tenant();
      const created = await api(operator.token).call(op.create, {
        body: { url: receiver.url, events: ['user.activated'] },
      });
      secrets.push(created.body.secret);
      const userId = await inviteAndActivate(context.server, organizationId);

      const isActivation = (body: string) =>
        (JSON.parse(body) as { data: { user_id?: string } }).data.user_id === userId;
      await receiver.until((received) => received.some((request) => isActivation(request.body)));
      const delivered = receiver.received.filter((request) => isActivation(request.body));
      expect(delivered).toHaveLength(1);
      const body = webhookEnvelopeOf('user.activated').parse(JSON.parse(delivered[0]!.body));
      expect(body).toMatchObject({
        type: 'user.activated',
        version: 1,
        data: { user_id: userId, organization_id: organizationId },
      });

      const deliveries = await settledDeliveries(operator.token, created.body.id);
      expect(deliveries.body.items).toEqual([
        expect.objectContaining({
          message_id: delivered[0]!.id,
          event_type: 'user.activated',
          status: 'succeeded',
          attempts: 1,
          last_response_code: 204,
          body: delivered[0]!.body,
        }),
      ]);
    });

    it('tries a failing receiver again under the same webhook-id until it answers, then sends it no more', async () => {
      const { operator } = await context.tenant();
      const created = await api(operator.token).call(op.create, {
        body: { url: receiver.url, events: ['user.activated'] },
      });
      secrets.push(created.body.secret);
      const test = await api(operator.token).call(op.test, { params: { id: created.body.id } });
      answers.set(test.body.message_id, (earlier) => (earlier < 3 ? 500 : 200));

      await receiver.until((received) =>
        received.some((request) => request.id === test.body.message_id && request.status === 200),
      );
      // Past the rest of the schedule: nothing more comes.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const attempts = receiver.received.filter((request) => request.id === test.body.message_id);
      expect(attempts.map((request) => request.status)).toEqual([500, 500, 500, 200]);
      expect(receiver.unverified).toEqual([]);

      const deliveries = await settledDeliveries(operator.token, created.body.id);
      const delivery = deliveries.body.items[0]!;
      expect(delivery).toMatchObject({
        status: 'succeeded',
        attempts: 4,
        last_response_code: 200,
        next_attempt_at: null,
      });
      expect(delivery.attempt_log.map((attempt) => attempt.response_code)).toEqual([500, 500, 500, 200]);

      // A redelivery sends it once more, under the same id; one still running is refused.
      const redelivered = await api(operator.token).call(op.redeliver, {
        params: { id: created.body.id, delivery_id: delivery.id },
      });
      expect(redelivered.status).toBe(202);
      await receiver.until(
        (received) => received.filter((request) => request.id === test.body.message_id).length === 5,
      );
    });

    it('marks a test delivery failed once its schedule is spent, never disabling, and sends it again on request', async () => {
      const { operator } = await context.tenant();
      const created = await api(operator.token).call(op.create, {
        body: { url: receiver.url, events: ['user.activated'] },
      });
      secrets.push(created.body.secret);
      const test = await api(operator.token).call(op.test, { params: { id: created.body.id } });
      answers.set(test.body.message_id, () => 503);
      const deliveries = await settledDeliveries(operator.token, created.body.id);
      expect(deliveries.body.items[0]).toMatchObject({ status: 'failed', attempts: 4, last_response_code: 503 });
      // A test delivery never disables: a real event does.
      expect((await api(operator.token).call(op.read, { params: { id: created.body.id } })).body.enabled).toBe(true);

      const redelivered = await api(operator.token).call(op.redeliver, {
        params: { id: created.body.id, delivery_id: deliveries.body.items[0]!.id },
      });
      expect(redelivered.status).toBe(202);
      await settledDeliveries(operator.token, created.body.id);
      expect(receiver.received.filter((request) => request.id === test.body.message_id)).toHaveLength(8);
    });

    it('turns an endpoint off when a real event’s delivery fails for good, or at once on 410, and mails its creator', async () => {
      const { operator, organizationId } = await context.tenant();
      const failing = await api(operator.token).call(op.create, {
        body: { url: `${receiver.url}?fail=503`, events: ['user.activated'] },
      });
      const gone = await api(operator.token).call(op.create, {
        body: { url: `${receiver.url}?fail=410`, events: ['user.activated'] },
      });
      secrets.push(failing.body.secret, gone.body.secret);
      await inviteAndActivate(context.server, organizationId);
      for (const endpoint of [failing.body, gone.body]) {
        for (let tries = 0; ; tries++) {
          const read = await api(operator.token).call(op.read, { params: { id: endpoint.id } });
          if (!read.body.enabled || tries > 100) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      expect((await api(operator.token).call(op.read, { params: { id: failing.body.id } })).body).toMatchObject({
        enabled: false,
        disabled_reason: 'failing',
      });
      expect((await api(operator.token).call(op.read, { params: { id: gone.body.id } })).body).toMatchObject({
        enabled: false,
        disabled_reason: 'gone',
      });
      const goneLog = await settledDeliveries(operator.token, gone.body.id);
      expect(goneLog.body.items[0]).toMatchObject({ status: 'failed', attempts: 1, last_response_code: 410 });
      const mails = await api(context.superAdmin.token).call(mailOutboxOperations.list, { query: { page_size: 48 } });
      const turnedOff = mails.body.items.filter(
        (mail) => mail.to === operator.email && mail.subject === 'A webhook endpoint was turned off',
      );
      expect(turnedOff).toHaveLength(2);
      expect(turnedOff[0]!.text).toContain('http://127.0.0.1:');
      expect(turnedOff[0]!.text).not.toContain('fail=');
    });

    it('documents every event’s payload in the OpenAPI document’s webhooks', async () => {
      const document = (await api().call(openApiOperations.document, {})).body as unknown as {
        webhooks: Record<string, unknown>;
      };
      expect(Object.keys(document.webhooks).sort()).toEqual([
        'coaching.analysis.completed',
        'coaching.assignment.overdue',
        'coaching.assignment.passed',
        'coaching.session.ended',
        'credits.wallet.low',
        'user.activated',
        'webhook.test',
      ]);
    });

    it('signs with both secrets during a rotation’s grace period', async () => {
      const { operator } = await context.tenant();
      const created = await api(operator.token).call(op.create, {
        body: { url: receiver.url, events: ['user.activated'] },
      });
      const rotated = await api(operator.token).call(op.rotateSecret, {
        params: { id: created.body.id },
        body: { grace_period_seconds: 3600 },
      });
      expect(rotated.status).toBe(200);
      expect(rotated.body.secret).not.toBe(created.body.secret);
      expect(rotated.body.previous_secret_expires_at).toEqual(expect.any(String));
      secrets.push(rotated.body.secret);
      const test = await api(operator.token).call(op.test, { params: { id: created.body.id } });
      await receiver.until((received) => received.some((request) => request.id === test.body.message_id));
      const { signature } = receiver.received.find((request) => request.id === test.body.message_id)!;
      expect(signature.split(' ')).toHaveLength(2);
      expect(signature.split(' ').every((part) => part.startsWith('v1,'))).toBe(true);
    });
  },
  {
    engines: 'one',
    env: () => ({
      REDIS_URL: separateRedisDatabaseUrl(),
      // The receiver listens on 127.0.0.1, which only this switch lets a webhook reach.
      WEBHOOK_ALLOW_PRIVATE_NETWORK: 'true',
      WEBHOOK_RETRY_SCHEDULE_MS: '200,400,600',
    }),
  },
);

await describeApi(
  '[WEBHOOKS]: the private-network rule',
  (context) => {
    it.each([
      'http://127.0.0.1:8080/hooks',
      'https://10.0.0.7/hooks',
      'https://192.168.1.20/hooks',
      'https://[::1]/hooks',
      'http://169.254.169.254/latest/meta-data',
      'http://hooks.example.com/plain-http',
    ])('refuses %s with 400 webhook_url_refused', async (url) => {
      const { operator } = await context.tenant();
      const answer = await context.api(operator.token).call(op.create, { body: { url, events: ['user.activated'] } });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'webhook_url_refused', details: { issues: [{ path: 'url' }] } });
    });

    it('refuses the address on an update too', async () => {
      const { operator } = await context.tenant();
      const created = await context
        .api(operator.token)
        .call(op.create, { body: { url: 'https://hooks.example.com/in', events: ['user.activated'] } });
      const answer = await context
        .api(operator.token)
        .call(op.update, { params: { id: created.body.id }, body: { url: 'https://10.1.2.3/in' } });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'webhook_url_refused' });
    });
  },
  { engines: 'one' },
);
