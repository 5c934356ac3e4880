import { createLogger, type MailMessage, type Mailer } from '@ai-coaching/platform';
import { describe, expect, it } from 'vitest';
import { sendMailJob, type SendMailPayload } from '@ai-coaching/application';
import { createSendMailHandler } from './send-mail.handler.js';

const payload: SendMailPayload = {
  template: 'password-reset',
  locale: 'en-GB',
  to: 'marie@example.com',
  params: { firstName: 'Marie', resetUrl: 'https://coach.example.com/reset#t=1', expiresAt: '2026-11-24T14:30:00Z' },
};

describe('[MAIL]: mail.send job', () => {
  it('checks params against the template they go with', () => {
    expect(sendMailJob.schema.safeParse(payload).success).toBe(true);
    const mismatched = { ...payload, template: 'invitation' };
    expect(sendMailJob.schema.safeParse(mismatched).success).toBe(false);
    expect(sendMailJob.schema.safeParse({ ...payload, locale: 'de-DE' }).success).toBe(false);
    expect(sendMailJob.schema.safeParse({ ...payload, to: 'not-an-address' }).success).toBe(false);
  });

  it('renders the mail and hands it to the mailer with its template as key', async () => {
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      kind: 'outbox',
      send: async (message) => {
        sent.push(message);
        return { messageId: 'm1' };
      },
      close: async () => {},
    };
    const handle = createSendMailHandler({ mailer, logger: createLogger({ level: 'silent' }) });
    await handle(payload, { jobId: 'j1', attempt: 1, signal: new AbortController().signal });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: 'marie@example.com',
      subject: 'Reset your AI-Coaching password',
      key: 'password-reset',
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
    expect(sent[0]!.text).toContain('https://coach.example.com/reset#t=1');
  });

  it('lets a mailer failure through so the queue retries', async () => {
    const mailer: Mailer = {
      kind: 'smtp',
      send: async () => {
        throw new Error('relay down');
      },
      close: async () => {},
    };
    const handle = createSendMailHandler({ mailer, logger: createLogger({ level: 'silent' }) });
    await expect(handle(payload, { jobId: 'j2', attempt: 1, signal: new AbortController().signal })).rejects.toThrow(
      'relay down',
    );
  });
});
