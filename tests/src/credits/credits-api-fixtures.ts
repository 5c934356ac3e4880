// What the credit API specs share: a server per engine, tenants with credits issued, and the movement calls.
import {
  apiClient,
  createTestOrganization,
  signInAs,
  startTestServerOn,
  testEngines,
  type TestServer,
  type TestUser,
} from '@ai-coaching/api/testing';
import {
  creditHistoryOperations,
  userGroupOperations,
  type CreditMovementResult,
  type OperationRequest,
  type Page,
  type WalletFields,
} from '@ai-coaching/contracts';
import { newId } from '@ai-coaching/platform';
import { afterAll, beforeAll, expect } from 'vitest';
import { moveCredits, type CreditTarget, type CreditVerb } from './credit-test-client.js';
import type { TestEngine } from '@ai-coaching/api/testing';

export const engines = await testEngines();

export const MAX = 4_294_967_295;

export type Signed = TestUser & { token: string };
export type Tenant = {
  organizationId: string;
  operator: Signed;
  alice: Signed;
  bob: Signed;
  groupId: string;
};
export type HistoryQuery = OperationRequest<typeof creditHistoryOperations.list>['query'];
export type ExportQuery = OperationRequest<typeof creditHistoryOperations.export>['query'];

/** A test server for the describe it is called in, a super-admin, and the calls the credit specs make. */
export const creditsApi = (engine: TestEngine) => {
  let server: TestServer;
  let superAdmin: Signed;

  beforeAll(async () => {
    server = await startTestServerOn(engine.name);
    superAdmin = await signInAs(server, { role: 'super-admin' });
  }, 60_000);
  afterAll(() => server?.close());

  const move = (
    token: string,
    target: CreditTarget,
    verb: CreditVerb,
    id: string,
    body: unknown,
    headers: Record<string, string> = {},
  ) => moveCredits(server, token, target, verb, id, body, headers);
  const ok = async (answer: ReturnType<typeof moveCredits>) => {
    const { status, body } = await answer;
    expect(status, JSON.stringify(body)).toBe(200);
    return body as CreditMovementResult;
  };
  const history = (token: string, organizationId: string, query: HistoryQuery = {}) =>
    apiClient(server, token).call(creditHistoryOperations.list, {
      params: { organization_id: organizationId },
      query,
    });
  /** The CSV export; its body is the text of the download. */
  const exportCsv = (token: string, organizationId: string, query: ExportQuery = {}) =>
    apiClient(server, token).call(creditHistoryOperations.export, {
      params: { organization_id: organizationId },
      query,
    });

  /** An organization with an operator, two users and a group, and `credits` issued to it. */
  const tenant = async (credits = 1000): Promise<Tenant> => {
    const organizationId = await createTestOrganization(server);
    const operator = await signInAs(server, {
      role: 'operator',
      organizationId,
      firstName: 'Olive',
      lastName: 'Operator',
    });
    const alice = await signInAs(server, { role: 'user', organizationId, firstName: 'Alice', lastName: 'A' });
    const bob = await signInAs(server, { role: 'user', organizationId, firstName: 'Bob', lastName: 'B' });
    const group = await apiClient(server, operator.token).call(userGroupOperations.create, {
      body: { name: `Group ${newId().slice(-6)}`, organization_id: organizationId },
    });
    if (credits > 0) {
      await ok(move(superAdmin.token, 'organizations', 'allocate_credit', organizationId, { nb_credits: credits }));
    }
    return { organizationId, operator, alice, bob, groupId: group.body.id };
  };
  // Other areas' representations, read for their wallet figures only.
  const walletOf = async (token: string, path: string) =>
    (await apiClient(server, token).send<WalletFields>('GET', path)).body;
  const listOf = async (token: string, path: string) =>
    (await apiClient(server, token).send<Page<WalletFields & { id: string }>>('GET', path)).body;

  return {
    get server() {
      return server;
    },
    get superAdmin() {
      return superAdmin;
    },
    move,
    ok,
    history,
    exportCsv,
    tenant,
    walletOf,
    listOf,
  };
};
