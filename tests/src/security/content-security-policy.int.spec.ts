import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiClient, startTestServer, type TestServer } from '@ai-coaching/api/testing';
import { ssoOperations } from '@ai-coaching/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 9, finding 2.6: CSP `connect-src` allowed `ws:` and `wss:` to any host, so an injected
// script could talk to any server. It is the page's own origin only (CSP 3 lets 'self' cover the
// gateway's same-origin WebSocket); this reads it from real answers, and from the nginx edge.

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

/** The directives of a policy, by name. */
const directives = (policy: string | null): Map<string, string[]> =>
  new Map(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );

describe('[SECURITY]: content security policy on real answers', () => {
  let server: TestServer;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), 'aic-csp-client-'));
    await writeFile(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html lang="en"><head><title>AI-Coaching</title></head><body><div id="root"></div></body></html>',
    );
    server = await startTestServer({ CLIENT_DIST_DIR: clientDir });
  }, 90_000);
  afterAll(async () => {
    await server?.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  const expectOwnOriginOnly = (policy: string | null) => {
    const parsed = directives(policy);
    expect(parsed.get('connect-src')).toEqual(["'self'"]);
    expect(policy).not.toMatch(/\bwss?:/);
    expect(parsed.get('default-src')).toEqual(["'self'"]);
    expect(parsed.get('script-src')).toEqual(["'self'"]);
  };

  it('limits a page of the app to its own origin', async () => {
    const response = await fetch(`${server.url}/settings/user/list`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('<div id="root">');
    expectOwnOriginOnly(response.headers.get('content-security-policy'));
  });

  it('sends the same policy with API answers, errors included', async () => {
    const answer = await apiClient(server).call(ssoOperations.authenticationMethods, {});
    expect(answer.status).toBe(200);
    expectOwnOriginOnly(answer.headers.get('content-security-policy'));
    const refused = await apiClient(server).send('GET', '/v1/me');
    expect(refused.status).toBe(401);
    expectOwnOriginOnly(refused.headers.get('content-security-policy'));
  });

  it('has the nginx edge send exactly the policy the server sends', async () => {
    const page = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
    const nginx = await readFile(path.join(repositoryRoot, 'deploy/nginx.conf'), 'utf8');
    const edge = [...nginx.matchAll(/add_header\s+Content-Security-Policy\s+"([^"]+)"/g)].map((match) => match[1]);
    expect(edge.length).toBeGreaterThan(0);
    for (const policy of edge) expect(policy).toBe(page.headers.get('content-security-policy'));
  });
});
