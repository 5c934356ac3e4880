import { describe, expect, it } from 'vitest';
import {
  DecryptionError,
  decryptBytes,
  decryptSecret,
  deriveEncryptionKey,
  encryptBytes,
  encryptSecret,
  randomEncryptionKey,
} from './encryption.js';

const SECRET = 'an-auth-secret-of-at-least-32-characters';
const key = deriveEncryptionKey(SECRET);

describe('secret encryption', () => {
  it('round-trips a secret and never shows it in the sealed value', () => {
    const sealed = encryptSecret(key, 'client-secret-value', 'sso_realm:acme');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('client-secret-value');
    expect(decryptSecret([key], sealed, 'sso_realm:acme')).toBe('client-secret-value');
  });

  it('uses a fresh IV each time', () => {
    expect(encryptSecret(key, 'same', 'ctx')).not.toBe(encryptSecret(key, 'same', 'ctx'));
  });

  it('derives the same key from the same secret, and names it in the sealed value', () => {
    expect(deriveEncryptionKey(SECRET).id).toBe(key.id);
    expect(encryptSecret(key, 'x', 'ctx').split('.')[1]).toBe(key.id);
  });

  it('refuses a value moved to another context', () => {
    const sealed = encryptSecret(key, 'secret', 'sso_realm:acme');
    expect(() => decryptSecret([key], sealed, 'sso_realm:other')).toThrow(DecryptionError);
  });

  it('refuses a tampered value', () => {
    const parts = encryptSecret(key, 'secret', 'ctx').split('.');
    const ciphertext = Buffer.from(parts[3]!, 'base64url');
    ciphertext[0] = ciphertext[0]! ^ 1;
    parts[3] = ciphertext.toString('base64url');
    expect(() => decryptSecret([key], parts.join('.'), 'ctx')).toThrow(DecryptionError);
  });

  it('decrypts with the key that sealed the value once the secret has rotated', () => {
    const next = deriveEncryptionKey('another-auth-secret-of-at-least-32-chars');
    expect(next.id).not.toBe(key.id);
    const sealedBefore = encryptSecret(key, 'old', 'ctx');
    expect(decryptSecret([next, key], sealedBefore, 'ctx')).toBe('old');
    expect(() => decryptSecret([next], sealedBefore, 'ctx')).toThrow(/not available/);
  });

  it('refuses values of an unknown format without echoing them', () => {
    expect(() => decryptSecret([key], 'plain-text-secret', 'ctx')).toThrow(DecryptionError);
    try {
      decryptSecret([key], 'plain-text-secret', 'ctx');
    } catch (error) {
      expect((error as Error).message).not.toContain('plain-text-secret');
    }
  });

  it('refuses to derive a key from a short secret', () => {
    expect(() => deriveEncryptionKey('short')).toThrow(/32 characters/);
  });
});

describe('byte sealing (recordings in the blob store)', () => {
  const audio = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) % 256));

  it('round-trips bytes, never showing them, under a fresh IV each time', () => {
    const sealed = encryptBytes(key, audio, 'voice_recording:org:session:rec');
    expect(sealed.subarray(0, 4).toString('ascii')).toBe('ACB1');
    expect(sealed.includes(audio.subarray(0, 64))).toBe(false);
    expect(encryptBytes(key, audio, 'ctx').equals(encryptBytes(key, audio, 'ctx'))).toBe(false);
    expect(decryptBytes([key], sealed, 'voice_recording:org:session:rec').equals(audio)).toBe(true);
  });

  it('refuses bytes moved to another context, tampered with, or sealed under a key it does not hold', () => {
    const sealed = encryptBytes(key, audio, 'ctx');
    expect(() => decryptBytes([key], sealed, 'other')).toThrow(DecryptionError);
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] = tampered[tampered.length - 1]! ^ 1;
    expect(() => decryptBytes([key], tampered, 'ctx')).toThrow(DecryptionError);
    expect(() => decryptBytes([randomEncryptionKey()], sealed, 'ctx')).toThrow(DecryptionError);
    expect(() => decryptBytes([key], audio, 'ctx')).toThrow(DecryptionError);
  });
});
