import { apiClient, signInAs, startTestServer, type TestServer } from '@ai-coaching/api/testing';
import { userOperations } from '@ai-coaching/contracts';
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
      (await apiClient(server, user.token).send<{ organization_role: string; permissions: string[] }>('GET', '/v1/me'))
        .body;
    expect((await me()).permissions).not.toContain('coaching-mission-create');

    const patch = await apiClient(server, operator.token).call(userOperations.update, {
      params: { id: user.userId },
      body: { organization_role: 'editor' },
    });
    expect(patch.status).toBe(200);

    const after = await me();
    expect(after.organization_role).toBe('editor');
    expect(after.permissions).toContain('coaching-mission-create');
  });
});
