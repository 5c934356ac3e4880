import { secretEncryptionKeys } from '../crypto/secret-keys.js';

/**
 * The keys sealing SSO secrets at rest: the platform's secret-encryption keys
 * (`crypto/secret-keys.ts`), shared with secret environment variables.
 */
export const ssoEncryptionKeys = secretEncryptionKeys;
