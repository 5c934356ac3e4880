import { organizationDecider, organizationStreamId } from '@ai-coaching/domain';
import { createLogger, type Caller } from '@ai-coaching/platform';
import { findOrganization } from '@ai-coaching/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Origin } from '../app-services.js';
import { openTestApp, type TestApp } from '../testing/test-app.js';
import { awaitReadModels, runCommand } from './run-command.js';

let app: TestApp;
beforeAll(async () => {
  app = await openTestApp('pglite');
}, 60_000);
afterAll(() => app?.close());

const requestOrigin = () => {
  const waits: string[] = [];
  const origin: Origin = {
    caller: { kind: 'user', userId: 'admin-1', role: 'super-admin' } as Caller,
    correlationId: 'req-1',
    log: createLogger({ level: 'silent' }),
    onReadModelWait: (outcome) => void waits.push(outcome),
  };
  return { origin, waits };
};

describe('[PLATFORM]: read-your-writes', () => {
  it('answers only once the read models show the change', async () => {
    const { origin, waits } = requestOrigin();
    const organizationId = 'org-ryw';
    await runCommand(
      app.services,
      origin,
      {
        streamId: organizationStreamId(organizationId),
        decider: organizationDecider,
        command: {
          type: 'CreateOrganization',
          data: { organizationId, name: 'Read Your Writes Ltd', kind: 'customer', createdBy: 'admin-1' },
          metadata: { now: '2026-11-21T12:00:00.000Z' },
        },
      },
      { commandId: 'cmd-ryw' },
    );
    expect(waits).toEqual(['caught-up']);
    expect(await findOrganization(app.services.db, organizationId)).toMatchObject({ name: 'Read Your Writes Ltd' });
    const [event] = await app.services.store.readStream(organizationStreamId(organizationId));
    expect(event?.metadata).toMatchObject({
      correlationId: 'req-1',
      actor: { userId: 'admin-1', role: 'super-admin' },
    });
  });

  it('does not wait for a caller that does not read its writes, until it asks (`readYourWrites: false`)', async () => {
    const { origin, waits } = requestOrigin();
    const organizationId = 'org-no-wait';
    const created = await runCommand(
      app.services,
      { ...origin, readYourWrites: false },
      {
        streamId: organizationStreamId(organizationId),
        decider: organizationDecider,
        command: {
          type: 'CreateOrganization',
          data: { organizationId, name: 'No Wait Ltd', kind: 'customer', createdBy: 'admin-1' },
          metadata: { now: '2026-11-21T12:00:00.000Z' },
        },
      },
      { commandId: 'cmd-no-wait' },
    );
    expect(created.append).toBeDefined();
    expect(waits).toEqual([]);
    // Asked afterwards (a turn that ended its session), the wait is the one a reading caller gets.
    await awaitReadModels(app.services, origin, created);
    expect(waits).toEqual(['caught-up']);
    expect(await findOrganization(app.services.db, organizationId)).toMatchObject({ name: 'No Wait Ltd' });
  });
});
