import type { Config } from '../config/config.js';
import { deriveEncryptionKey, type EncryptionKey } from './encryption.js';

/** The configuration a platform runs with: `AUTH_SECRET` is the secret in use, generated or given (`openPlatform`). */
export type PlatformConfig = Config & { AUTH_SECRET: string };

const keysBySecret = new Map<string, readonly EncryptionKey[]>();

/**
 * The platform's keys for secrets sealed at rest (single sign-on client secrets and provider tokens,
 * secret environment variables, the personal-data keys), derived from the auth secret in use (`resolveAuthSecret`:
 * AUTH_SECRET, or the one generated in DATA_DIR). The first key seals; every key listed may unseal (a rotation
 * appends the previous one here). Each sealed value is bound to its row by the `context` given to `encryptSecret`,
 * so one key serves every table. Memoised, so a request does not re-run HKDF.
 */
export const secretEncryptionKeys = async (deps: {
  config: Pick<PlatformConfig, 'AUTH_SECRET'>;
}): Promise<readonly EncryptionKey[]> => {
  const secret = deps.config.AUTH_SECRET;
  let keys = keysBySecret.get(secret);
  if (!keys) {
    keys = [deriveEncryptionKey(secret)];
    keysBySecret.set(secret, keys);
  }
  return keys;
};
