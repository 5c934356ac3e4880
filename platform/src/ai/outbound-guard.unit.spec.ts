import { AiCallError } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { checkProviderUrl, classifyAddress } from './outbound-guard.js';

const refusal = (url: string, allowPrivateNetwork: boolean): AiCallError | undefined => {
  try {
    checkProviderUrl(url, { allowPrivateNetwork });
    return undefined;
  } catch (error) {
    if (error instanceof AiCallError) return error;
    throw error;
  }
};

/** One address of each kind the private-network rule refuses, as a URL host. */
const PRIVATE_KINDS: [kind: string, host: string][] = [
  ['IPv4 loopback', '127.0.0.1'],
  ['IPv4 loopback, elsewhere in 127/8', '127.45.6.7'],
  ['IPv4 loopback written as one number', '2130706433'],
  ['IPv6 loopback', '[::1]'],
  ['private 10/8', '10.1.2.3'],
  ['private 172.16/12', '172.16.0.1'],
  ['private 172.16/12, upper end', '172.31.255.254'],
  ['private 192.168/16', '192.168.1.20'],
  ['IPv6 unique local fc00::/7', '[fd12:3456:789a::1]'],
  ['IPv6 unique local, fc half', '[fc00::5]'],
  ['IPv4 link-local 169.254/16', '169.254.10.20'],
  ['IPv6 link-local fe80::/10', '[fe80::1]'],
  ['carrier-grade NAT 100.64/10', '100.64.0.1'],
  ['carrier-grade NAT, upper end', '100.127.255.254'],
  ['IPv4 unspecified', '0.0.0.0'],
  ['IPv6 unspecified', '[::]'],
  ['IPv4-mapped loopback', '[::ffff:127.0.0.1]'],
  ['IPv4-mapped loopback in hex', '[::ffff:7f00:1]'],
  ['IPv4-mapped private', '[::ffff:10.0.0.1]'],
  ['IPv4-mapped private 192.168', '[::ffff:c0a8:101]'],
  ['IPv4-mapped link-local', '[::ffff:169.254.1.1]'],
  ['IPv4-mapped carrier-grade NAT', '[::ffff:100.64.1.1]'],
  ['IPv4-mapped unspecified', '[::ffff:0.0.0.0]'],
  ['NAT64 of a private address', '[64:ff9b::a00:1]'],
  ['6to4 of loopback', '[2002:7f00:1::]'],
];

const METADATA = [
  ['cloud metadata 169.254.169.254', '169.254.169.254'],
  ['cloud metadata as IPv4-mapped IPv6', '[::ffff:169.254.169.254]'],
  ['cloud metadata as IPv4-mapped IPv6 in hex', '[::ffff:a9fe:a9fe]'],
  ['AWS IPv6 metadata fd00:ec2::254', '[fd00:ec2::254]'],
  ['AWS ECS credentials endpoint', '169.254.170.2'],
];

describe('the outbound guard on provider URLs as written', () => {
  it.each(PRIVATE_KINDS)('refuses %s (%s) by default', (_kind, host) => {
    const error = refusal(`https://${host}/v1`, false);
    expect(error).toBeInstanceOf(AiCallError);
    expect(error?.code).toBe('address_refused');
    expect(error?.message).toContain('AI_ALLOW_PRIVATE_NETWORK=true');
  });

  it.each(PRIVATE_KINDS)('allows %s (%s) over https and plain http with AI_ALLOW_PRIVATE_NETWORK', (_kind, host) => {
    expect(refusal(`https://${host}/v1`, true)).toBeUndefined();
    expect(refusal(`http://${host}:11434/v1`, true)).toBeUndefined();
  });

  it.each(METADATA)('always refuses %s (%s), even with AI_ALLOW_PRIVATE_NETWORK', (_kind, host) => {
    for (const allowPrivateNetwork of [false, true]) {
      for (const scheme of ['https', 'http']) {
        const error = refusal(`${scheme}://${host}/latest/meta-data`, allowPrivateNetwork);
        expect(error?.code, `${scheme} allow=${allowPrivateNetwork}`).toBe('address_refused');
      }
    }
    expect(refusal(`https://${host}/`, true)?.message).toContain('never reach');
  });

  it('requires https to public addresses, whatever the private-network setting', () => {
    expect(refusal('https://api.openai.com/v1', false)).toBeUndefined();
    expect(refusal('https://8.8.8.8/v1', false)).toBeUndefined();
    expect(refusal('https://[2606:4700::1111]/v1', false)).toBeUndefined();
    expect(refusal('http://api.openai.com/v1', false)?.message).toMatch(/must use https/);
    expect(refusal('http://8.8.8.8/v1', true)?.message).toMatch(/public internet: use https/);
    expect(refusal('http://[::ffff:8.8.8.8]/v1', true)?.code).toBe('address_refused');
  });

  it('leaves plain http to a host name to the resolved-address check when private networks are allowed', () => {
    expect(refusal('http://ollama.lan:11434/v1', true)).toBeUndefined();
    expect(refusal('http://ollama.lan:11434/v1', false)?.code).toBe('address_refused');
  });

  it('refuses other schemes, credentials in the URL, and text that is not a URL', () => {
    expect(refusal('ftp://example.com/', true)?.message).toMatch(/https:\/\//);
    expect(refusal('file:///etc/passwd', true)?.code).toBe('address_refused');
    expect(refusal('https://user:secret@example.com/v1', false)?.message).toMatch(/user name or password/);
    expect(refusal('not a url', false)?.message).toMatch(/not a valid URL/);
  });

  it('refuses multicast and reserved addresses always', () => {
    for (const host of ['224.0.0.1', '239.1.2.3', '255.255.255.255', '240.0.0.1', '[ff02::1]']) {
      expect(refusal(`https://${host}/`, true)?.code, host).toBe('address_refused');
    }
  });

  it('classifies addresses next to the refused ranges as public', () => {
    for (const address of [
      '172.15.255.255',
      '172.32.0.0',
      '100.63.255.255',
      '100.128.0.0',
      '169.253.1.1',
      '11.0.0.1',
    ]) {
      expect(classifyAddress(address), address).toBe('public');
    }
    expect(classifyAddress('::ffff:8.8.8.8')).toBe('public');
    expect(classifyAddress('2001:db8::1')).toBe('public');
    expect(classifyAddress('fe7f::1')).toBe('public');
    expect(classifyAddress('example.com')).toBeUndefined();
  });
});
