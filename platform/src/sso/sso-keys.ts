import type { Config } from '../config/config.js';
import { deriveEncryptionKey, type EncryptionKey } from '../crypto/encryption.js';
import { ensureSecret } from '../crypto/secrets.js';
import type { SqlExecutor } from '../sql/sql-database.js';

const keysByDatabase = new WeakMap<SqlExecutor, Promise<readonly EncryptionKey[]>>();

/**
 * The keys sealing SSO secrets at rest, derived from the auth secret: AUTH_SECRET, or the one the
 * platform generated and stored on its first start (the same `ensureSecret` call, so both agree).
 * The first key seals; every key listed may unseal (a rotation appends the previous one here).
 * Memoised per database, so a request does not re-run HKDF or the secret lookup.
 */
export const ssoEncryptionKeys = (deps: {
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
