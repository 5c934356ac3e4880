import { apiClient, createTestOrganization, describeApi, signInAs, type TestUser } from '@ai-coaching/api/testing';
import {
  CREDIT_MOVEMENT_COLUMNS,
  creditHistoryOperations,
  userGroupOperations,
  userOperations,
  type OperationRequest,
} from '@ai-coaching/contracts';
import { userAccount } from '@ai-coaching/domain';
import { newId } from '@ai-coaching/platform';
import { captureReservation, reserveCredits, SYSTEM } from '@ai-coaching/application';
import { beforeAll, expect, it } from 'vitest';
import { moveCredits, parseCsv } from './credit-test-client.js';

// Issue 9, item 1.8: the CSV history showed raw account ids (`organization:01a2…`). Each row now
// also names the kind and both sides as the history screen does, in the requester's language; the
// ids stay in their columns for programs that read the file.

type Signed = TestUser & { token: string };
type ExportQuery = OperationRequest<typeof creditHistoryOperations.export>['query'];

await describeApi('[CREDITS]: named CSV history', (context) => {
  let operator: Signed;
  let alice: Signed;
  let organizationId: string;
  let groupId: string;
  let ivanId: string;
  const tag = newId().slice(-6);
  const organizationName = `Acme ${tag}`;
  const groupName = `Team ${tag}`;

  beforeAll(async () => {
    const superAdmin = context.superAdmin;
    organizationId = await createTestOrganization(context.server, organizationName);
    operator = await signInAs(context.server, {
      role: 'operator',
      organizationId,
      firstName: 'Olive',
      lastName: 'Operator',
    });
    alice = await signInAs(context.server, { role: 'user', organizationId, firstName: 'Alice', lastName: 'Martin' });
    groupId = (
      await apiClient(context.server, operator.token).call(userGroupOperations.create, {
        body: { name: groupName, organization_id: organizationId },
      })
    ).body.id;
    ivanId = (
      await apiClient(context.server, operator.token).call(userOperations.invite, {
        body: {
          email: `ivan-${tag}@example.test`,
          first_name: 'Ivan',
          last_name: 'Invited',
          organization_id: organizationId,
          organization_role: 'user',
        },
      })
    ).body.id;
    const moves = [
      () =>
        moveCredits(context.server, superAdmin.token, 'organizations', 'allocate_credit', organizationId, {
          nb_credits: 100,
        }),
      () => moveCredits(context.server, operator.token, 'users', 'allocate_credit', alice.userId, { nb_credits: 12 }),
      () => moveCredits(context.server, operator.token, 'user_groups', 'allocate_credit', groupId, { nb_credits: 8 }),
      () => moveCredits(context.server, operator.token, 'users', 'allocate_credit', ivanId, { nb_credits: 3 }),
    ];
    for (const move of moves) expect((await move()).status).toBe(200);
    // The invitation is cancelled: the directory no longer knows Ivan, the ledger still does.
    expect(
      (await apiClient(context.server, operator.token).call(userOperations.remove, { params: { id: ivanId } })).status,
    ).toBe(204);
    const services = { ...context.server.platform, wakeProjections: () => context.server.projections.wake() };
    const reservationId = newId();
    await reserveCredits(services, SYSTEM, {
      organizationId,
      account: userAccount(alice.userId),
      amount: 4,
      sessionId: 'session-1',
      reservationId,
      ttlSeconds: 600,
      actorId: alice.userId,
    });
    await captureReservation(services, SYSTEM, { organizationId, reservationId, amount: 4 });
  }, 90_000);

  const exportCsv = async (token: string, query: ExportQuery = {}) => {
    const answer = await apiClient(context.server, token).call(creditHistoryOperations.export, {
      params: { organization_id: organizationId },
      query,
    });
    expect(answer.status).toBe(200);
    return parseCsv(answer.body as string);
  };
  /** Each row as [kind, from, to, kind_label, from_name, to_name], without the reservation. */
  const named = (rows: string[][]) => {
    const [header, ...records] = rows;
    const at = (column: string) => header!.indexOf(column);
    return records
      .filter((row) => row[at('kind')] !== 'reserved')
      .map((row) => ['kind', 'from', 'to', 'kind_label', 'from_name', 'to_name'].map((column) => row[at(column)]));
  };

  it('names the kind and both sides after the ids, in the language asked for', async () => {
    const rows = await exportCsv(operator.token, { lang: 'en-GB' });
    expect(rows[0]).toEqual([...CREDIT_MOVEMENT_COLUMNS, 'kind_label', 'from_name', 'to_name']);
    const organization = `organization:${organizationId}`;
    expect(named(rows)).toEqual([
      ['issued', 'issuance', organization, 'Issued', 'Platform issuance', organizationName],
      ['allocated', organization, `user:${alice.userId}`, 'Allocated', organizationName, 'Alice Martin'],
      ['allocated', organization, `group:${groupId}`, 'Allocated', organizationName, groupName],
      ['allocated', organization, `user:${ivanId}`, 'Allocated', organizationName, 'A user'],
      ['captured', `user:${alice.userId}`, 'consumed', 'Consumed', 'Alice Martin', 'Consumed by sessions'],
    ]);

    const french = named(await exportCsv(operator.token, { lang: 'fr-FR' }));
    expect(french.map((row) => row.slice(3))).toEqual([
      ['Émis', 'Émission de la plateforme', organizationName],
      ['Attribué', organizationName, 'Alice Martin'],
      ['Attribué', organizationName, groupName],
      ['Attribué', organizationName, 'Un utilisateur'],
      ['Consommé', 'Alice Martin', 'Consommé par les sessions'],
    ]);
  });

  it('writes the requester’s own language when none is asked for', async () => {
    expect(named(await exportCsv(operator.token))[0]?.slice(3)).toEqual([
      'Issued',
      'Platform issuance',
      organizationName,
    ]);
    const french = await apiClient(context.server, operator.token).call(userOperations.update, {
      params: { id: operator.userId },
      body: { locale: 'fr-FR' },
    });
    expect(french.status).toBe(200);
    expect(named(await exportCsv(operator.token))[0]?.slice(3)).toEqual([
      'Émis',
      'Émission de la plateforme',
      organizationName,
    ]);
  });

  it('refuses a language it does not write', async () => {
    const answer = await apiClient(context.server, operator.token).send(
      'GET',
      `/v1/organizations/${organizationId}/credit_movements.csv`,
      { query: { lang: 'de-DE' } },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.details?.['issues']).toEqual([{ path: 'lang', message: expect.any(String) }]);
  });
});
