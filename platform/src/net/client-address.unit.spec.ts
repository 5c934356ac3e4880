import { describe, expect, it } from 'vitest';
import { addressMatcher, clientAddressOf, DEFAULT_TRUSTED_PROXIES, parseTrustedProxies } from './client-address.js';

const trusted = addressMatcher(parseTrustedProxies(DEFAULT_TRUSTED_PROXIES).ranges);

describe('trusted proxies', () => {
  it.each([
    ['127.0.0.1', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.31.255.1', true],
    ['172.32.0.1', false],
    ['192.168.4.4', true],
    ['fd12:3456::1', true],
    ['203.0.113.9', false],
    ['2001:db8::1', false],
    ['not an address', false],
  ])('by default, %s is trusted: %s', (address, expected) => {
    expect(trusted(address)).toBe(expected);
  });
});

describe('clientAddressOf', () => {
  it('takes the TCP peer when it is not a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(clientAddressOf('203.0.113.9', '198.51.100.1', trusted)).toBe('203.0.113.9');
    expect(clientAddressOf('2001:db8::1', '10.0.0.1', trusted)).toBe('2001:db8::1');
  });

  it('takes the forwarded address when the peer is a trusted proxy', () => {
    expect(clientAddressOf('10.0.0.2', '198.51.100.1', trusted)).toBe('198.51.100.1');
    expect(clientAddressOf('::ffff:172.18.0.5', '2001:DB8::7', trusted)).toBe('2001:db8::7');
    expect(clientAddressOf('127.0.0.1', undefined, trusted)).toBe('127.0.0.1');
  });

  it('reads from the right: what the client wrote left of the last proxy is never read', () => {
    // The edge appended the address it saw (203.0.113.9) to what the client sent.
    expect(clientAddressOf('10.0.0.2', '1.1.1.1, 203.0.113.9', trusted)).toBe('203.0.113.9');
    // Two trusted hops in a row.
    expect(clientAddressOf('10.0.0.2', '1.1.1.1, 203.0.113.9, 192.168.1.1', trusted)).toBe('203.0.113.9');
    // Every hop trusted: the leftmost is the client (a request from inside).
    expect(clientAddressOf('127.0.0.1', '10.0.0.8, 10.0.0.9', trusted)).toBe('10.0.0.8');
  });

  it('stops at an entry that is not an address, keeping the last address a trusted hop gave', () => {
    expect(clientAddressOf('10.0.0.2', 'anything-i-like', trusted)).toBe('10.0.0.2');
    expect(clientAddressOf('10.0.0.2', 'anything-i-like, 192.168.0.3', trusted)).toBe('192.168.0.3');
    expect(clientAddressOf('10.0.0.2', '203.0.113.9:51234', trusted)).toBe('203.0.113.9');
    expect(clientAddressOf('10.0.0.2', '[2001:db8::5]:443', trusted)).toBe('2001:db8::5');
  });

  it('trusts nobody with none', () => {
    const nobody = addressMatcher(parseTrustedProxies('none').ranges);
    expect(clientAddressOf('127.0.0.1', '198.51.100.1', nobody)).toBe('127.0.0.1');
  });
});
