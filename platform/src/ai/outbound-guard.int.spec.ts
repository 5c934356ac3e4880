import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AiCallError } from '@ai-coaching/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch, type GuardedFetch, type Resolver } from './outbound-guard.js';

/** A local HTTP server that counts the connections and requests it gets. */
type Target = { server: Server; port: number; connections: number; requests: string[] };

const startTarget = async (answer: (url: string) => { status: number; location?: string }): Promise<Target> => {
  const target: Target = { server: createServer(), port: 0, connections: 0, requests: [] };
  target.server.on('connection', () => target.connections++);
  target.server.on('request', (request, response) => {
    target.requests.push(request.url ?? '');
    const { status, location } = answer(request.url ?? '');
    response.writeHead(status, location ? { location } : {});
    response.end(status === 200 ? 'ok' : '');
  });
  await new Promise<void>((resolve) => target.server.listen(0, '127.0.0.1', resolve));
  target.port = (target.server.address() as AddressInfo).port;
  return target;
};

const failure = async (promise: Promise<unknown>): Promise<AiCallError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AiCallError) return error;
    throw error;
  }
  throw new Error('expected the call to be refused');
};

/** Names of our own, so the resolved-address check is tested without a DNS server. */
const names: Record<string, string[]> = {
  'rebinding.test': ['93.184.216.34', '10.0.0.5'],
  'public.test': ['93.184.216.34'],
  'metadata.test': ['169.254.169.254'],
  'mapped.test': ['::ffff:127.0.0.1'],
};
const resolver: Resolver = async (hostname) =>
  (names[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('the guarded fetch checks the resolved address and does not follow redirects', () => {
  let target: Target;
  let other: Target;
  const fetches: GuardedFetch[] = [];
  const guarded = (allowPrivateNetwork: boolean, withResolver = false) => {
    const fetch = createGuardedFetch({ allowPrivateNetwork, ...(withResolver ? { resolver } : {}) });
    fetches.push(fetch);
    return fetch;
  };

  beforeAll(async () => {
    other = await startTarget(() => ({ status: 200 }));
    target = await startTarget((url) => {
      if (url === '/to-metadata') return { status: 302, location: 'http://169.254.169.254/latest/meta-data/iam' };
      if (url === '/to-metadata-name') return { status: 307, location: 'https://metadata.test/computeMetadata' };
      if (url === '/to-other') return { status: 301, location: `http://localhost:${other.port}/v1?token=secret` };
      return { status: 200 };
    });
  });

  afterAll(async () => {
    await Promise.all(fetches.map((fetch) => fetch.close()));
    await Promise.all([target, other].map((t) => new Promise((resolve) => t.server.close(resolve))));
  });

  it('refuses a host name that resolves to a loopback address, before connecting', async () => {
    const before = target.connections;
    const error = await failure(guarded(false)(`https://localhost:${target.port}/v1/models`));
    expect(error.code).toBe('address_refused');
    expect(error.message).toMatch(/localhost \((127\.0\.0\.1|::1)\) is a loopback address/);
    expect(target.connections).toBe(before);
  });

  it('reaches the same name with AI_ALLOW_PRIVATE_NETWORK, over plain http', async () => {
    const response = await guarded(true)(`http://localhost:${target.port}/v1/models`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ok');
  });

  it('refuses a name when any of its addresses is refused (DNS rebinding)', async () => {
    const error = await failure(guarded(false, true)('https://rebinding.test/v1'));
    expect(error).toMatchObject({ code: 'address_refused' });
    expect(error.message).toContain('rebinding.test (10.0.0.5)');
  });

  it('refuses plain http to a name that resolves to a public address', async () => {
    const error = await failure(guarded(true, true)('http://public.test/v1'));
    expect(error.message).toMatch(/public internet: use https/);
  });

  it('refuses a name that resolves to the metadata address, even with AI_ALLOW_PRIVATE_NETWORK', async () => {
    const error = await failure(guarded(true, true)('https://metadata.test/latest/meta-data'));
    expect(error.message).toMatch(/cloud metadata service/);
    expect((await failure(guarded(false, true)('https://mapped.test/v1'))).message).toMatch(/loopback/);
  });

  it('refuses an IP literal before connecting', async () => {
    const before = target.connections;
    const error = await failure(guarded(false)(`https://127.0.0.1:${target.port}/v1`));
    expect(error.code).toBe('address_refused');
    expect(target.connections).toBe(before);
  });

  it('refuses a redirect to the metadata address, by address or by name, without following it', async () => {
    const fetch = guarded(true, true);
    const toMetadata = await failure(fetch(`http://127.0.0.1:${target.port}/to-metadata`));
    expect(toMetadata.code).toBe('address_refused');
    expect(toMetadata.message).toContain('redirected to http://169.254.169.254');
    expect(toMetadata.message).not.toContain('/iam');

    const toName = await failure(fetch(`http://127.0.0.1:${target.port}/to-metadata-name`));
    expect(toName.code).toBe('address_refused');
    expect(toName.message).toMatch(/metadata\.test \(169\.254\.169\.254\) is the cloud metadata service/);
  });

  it('does not follow a redirect to an allowed address either, and keeps its path and query out of the message', async () => {
    const before = other.requests.length;
    const error = await failure(guarded(true)(`http://127.0.0.1:${target.port}/to-other`));
    expect(error).toMatchObject({ code: 'provider_error', details: { status: 301 } });
    expect(error.message).toContain(`http://localhost:${other.port}`);
    expect(error.message).not.toContain('secret');
    expect(other.requests.length).toBe(before);
  });
});
