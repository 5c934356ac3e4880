import type { Config } from '../config/config.js';
import type { SqlExecutor } from '../sql/sql-database.js';
import { deriveEncryptionKey, type EncryptionKey } from './encryption.js';
import { ensureSecret } from './secrets.js';

const keysByDatabase = new WeakMap<SqlExecutor, Promise<readonly EncryptionKey[]>>();

/**
 * The platform's keys for secrets sealed at rest (single sign-on client secrets and provider tokens,
 * secret environment variables), derived from the auth secret: AUTH_SECRET, or the one the platform
 * generated and stored on its first start (the same `ensureSecret` call, so both agree). The first key
 * seals; every key listed may unseal (a rotation appends the previous one here). Each sealed value is
 * bound to its row by the `context` given to `encryptSecret`, so one key serves every table.
 * Memoised per database, so a request does not re-run HKDF or the secret lookup.
 */
export const secretEncryptionKeys = (deps: {
  db: SqlExecutor;
  config: Pick<Config, 'AUTH_SECRET'>;
}): Promise<readonly EncryptionKey[]> => {
  let keys = keysByDatabase.get(deps.db);
  if (!keys) {
    keys = (async () => [
      deriveEncryptionKey(deps.config.AUTH_SECRET ?? (await ensureSecret(deps.db, 'auth_secret'))),
    ])();
    keysByDatabase.set(deps.db, keys);
    // A failed lookup (database briefly down) must not be remembered.
    keys.catch(() => keysByDatabase.delete(deps.db));
  }
  return keys;
};
