import { apiClient, signIn, signInAs, startTestServer, TEST_PASSWORD, type TestServer } from '@ai-coaching/api/testing';
import { sendMailJob } from '@ai-coaching/application';
import { mailOutboxOperations as op, type OutboxMessage, type Page } from '@ai-coaching/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: TestServer;
let superAdminToken: string;

beforeAll(async () => {
  server = await startTestServer();
  superAdminToken = await signIn(server, 'admin@localhost.localdomain', TEST_PASSWORD);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const outbox = (token: string | undefined, query: { page?: number; page_size?: number } = {}) =>
  apiClient(server, token).call(op.list, { query });

describe('[MAIL]: outbox API', () => {
  it('runs in outbox mode without SMTP_URL', () => {
    expect(server.platform.mailer.kind).toBe('outbox');
  });

  it('shows a super-admin the mail a job sent, newest first', async () => {
    await server.platform.queue.enqueue(sendMailJob, {
      template: 'invitation',
      locale: 'en-GB',
      to: 'new.user@example.com',
      params: {
        firstName: 'Nia',
        organizationName: 'Acme',
        activationUrl: 'https://coach.test/activate#token=outbox-1',
        expiresAt: '2026-11-24T14:30:00Z',
      },
    });

    let body: Page<OutboxMessage>;
    await expect
      .poll(async () => {
        const response = await outbox(superAdminToken, { page: 1, page_size: 12 });
        expect(response.status).toBe(200);
        body = response.body;
        return body.total;
      })
      .toBeGreaterThanOrEqual(1);
    expect(body!).toMatchObject({ page: 1, page_size: 12 });
    expect(body!.items[0]).toMatchObject({
      to: 'new.user@example.com',
      subject: 'You are invited to join Acme on AI-Coaching',
      text: expect.stringContaining('https://coach.test/activate#token=outbox-1'),
    });
  });

  it('refuses an operator, and a caller without a token', async () => {
    const operator = await signInAs(server, { role: 'operator' });
    const forbidden = await outbox(operator.token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('forbidden');
    expect((await outbox(undefined)).status).toBe(401);
  });

  it('names a bad paging parameter', async () => {
    const response = await outbox(superAdminToken, { page_size: 1000 });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_request');
  });
});
