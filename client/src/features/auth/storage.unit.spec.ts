import { describe, expect, it } from 'vitest';
import { displayName, toCurrentUser } from '../../lib/session/current-user';
import { ACCESS_TOKEN_KEY, SSO_ACCESS_TOKEN_KEY, createMemoryStore, readCurrentToken } from './storage';

describe('displayName', () => {
  it('should join first and last name', () => {
    expect(displayName({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
  });

  it('should use whichever name exists', () => {
    expect(displayName({ first_name: 'Ada', last_name: '', email: 'ada@example.com' })).toBe('Ada');
    expect(displayName({ first_name: '', last_name: 'Lovelace', email: 'ada@example.com' })).toBe('Lovelace');
  });

  it('should fall back to the email, then to User', () => {
    expect(displayName({ first_name: '', last_name: '', email: 'ada@example.com' })).toBe('ada@example.com');
    expect(displayName({ first_name: '', last_name: '', email: '' })).toBe('User');
    expect(displayName(null)).toBe('User');
  });
});

describe('toCurrentUser', () => {
  it('should default missing values to empty strings, an empty list and 0 credits', () => {
    expect(toCurrentUser({ first_name: 'Guest' })).toEqual({
      id: '',
      email: '',
      first_name: 'Guest',
      last_name: '',
      organization_id: '',
      organization_role: '',
      permissions: [],
      credit_wallet: 0,
    });
  });
});

describe('readCurrentToken', () => {
  it('should prefer the own access token, then the single sign-on token', () => {
    const local = createMemoryStore({ [SSO_ACCESS_TOKEN_KEY]: 'sso' });
    const storage = { local, session: createMemoryStore() };
    expect(readCurrentToken(storage)).toBe('sso');
    local.setItem(ACCESS_TOKEN_KEY, 'own');
    expect(readCurrentToken(storage)).toBe('own');
    expect(readCurrentToken({ local: createMemoryStore(), session: createMemoryStore() })).toBeNull();
  });
});
