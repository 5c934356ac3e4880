import type { ParsedMail } from 'mailparser';
import { startSmtpSink, type SmtpSink } from '../../src/fakes/smtp-sink.js';

/** The port scripts/e2e-server.mjs points SMTP_URL at: the server's port + 25. */
export const E2E_SMTP_PORT = Number(process.env.E2E_PORT ?? 3100) + 25;

/** Starts the real SMTP sink where the e2e server sends its mail; close it in afterAll. */
export const startMailSink = (): Promise<SmtpSink> => startSmtpSink({ port: E2E_SMTP_PORT });

/** The first link in a mail's text that starts with `prefix` (e.g. `${baseURL}/activate?code=`). */
export const linkIn = (text: string | undefined, prefix: string): string => {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s<>"]*`).exec(text ?? '');
  if (!match) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return match[0];
};

/** True when the mail is addressed to `email`. */
export const isMailTo = (message: ParsedMail, email: string): boolean => {
  const to = Array.isArray(message.to) ? message.to : message.to ? [message.to] : [];
  return to.some((address) => address.value.some((entry) => entry.address === email));
};
