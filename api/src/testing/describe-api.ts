import { newId } from '@ai-coaching/platform';
import { afterAll, beforeAll, describe } from 'vitest';
import { type ApiClient, apiClient } from './api-client.js';
import { startTestServerOn, type TestEngine, testEngines } from './engines.js';
import { createTestOrganization, type createTestUser, signInAs, type TestUser } from './identities.js';
import type { TestServer, TestServerOptions } from './start-test-server.js';

export type SignedInUser = TestUser & { token: string };

/** How a member of a test organization is made: everything `signInAs` takes but the organization. */
export type MemberOptions = Omit<Parameters<typeof createTestUser>[1], 'organizationId'>;

export type TestTenant<Members extends Record<string, MemberOptions>> = { organizationId: string; name: string } & {
  [Key in keyof Members]: SignedInUser;
};

export type ApiTestContext = {
  readonly engine: TestEngine['name'];
  /** The server of the block, started before its first test. */
  readonly server: TestServer;
  /** The platform's super-admin, signed in. */
  readonly superAdmin: SignedInUser;
  /** The contract-checked client of the block's server, as `token`'s holder (anonymous without one). */
  api(token?: string): ApiClient;
  /**
   * A new organization with members signed in, by the keys given (an operator by default):
   * `tenant({ members: { editor: { role: 'editor' }, learner: { role: 'user' } } })`.
   */
  tenant<Members extends Record<string, MemberOptions> = { operator: { role: 'operator' } }>(options?: {
    name?: string;
    members?: Members;
  }): Promise<TestTenant<Members>>;
};

export type DescribeApiOptions = {
  /**
   * The server's settings (`SMTP_URL`, `PUBLIC_URL`…); a function when they are known only once a fake has started,
   * which it may start itself: `env: async () => ({ SMTP_URL: (sink = await startSmtpSink()).url })`.
   */
  env?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
  server?: TestServerOptions;
  /**
   * `'one'` for what does not depend on the engine (the gateway's sockets): a single block, on PostgreSQL when it
   * answers, else on the first engine the run tests. Every engine the run tests by default.
   */
  engines?: 'each' | 'one';
};

const OPERATOR_ONLY = { operator: { role: 'operator' } } as const;

/** A name no other test of the run gives: `unique('Acme')` → "Acme 3f9c…". */
export const unique = (label: string) => `${label} ${newId().slice(-10)}`;

/**
 * One API test block per engine the run tests (`testEngines`): the server started with the super-admin signed in
 * before the block's tests, closed after them, and the context its tests use. What 50 integration files repeated.
 *
 *     await describeApi('[TENANCY]: /v1/organizations', (context) => {
 *       it('…', async () => { const { operator } = await context.tenant(); … });
 *     });
 */
export const describeApi = async (
  title: string,
  body: (context: ApiTestContext) => void,
  options: DescribeApiOptions = {},
): Promise<void> => {
  const engines = await testEngines();
  const production = engines.find((engine) => engine.name === 'postgres' && engine.available);
  for (const engine of options.engines === 'one' ? [production ?? engines[0]!] : engines) {
    describe.skipIf(!engine.available)(
      `${title} on ${engine.name}${engine.reason ? ` (skipped: ${engine.reason})` : ''}`,
      () => {
        let server: TestServer | undefined;
        let superAdmin: SignedInUser | undefined;
        const started = <T>(value: T | undefined, what: string): T => {
          if (value === undefined) throw new Error(`${what} is there once the block's beforeAll has run`);
          return value;
        };
        const context: ApiTestContext = {
          engine: engine.name,
          get server() {
            return started(server, 'the server');
          },
          get superAdmin() {
            return started(superAdmin, 'the super-admin');
          },
          api: (token) => apiClient(context.server, token),
          async tenant(tenantOptions = {}) {
            const name = tenantOptions.name ?? unique('Tenant');
            const organizationId = await createTestOrganization(context.server, name);
            const members: Record<string, SignedInUser> = {};
            for (const [key, member] of Object.entries(tenantOptions.members ?? OPERATOR_ONLY))
              members[key] = await signInAs(context.server, { ...member, organizationId });
            return { organizationId, name, ...members } as TestTenant<never>;
          },
        };
        beforeAll(async () => {
          const env = typeof options.env === 'function' ? await options.env() : (options.env ?? {});
          server = await startTestServerOn(engine.name, env, options.server);
          superAdmin = await signInAs(server, { role: 'super-admin' });
        }, 90_000);
        afterAll(async () => {
          await server?.close();
        });
        body(context);
      },
    );
  }
};
