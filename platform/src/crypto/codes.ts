import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Single-use codes sent by mail (invitations, password resets): 256 random bits, URL-safe.
 * Only their SHA-256 reaches events and read models, so a database leak does not leak codes.
 */
export const createSecretCode = (): string => randomBytes(32).toString('base64url');

export const hashSecretCode = (code: string): string => createHash('sha256').update(code, 'utf8').digest('hex');

/**
 * A code the server can give again without storing it (a share link its sharer copies again): 256 bits of an HMAC
 * of `subject` under a platform key. Only its hash is stored, like a random code's; a rotated key makes new codes.
 */
export const deriveSecretCode = (key: Buffer, subject: string): string =>
  createHmac('sha256', key).update(subject, 'utf8').digest('base64url');

/** The key of an email's claim stream: the address itself never becomes a stream name. */
export const emailKey = (normalizedEmail: string): string =>
  createHash('sha256').update(normalizedEmail, 'utf8').digest('hex');
