import {
  emailClaimDecider,
  normalizeEmail,
  organizationDecider,
  organizationStreamId,
  userDecider,
  userEmailStreamId,
  userStreamId,
  type Role,
} from '@ai-coaching/domain';
import { emailKey, handleCommand, hashPassword, newId, type GlobalPosition } from '@ai-coaching/platform';
import { waitForProjections } from '@ai-coaching/projections';
import { platformOrganizationId } from '../seed/seed-platform.js';
import { TEST_PASSWORD, type TestServer } from './start-test-server.js';

const caughtUp = async (server: TestServer, position: GlobalPosition | undefined) => {
  if (!position) return;
  server.projections.wake();
  const wait = await waitForProjections(server.platform.db, position, { timeoutMs: 15_000 });
  if (!wait.reached) throw new Error('read models did not catch up');
};

/** An organization created straight through its decider, as fixtures for API tests. */
export const createTestOrganization = async (
  server: TestServer,
  name = `Org ${newId().slice(-6)}`,
): Promise<string> => {
  const organizationId = newId();
  const result = await handleCommand(
    server.platform.store,
    organizationStreamId(organizationId),
    organizationDecider,
    {
      type: 'CreateOrganization',
      data: { organizationId, name, kind: 'customer', createdBy: null },
      metadata: { now: new Date().toISOString() },
    },
    { commandId: newId() },
  );
  await caughtUp(server, result.append?.position);
  return organizationId;
};

export type TestUser = { userId: string; email: string; password: string; organizationId: string; role: Role };

/** An active user with a password, created through the deciders (email claim, then the user). */
export const createTestUser = async (
  server: TestServer,
  options: {
    role: Role;
    organizationId?: string;
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
  },
): Promise<TestUser> => {
  const userId = newId();
  const email = normalizeEmail(options.email ?? `${options.role}-${userId.slice(-12)}@example.test`);
  const password = options.password ?? TEST_PASSWORD;
  const organizationId = options.organizationId ?? platformOrganizationId;
  const now = new Date().toISOString();
  await handleCommand(
    server.platform.store,
    userEmailStreamId(emailKey(email)),
    emailClaimDecider,
    { type: 'ClaimEmail', data: { email, userId }, metadata: { now } },
    { commandId: newId() },
  );
  const result = await handleCommand(
    server.platform.store,
    userStreamId(userId),
    userDecider,
    {
      type: 'CreateUser',
      data: {
        userId,
        organizationId,
        email,
        firstName: options.firstName ?? 'Test',
        lastName: options.lastName ?? options.role,
        role: options.role,
        passwordHash: await hashPassword(password),
        createdBy: null,
      },
      metadata: { now },
    },
    { commandId: newId() },
  );
  await caughtUp(server, result.append?.position);
  return { userId, email, password, organizationId, role: options.role };
};

/** Signs in through the real password login and returns the access token. */
export const signIn = async (server: TestServer, email: string, password: string): Promise<string> => {
  const response = await fetch(`${server.url}/v1/fau/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password, grant_type: 'password', scope: '' }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
};

export const signInAs = async (
  server: TestServer,
  options: Parameters<typeof createTestUser>[1],
): Promise<TestUser & { token: string }> => {
  const user = await createTestUser(server, options);
  return { ...user, token: await signIn(server, user.email, user.password) };
};
