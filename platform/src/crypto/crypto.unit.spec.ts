import { describe, expect, it, vi } from 'vitest';
import { deterministicId, newId } from './ids.js';
import { generatePassword, hashPassword, verifyPassword } from './passwords.js';
import { createTokenService } from './token-service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-([0-9a-f])[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('ids', () => {
  it('makes UUIDv7 ids that sort by creation time', () => {
    const first = newId(1_700_000_000_000);
    const later = newId(1_700_000_000_001);
    expect(UUID.exec(first)?.[1]).toBe('7');
    expect(first < later).toBe(true);
  });

  it('derives the same UUIDv8 from the same parts, and another from other parts', () => {
    const id = deterministicId('command-1', 'stream-a', 0);
    expect(UUID.exec(id)?.[1]).toBe('8');
    expect(deterministicId('command-1', 'stream-a', 0)).toBe(id);
    expect(deterministicId('command-1', 'stream-a', 1)).not.toBe(id);
    // The separator keeps ('ab', 'c') apart from ('a', 'bc').
    expect(deterministicId('ab', 'c')).not.toBe(deterministicId('a', 'bc'));
  });
});

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('Corr3ct-horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Corr3ct-horse')).toBe(true);
    expect(await verifyPassword(hash, 'corr3ct-horse')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });

  it('generates passwords that meet the product rule and differ every time', () => {
    const passwords = Array.from({ length: 200 }, () => generatePassword());
    for (const password of passwords) {
      expect(password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{20}$/);
    }
    expect(new Set(passwords).size).toBe(200);
  });
});

describe('access tokens', () => {
  const tokens = createTokenService({ secret: 'x'.repeat(48), issuer: 'http://app.test' });

  it('round-trips the claims of a token it signed', async () => {
    const token = await tokens.sign({ sub: 'user-1', role: 'operator', org: 'org-1', typ: 'access' }, 60);
    expect(await tokens.verify(token)).toMatchObject({ sub: 'user-1', role: 'operator', org: 'org-1', typ: 'access' });
  });

  it('refuses expired, foreign, tampered and unsigned tokens', async () => {
    const expired = await tokens.sign({ sub: 'u', role: 'user', typ: 'access' }, -10);
    const foreign = await createTokenService({ secret: 'y'.repeat(48), issuer: 'http://app.test' }).sign(
      { sub: 'u', role: 'user', typ: 'access' },
      60,
    );
    const otherIssuer = await createTokenService({ secret: 'x'.repeat(48), issuer: 'http://evil.test' }).sign(
      { sub: 'u', role: 'user', typ: 'access' },
      60,
    );
    const valid = await tokens.sign({ sub: 'u', role: 'user', typ: 'access' }, 60);
    const [header, , signature] = valid.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ sub: 'u', role: 'super-admin', typ: 'access' })).toString('base64url')}.${signature}`;
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${valid.split('.')[1]}.`;
    for (const token of [expired, foreign, otherIssuer, tampered, unsigned, 'garbage']) {
      expect(await tokens.verify(token)).toBeUndefined();
    }
  });

  it('keeps refusing a token once it expires, even after it was verified', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T12:00:00Z'), toFake: ['Date'] });
    try {
      const token = await tokens.sign({ sub: 'u', role: 'user', typ: 'access' }, 60);
      expect(await tokens.verify(token)).toMatchObject({ sub: 'u' });
      expect(await tokens.verify(token)).toMatchObject({ sub: 'u' });
      vi.setSystemTime(new Date('2026-11-24T12:01:01Z'));
      expect(await tokens.verify(token)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
