import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SmtpSink = {
  /** `smtp://127.0.0.1:PORT`, ready for SMTP_URL or `createSmtpMailer`. */
  url: string;
  port: number;
  /** Every message received, parsed, in arrival order. */
  messages: ParsedMail[];
  /** User names of the clients that authenticated (any password is accepted). */
  logins: string[];
  /** The first message, received or still to come, that matches; rejects after `timeoutMs`. */
  waitFor(predicate: (message: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
};

type Waiter = { predicate: (message: ParsedMail) => boolean; resolve: (message: ParsedMail) => void };

/**
 * An SMTP server in the test process that keeps what it receives (docs: testing-tools.md §5).
 * Plain text only (STARTTLS is disabled, so nodemailer does not try to upgrade), authentication
 * optional and any login accepted. `port` lets a test start it where a mailer already points.
 */
export const startSmtpSink = async (options: { port?: number } = {}): Promise<SmtpSink> => {
  const messages: ParsedMail[] = [];
  const logins: string[] = [];
  const waiters = new Set<Waiter>();

  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Lets close() finish quickly even if a client left its connection open.
    closeTimeout: 1000,
    onAuth(auth, _session, callback) {
      if (auth.username) logins.push(auth.username);
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((message) => {
        messages.push(message);
        for (const waiter of waiters) {
          if (waiter.predicate(message)) {
            waiters.delete(waiter);
            waiter.resolve(message);
          }
        }
        callback();
      }, callback);
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    logins,
    waitFor(predicate, timeoutMs = 5000) {
      const received = messages.find(predicate);
      if (received) return Promise.resolve(received);
      return new Promise<ParsedMail>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const subjects = messages.map((message) => JSON.stringify(message.subject ?? ''));
          reject(new Error(`no matching mail within ${timeoutMs} ms; received: [${subjects.join(', ')}]`));
        }, timeoutMs);
        const waiter: Waiter = {
          predicate,
          resolve: (message) => {
            clearTimeout(timer);
            resolve(message);
          },
        };
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
