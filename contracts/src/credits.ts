import { MAX_CREDITS, ValidationError } from '@ai-coaching/domain';
import { z } from 'zod';
import { closed, idSchema, text } from './http/fields.js';
import { defineOperations } from './http/operation.js';

/** One ledger account's figures, as a movement or a reservation leaves them. */
export const ledgerWalletSchema = z.strictObject({
  account: text().describe('`organization:<id>`, `group:<id>`, `user:<id>`, or the system account `issuance`.'),
  credit_wallet: z.number().int().describe('Available: posted − pending.'),
  posted: z.number().int().describe('Settled balance.'),
  pending: z.number().int().describe('Held by open session reservations.'),
});
export type LedgerWallet = z.infer<typeof ledgerWalletSchema>;

// Movements between an organization's accounts (docs/api/credits.md); the history and its export
// are in `credit-history.ts`.

const isCredits = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_CREDITS;

/**
 * Any wrong `nb_credits` (missing, a string, a fraction, 0, negative, beyond the maximum) answers
 * one code the client can rely on, so it is thrown from the schema rather than left to zod's
 * generic `invalid_request`.
 */
const nbCredits = z
  .unknown()
  .transform((value) => {
    if (!isCredits(value)) {
      throw new ValidationError('invalid_nb_credits', `nb_credits is a whole number from 1 to ${MAX_CREDITS}.`, {
        field: 'nb_credits',
        min: 1,
        max: MAX_CREDITS,
      });
    }
    return value;
  })
  .meta({ type: 'integer', minimum: 1, maximum: MAX_CREDITS, description: 'Whole credits to move.' });

const creditsBody = closed(z.object({ nb_credits: nbCredits }));

/** What every movement answers: its id and both sides' wallets in the ledger state it left. */
export const creditMovementResultSchema = z.strictObject({
  transfer_id: text().describe('The movement’s id in the ledger and in the credit history.'),
  nb_credits: z.number().int(),
  from: ledgerWalletSchema.describe('The side credits left, as it stands now.'),
  to: ledgerWalletSchema.describe('The side credits reached, as it stands now.'),
});
export type CreditMovementResult = z.infer<typeof creditMovementResultSchema>;

const movementResponses = (target: string, refusals: string) =>
  ({
    200: { description: 'Moved; both sides’ wallets as they now stand.', schema: creditMovementResultSchema },
    400: {
      description: `\`invalid_nb_credits\` (\`details.issues\` names \`nb_credits\`), or \`invalid_request\` for another field.${refusals}`,
    },
    404: { description: `\`${target}_not_found\`: it does not exist or is not in the caller’s organization.` },
    409: {
      description:
        '`insufficient_credits` (`details.available`: what the giving side has), `target_disabled`, `target_archived`, or the `Idempotency-Key` was used for another request.',
    },
  }) as const;

/** `{[name]: id}`, typed by the parameter's name. */
const idParam = <Name extends string>(name: Name) =>
  z.object({ [name]: idSchema } as { [Key in Name]: typeof idSchema });

/**
 * Allocate, deallocate and transfer, the same three operations for each kind of target an
 * organization moves credits to (its users, its user groups): only the path, the parameter and
 * the wording differ.
 */
const targetOperations = <Param extends string>(target: {
  path: string;
  param: Param;
  notFound: string;
  label: string;
}) => {
  const params = idParam(target.param);
  return {
    allocate: {
      method: 'POST',
      path: `${target.path}/allocate_credit/:${target.param}`,
      summary: `Moves credits from the organization’s wallet to a ${target.label} of it.`,
      idempotent: true,
      params,
      body: creditsBody,
      responses: movementResponses(target.notFound, ''),
    },
    deallocate: {
      method: 'POST',
      path: `${target.path}/deallocate_credit/:${target.param}`,
      summary: `Moves credits of a ${target.label} back to the organization’s wallet, at most what it has available (reserved credits stay).`,
      idempotent: true,
      params,
      body: creditsBody,
      responses: movementResponses(target.notFound, ''),
    },
    transfer: {
      method: 'POST',
      path: `${target.path}/transfer_credit/:${target.param}`,
      summary: `Gives some of the caller’s own credits to a ${target.label} of the caller’s organization.`,
      idempotent: true,
      params,
      body: creditsBody,
      responses: movementResponses(target.notFound, ' `transfer_to_self`: the target is the caller.'),
    },
  } as const;
};

export const userCreditOperations = defineOperations(
  { name: 'userCredits', tag: 'Credits' },
  targetOperations({ path: '/v1/users', param: 'user_id', notFound: 'user', label: 'user' }),
);

export const userGroupCreditOperations = defineOperations(
  { name: 'userGroupCredits', tag: 'Credits' },
  targetOperations({ path: '/v1/user_groups', param: 'user_group_id', notFound: 'user_group', label: 'user group' }),
);

const organizationParams = idParam('organization_id');

export const organizationCreditOperations = defineOperations(
  { name: 'organizationCredits', tag: 'Credits' },
  {
    issue: {
      method: 'POST',
      path: '/v1/organizations/allocate_credit/:organization_id',
      summary: 'Issues new credits to an organization’s wallet.',
      idempotent: true,
      params: organizationParams,
      body: creditsBody,
      responses: movementResponses('organization', ''),
    },
    withdraw: {
      method: 'POST',
      path: '/v1/organizations/deallocate_credit/:organization_id',
      summary: 'Withdraws credits from an organization’s wallet, at most what it has available.',
      idempotent: true,
      params: organizationParams,
      body: creditsBody,
      responses: movementResponses('organization', ''),
    },
  },
);
