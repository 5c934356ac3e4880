import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest for secrets the server must read back (an identity provider's client secret,
 * its refresh tokens): AES-256-GCM under a key derived with HKDF-SHA256 from the auth secret.
 *
 * A ciphertext reads `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url parts). The key id is a
 * fingerprint of the key, so after a rotation of the auth secret a value sealed under the old key
 * is recognised as such and can be decrypted with it (pass both keys to `decryptSecret`) instead of
 * failing as "corrupt".
 *
 * `context` is bound as additional authenticated data: a value sealed for one row and purpose
 * (`sso_realm:acme`) does not decrypt when copied into another.
 */
export type EncryptionKey = { readonly id: string; readonly key: Buffer };

const FORMAT = 'v1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
// Distinct HKDF "info" labels keep this key apart from anything else derived from the same secret.
const KEY_INFO = 'ai-coaching/secret-encryption/v1';

export class DecryptionError extends Error {
  override readonly name = 'DecryptionError';
}

export const deriveEncryptionKey = (secret: string): EncryptionKey => {
  if (secret.length < 32)
    throw new Error('The secret to derive an encryption key from must be at least 32 characters.');
  return encryptionKeyOf(Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), KEY_INFO, 32)));
};

/** A 32-byte key (a random data key, say) named by its fingerprint, as derived keys are. */
export const encryptionKeyOf = (key: Buffer): EncryptionKey => {
  if (key.length !== 32) throw new Error('An AES-256 key is 32 bytes.');
  const id = createHash('sha256').update('key-id:').update(key).digest('base64url').slice(0, 8);
  return { id, key };
};

/** A fresh random AES-256 key. */
export const randomEncryptionKey = (): EncryptionKey => encryptionKeyOf(randomBytes(32));

/** Does the value have the shape `encryptSecret` gives (it may still not decrypt)? */
export const looksEncrypted = (value: string): boolean => /^v1\.[\w-]+\.[\w-]+\.[\w-]*\.[\w-]+$/.test(value);

export const encryptSecret = (key: EncryptionKey, plaintext: string, context: string): string => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [FORMAT, key.id, iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
};

/** Decrypts with whichever of `keys` sealed the value; throws `DecryptionError` (never echoing the value). */
export const decryptSecret = (keys: readonly EncryptionKey[], sealed: string, context: string): string => {
  const [format, keyId, iv, ciphertext, tag, ...rest] = sealed.split('.');
  if (format !== FORMAT || !keyId || !iv || ciphertext === undefined || !tag || rest.length > 0) {
    throw new DecryptionError('The value is not an encrypted secret of a known format.');
  }
  const key = keys.find((candidate) => candidate.id === keyId);
  if (!key) throw new DecryptionError(`The value was encrypted under key ${keyId}, which is not available.`);
  try {
    const decipher = createDecipheriv(ALGORITHM, key.key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new DecryptionError('The value does not decrypt: it was altered, or sealed for another context.');
  }
};

/** Magic of a sealed file: "ACB" and the format's version. */
const BYTES_MAGIC = Buffer.from('ACB1', 'ascii');

/**
 * The same sealing for bytes (a recording in the blob store): `ACB1`, the key id's length and the key id, the IV, the
 * tag, then the ciphertext, so a file too big for a base64 string stays binary. `context` binds it to its object.
 */
export const encryptBytes = (key: EncryptionKey, plaintext: Uint8Array, context: string): Buffer => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  const keyId = Buffer.from(key.id, 'ascii');
  return Buffer.concat([BYTES_MAGIC, Buffer.from([keyId.length]), keyId, iv, cipher.getAuthTag(), ciphertext]);
};

/** Opens what `encryptBytes` sealed with whichever of `keys` it names; throws `DecryptionError` otherwise. */
export const decryptBytes = (keys: readonly EncryptionKey[], sealed: Uint8Array, context: string): Buffer => {
  const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  const idLength = bytes[BYTES_MAGIC.length] ?? 0;
  const ivAt = BYTES_MAGIC.length + 1 + idLength;
  if (!bytes.subarray(0, BYTES_MAGIC.length).equals(BYTES_MAGIC) || bytes.length < ivAt + IV_BYTES + TAG_BYTES) {
    throw new DecryptionError('The bytes are not sealed in a known format.');
  }
  const keyId = bytes.subarray(BYTES_MAGIC.length + 1, ivAt).toString('ascii');
  const key = keys.find((candidate) => candidate.id === keyId);
  if (!key) throw new DecryptionError(`The bytes were sealed under key ${keyId}, which is not available.`);
  try {
    const decipher = createDecipheriv(ALGORITHM, key.key, bytes.subarray(ivAt, ivAt + IV_BYTES), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(ivAt + IV_BYTES, ivAt + IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(ivAt + IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    throw new DecryptionError('The bytes do not decrypt: they were altered, or sealed for another context.');
  }
};
