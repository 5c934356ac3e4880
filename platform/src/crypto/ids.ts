import { createHash, randomBytes } from 'node:crypto';

const format = (bytes: Buffer): string => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

/**
 * A UUIDv7: time-ordered, so ids created together sit together in B-tree indexes and sort by
 * creation time (RFC 9562 §5.7).
 */
export const newId = (now: number = Date.now()): string => {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  return format(bytes);
};

/**
 * A UUIDv8 derived from its parts (RFC 9562 §5.8). Event ids come from the command id, so a
 * retried command re-appends the very same ids and the store answers idempotently.
 */
export const deterministicId = (...parts: readonly (string | number)[]): string => {
  const bytes = createHash('sha256').update(parts.join('\u001f')).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  return format(Buffer.from(bytes));
};
