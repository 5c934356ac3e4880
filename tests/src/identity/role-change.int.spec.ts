import { signInAs, startTestServer, type TestServer } from '@ai-coaching/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server?.close());

describe('[AUTH]: permissions follow the current role', () => {
  it('applies a role change on the very next request of an existing token', async () => {
    const operator = await signInAs(server, { role: 'operator' });
    const user = await signInAs(server, { role: 'user', organizationId: operator.organizationId });
    const me = async () =>
      (await (await fetch(`${server.url}/v1/me`, { headers: { authorization: `Bearer ${user.token}` } })).json()) as {
        organization_role: string;
        permissions: string[];
      };
    expect((await me()).permissions).not.toContain('coaching-mission-create');

    const patch = await fetch(`${server.url}/v1/users/${user.userId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${operator.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ organization_role: 'editor' }),
    });
    expect(patch.status).toBe(200);

    const after = await me();
    expect(after.organization_role).toBe('editor');
    expect(after.permissions).toContain('coaching-mission-create');
  });
});
