import net, { type AddressInfo } from 'node:net';
import {
  bindJob,
  createInProcessJobQueue,
  createLogger,
  createOutboxMailer,
  createPgliteDatabase,
  createSmtpMailer,
  listOutbox,
  mailOutboxMigrations,
  migrate,
  type Logger,
} from '@ai-coaching/platform';
import { sendMailJob, type SendMailPayload } from '@ai-coaching/application';
import { createSendMailHandler, renderMail } from '@ai-coaching/workers';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.js';

const FROM = 'AI-Coaching <no-reply@coach.test>';
const jobContext = (attempt = 1) => ({ jobId: 'job-1', attempt, signal: new AbortController().signal });

const invitation = (overrides: Partial<SendMailPayload> = {}): SendMailPayload =>
  ({
    template: 'invitation',
    locale: 'fr-FR',
    to: 'marie.curie@example.com',
    params: {
      firstName: 'Marie',
      inviterName: 'Jean Dupont',
      organizationName: 'Acme',
      activationUrl: 'https://coach.test/activate#token=tok-7f3a9c',
      expiresAt: '2026-11-24T14:30:00Z',
    },
    ...overrides,
  }) as SendMailPayload;

/** A logger whose JSON lines the test can read back. */
const capturingLogger = (): { logger: Logger; lines: string[] } => {
  const lines: string[] = [];
  return { logger: createLogger({ level: 'debug' }, { write: (line: string) => void lines.push(line) }), lines };
};

/** A port nothing listens on (yet): connections to it are refused. */
const closedPort = async (): Promise<number> => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const sink = async (options?: { port?: number }): Promise<SmtpSink> => {
  const started = await startSmtpSink(options);
  cleanups.push(() => started.close());
  return started;
};

describe('[MAIL]: SMTP delivery', () => {
  it('renders an invitation in fr-FR and delivers it through the SMTP mailer', async () => {
    const smtp = await sink();
    const { logger, lines } = capturingLogger();
    const url = smtp.url.replace('smtp://', 'smtp://mailer:s3cret-pass@');
    const mailer = createSmtpMailer({ url, from: FROM, logger });
    cleanups.push(() => mailer.close());
    const payload = invitation();

    await createSendMailHandler({ mailer, logger })(payload, jobContext());

    const received = await smtp.waitFor((message) => message.subject === renderMail(payload).subject);
    expect(received.subject).toBe('Vous avez reçu une invitation à rejoindre Acme sur AI-Coaching');
    expect(received.from?.value).toEqual([{ name: 'AI-Coaching', address: 'no-reply@coach.test' }]);
    expect(received.text).toContain('https://coach.test/activate#token=tok-7f3a9c');
    expect(received.html).toContain('href="https://coach.test/activate#token=tok-7f3a9c"');
    expect(received.text).toContain('mardi 24 novembre 2026 à 14:30 UTC');
    expect(received.headers.get('auto-submitted')).toBe('auto-generated');
    expect(smtp.logins).toEqual(['mailer']);

    const log = lines.join('');
    expect(lines.map((line) => JSON.parse(line))).toContainEqual(
      expect.objectContaining({
        msg: 'mail sent',
        recipientDomain: 'example.com',
        key: 'invitation',
        messageId: received.messageId,
      }),
    );
    // Neither the credentials, the address, the link nor the body reach the log.
    for (const secret of ['s3cret-pass', 'marie.curie', 'tok-7f3a9c', 'Bonjour Marie'])
      expect(log).not.toContain(secret);
  });

  it('retries while the SMTP server is down and delivers once it is up', async () => {
    const port = await closedPort();
    const { logger, lines } = capturingLogger();
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: FROM, logger });
    cleanups.push(() => mailer.close());
    const queue = createInProcessJobQueue({ logger });
    cleanups.push(() => queue.close({ timeoutMs: 1000 }));

    const handle = createSendMailHandler({ mailer, logger });
    const attempts: number[] = [];
    // The production job with a short first delay (the retry policy travels with the enqueued job).
    const quickRetries = { ...sendMailJob, backoffMs: 50 };
    await queue.startWorkers([
      bindJob(quickRetries, (payload, context) => {
        attempts.push(context.attempt);
        return handle(payload, context);
      }),
    ]);
    await queue.enqueue(quickRetries, invitation({ locale: 'en-GB' }));

    await expect.poll(() => attempts.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const smtp = await sink({ port });
    await queue.idle();

    expect(queue.failedJobs()).toEqual([]);
    const received = await smtp.waitFor((message) => message.subject === 'You are invited to join Acme on AI-Coaching');
    expect(received.text).toContain('https://coach.test/activate#token=tok-7f3a9c');
    const warnings = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'job attempt failed');
    expect(warnings.length).toBeGreaterThanOrEqual(2);
    expect(warnings[0].error).toMatch(/^SMTP delivery failed/);
    expect(lines.join('')).not.toContain('marie.curie');
  });
});

describe('[MAIL]: outbox (embedded mode without SMTP)', () => {
  it('stores each message, logs where to read it but not its text, and lists the newest first', async () => {
    const db = await createPgliteDatabase();
    cleanups.push(() => db.close());
    await migrate(db, mailOutboxMigrations);
    const { logger, lines } = capturingLogger();
    const mailer = createOutboxMailer({ db, logger });
    const handle = createSendMailHandler({ mailer, logger });

    for (const firstName of ['Ada', 'Brigitte', 'Chloé']) {
      await handle(
        {
          template: 'password-reset',
          locale: 'fr-FR',
          to: `${firstName.toLowerCase()}@example.com`,
          params: {
            firstName,
            resetUrl: `https://coach.test/reset#token=${firstName}`,
            expiresAt: '2026-11-24T14:30:00Z',
          },
        },
        jobContext(),
      );
    }

    const first = await listOutbox(db, { page: 1, page_size: 2 });
    expect(first.total).toBe(3);
    expect(first).toMatchObject({ page: 1, page_size: 2 });
    expect(first.items.map((item) => item.to)).toEqual(['chloé@example.com', 'brigitte@example.com']);
    expect(first.items[0]).toMatchObject({
      subject: 'Réinitialisez votre mot de passe AI-Coaching',
      text: expect.stringContaining('https://coach.test/reset#token=Chloé'),
      html: expect.stringContaining('href="https://coach.test/reset#token=Chloé"'),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const second = await listOutbox(db, { page: 2, page_size: 2 });
    expect(second.items.map((item) => item.to)).toEqual(['ada@example.com']);

    const printed = lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.msg.startsWith('mail kept in the outbox'));
    expect(printed).toHaveLength(3);
    expect(printed[0]).toMatchObject({ level: 30, recipientDomain: 'example.com', key: 'password-reset' });
    expect(printed[0].msg).toContain('GET /v1/admin/mail_outbox');
    // The log says where the mail is, never what it says: its link carries a live code.
    expect(lines.join('')).not.toContain('token=');
    expect(lines.join('')).not.toContain('ada@');
  });
});
