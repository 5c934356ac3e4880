import { organizationDecider, organizationStreamId } from '@ai-coaching/domain';
import { createLogger } from '@ai-coaching/platform';
import { findOrganization } from '@ai-coaching/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiContext } from '../http/context.js';
import { startTestServer, type TestServer } from '../testing/start-test-server.js';
import { runCommand } from './run-command.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server?.close());

const fakeContext = () => {
  const headers: Record<string, string> = {};
  const ctx = {
    state: {
      requestId: 'req-1',
      log: createLogger({ level: 'silent' }),
      caller: { kind: 'user', userId: 'admin-1', role: 'super-admin' },
    },
    set: (name: string, value: string) => void (headers[name] = value),
  } as unknown as ApiContext;
  return { ctx, headers };
};

describe('[PLATFORM]: read-your-writes', () => {
  it('answers only once the read models show the change', async () => {
    const { ctx, headers } = fakeContext();
    const organizationId = 'org-ryw';
    await runCommand(
      ctx,
      { ...server.platform, wakeProjections: () => server.projections.wake() },
      organizationStreamId(organizationId),
      organizationDecider,
      {
        type: 'CreateOrganization',
        data: { organizationId, name: 'Read Your Writes Ltd', kind: 'customer', createdBy: 'admin-1' },
        metadata: { now: '2026-11-21T12:00:00.000Z' },
      },
      { commandId: 'cmd-ryw' },
    );
    expect(headers['X-Projection-Wait']).toBe('caught-up');
    expect(await findOrganization(server.platform.db, organizationId)).toMatchObject({ name: 'Read Your Writes Ltd' });
    const [event] = await server.platform.store.readStream(organizationStreamId(organizationId));
    expect(event?.metadata).toMatchObject({
      correlationId: 'req-1',
      actor: { userId: 'admin-1', role: 'super-admin' },
    });
  });
});
