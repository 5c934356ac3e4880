import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_MARK } from '@ai-coaching/domain';
import type { Migration } from '../sql/migrations.js';
import type { SqlExecutor } from '../sql/sql-database.js';

/** `aic_` and 256 random bits in base64url: a key is as hard to guess as a signing secret. */
const KEY_BYTES = 32;
const KEY_PATTERN = new RegExp(`^${API_KEY_MARK}[A-Za-z0-9_-]{43}$`);
/** What a list shows of a key: the mark and eight characters, enough to tell keys apart, useless to an attacker. */
const PREFIX_LENGTH = API_KEY_MARK.length + 8;

export const isApiKey = (token: string): boolean => token.startsWith(API_KEY_MARK);

/**
 * A key's hash: SHA-256 is enough for 256 random bits (no dictionary to try, nothing to stretch), and it is what the
 * lookup goes by, so the key itself is stored nowhere.
 */
export const apiKeyHash = (key: string): string => createHash('sha256').update(key).digest('hex');

export const wellFormedApiKey = (token: string): boolean => KEY_PATTERN.test(token);

/** A new key: shown once to its creator; only its hash and prefix are kept. */
export const newApiKey = (): { key: string; prefix: string; hash: string } => {
  const key = `${API_KEY_MARK}${randomBytes(KEY_BYTES).toString('base64url')}`;
  return { key, prefix: key.slice(0, PREFIX_LENGTH), hash: apiKeyHash(key) };
};

/**
 * When and from where each key was last used. A plain table, not events: a row per request would make the event
 * store a request log, and nothing is decided from it.
 */
export const apiKeyUsageMigrations: Migration[] = [
  {
    id: '0240_api_key_usage',
    sql: `CREATE TABLE api_key_usage (
      api_key_id text PRIMARY KEY,
      last_used_at timestamptz NOT NULL,
      last_used_address text
    );`,
  },
];

/** How stale a key's last use may be: writing every request would double the writes of an integration. */
export const API_KEY_USE_RESOLUTION_MS = 60_000;

/** Marks keys as used, at most once a minute per key and process; the newest time wins whichever process writes. */
export const createApiKeyUseMarker = (db: SqlExecutor) => {
  const lastWritten = new Map<string, number>();
  return async (apiKeyId: string, at: Date, address: string): Promise<void> => {
    const previous = lastWritten.get(apiKeyId);
    if (previous !== undefined && at.getTime() - previous < API_KEY_USE_RESOLUTION_MS) return;
    lastWritten.set(apiKeyId, at.getTime());
    if (lastWritten.size > 10_000) lastWritten.delete(lastWritten.keys().next().value!);
    await db.query(
      `INSERT INTO api_key_usage (api_key_id, last_used_at, last_used_address) VALUES ($1, $2, $3)
       ON CONFLICT (api_key_id) DO UPDATE SET last_used_at = EXCLUDED.last_used_at,
         last_used_address = EXCLUDED.last_used_address
       WHERE api_key_usage.last_used_at < EXCLUDED.last_used_at`,
      [apiKeyId, at.toISOString(), address],
    );
  };
};

export type ApiKeyLastUse = { at: string; address: string | null };

export const apiKeysLastUse = async (
  db: SqlExecutor,
  apiKeyIds: readonly string[],
): Promise<Map<string, ApiKeyLastUse>> => {
  if (apiKeyIds.length === 0) return new Map();
  const { rows } = await db.query<{
    api_key_id: string;
    last_used_at: Date | string;
    last_used_address: string | null;
  }>('SELECT api_key_id, last_used_at, last_used_address FROM api_key_usage WHERE api_key_id = ANY($1::text[])', [
    apiKeyIds,
  ]);
  return new Map(
    rows.map((row) => [
      row.api_key_id,
      { at: new Date(row.last_used_at).toISOString(), address: row.last_used_address },
    ]),
  );
};
