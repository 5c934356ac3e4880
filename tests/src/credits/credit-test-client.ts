import { apiClient, type AnswerBody, type ApiAnswer, type TestServer } from '@ai-coaching/api/testing';
import {
  organizationCreditOperations,
  pathOf,
  type Operation,
  userCreditOperations,
  userGroupCreditOperations,
  type WalletFields,
} from '@ai-coaching/contracts';
import { expect } from 'vitest';

/** The credit movements the suites make, against one server. */

export type CreditVerb = 'allocate_credit' | 'deallocate_credit' | 'transfer_credit';
export type CreditTarget = 'users' | 'user_groups' | 'organizations';

type MovementOperation = typeof userCreditOperations.allocate;

/** Each target's operations by the verb of their path (an organization's wallet is issued and withdrawn). */
const OPERATIONS = {
  users: {
    param: 'user_id',
    allocate_credit: userCreditOperations.allocate,
    deallocate_credit: userCreditOperations.deallocate,
    transfer_credit: userCreditOperations.transfer,
  },
  user_groups: {
    param: 'user_group_id',
    allocate_credit: userGroupCreditOperations.allocate,
    deallocate_credit: userGroupCreditOperations.deallocate,
    transfer_credit: userGroupCreditOperations.transfer,
  },
  organizations: {
    param: 'organization_id',
    allocate_credit: organizationCreditOperations.issue,
    deallocate_credit: organizationCreditOperations.withdraw,
  },
} as const;

/**
 * `POST /v1/{target}/{verb}/{id}` with `{nb_credits}`, or any other body to test refusals: an
 * object goes through the contract's operation (its answer checked), a string is sent as it is.
 */
export const moveCredits = (
  server: Pick<TestServer, 'url'>,
  token: string,
  target: CreditTarget,
  verb: CreditVerb,
  id: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<ApiAnswer<AnswerBody<MovementOperation>>> => {
  const operations = OPERATIONS[target];
  const operation = (operations as Partial<Record<CreditVerb, Operation>>)[verb];
  if (!operation) throw new Error(`No ${verb} operation for ${target}.`);
  const params = { [operations.param]: id };
  const client = apiClient(server, token);
  // Every movement answers the same shape, whichever operation it is.
  return (
    typeof body === 'string'
      ? client.send('POST', pathOf(operation.path, params), { body, headers })
      : client.call(operation, { params, body } as never, { headers })
  ) as Promise<ApiAnswer<AnswerBody<MovementOperation>>>;
};

/**
 * Gives a user credits to spend: the super-admin issues `credits.organization` to the user's organization, whose
 * operator allocates `credits.user` of them to the user.
 */
export const fundUser = async (
  server: Pick<TestServer, 'url'>,
  tokens: { superAdmin: string; operator: string },
  { organizationId, userId }: { organizationId: string; userId: string },
  credits: { organization: number; user: number },
): Promise<void> => {
  await moveCredits(server, tokens.superAdmin, 'organizations', 'allocate_credit', organizationId, {
    nb_credits: credits.organization,
  });
  const allocated = await moveCredits(server, tokens.operator, 'users', 'allocate_credit', userId, {
    nb_credits: credits.user,
  });
  expect(allocated.status).toBe(200);
};

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks; records end with CRLF. */
export const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index++;
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
};

/** The figures `token`'s holder (an operator) sees of a user's wallet. */
export const walletOf = async (
  server: Pick<TestServer, 'url'>,
  token: string,
  userId: string,
): Promise<WalletFields> => {
  const { credit_wallet, credit_posted, credit_pending } = (
    await apiClient(server, token).send<WalletFields>('GET', `/v1/users/${userId}`)
  ).body;
  return { credit_wallet, credit_posted, credit_pending };
};
