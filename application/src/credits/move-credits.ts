import {
  ISSUANCE,
  organizationAccount,
  userAccount,
  ValidationError,
  type CreditCommand,
  type LedgerAccount,
} from '@ai-coaching/domain';
import type { CreditMovementResult } from '@ai-coaching/contracts';
import { deterministicId } from '@ai-coaching/platform';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { signedInUser, type UserCaller } from '../tenancy/scope.js';
import { creditableOrganization, creditableTarget, managedScope, type CreditTarget } from './credit-targets.js';
import { runLedgerCommand, walletIn } from './ledger.js';

// Credit movements between an organization's accounts (docs/api/credits.md): issuance ↔
// organization (super-admins), organization ↔ its users and groups (allocate, deallocate), and a
// user's own credits to a peer or a group (transfer).

export type { CreditTarget } from './credit-targets.js';

type MovementServices = Pick<AppServices, 'store' | 'db' | 'config' | 'logger' | 'ids' | 'clock' | 'wakeProjections'>;

export type MovementInput = {
  nbCredits: number;
  /** The request's `Idempotency-Key`, if it carried one. */
  idempotencyKey?: string | undefined;
};

/**
 * The movement's id. With an `Idempotency-Key` it derives from the caller and the key, so even a
 * retry the key store no longer remembers (after 24 hours, or after an attempt that failed once the
 * ledger had written) finds the movement in the ledger and moves nothing twice.
 */
const transferIdOf = (services: MovementServices, caller: UserCaller, idempotencyKey: string | undefined): string =>
  idempotencyKey ? deterministicId('credit-movement', caller.userId, idempotencyKey) : services.ids.newId();

/** What every movement command carries besides its accounts. */
const movementOf = (services: MovementServices, caller: UserCaller, organizationId: string, input: MovementInput) => ({
  data: {
    organizationId,
    actorId: caller.userId,
    transferId: transferIdOf(services, caller, input.idempotencyKey),
    amount: input.nbCredits,
  },
  metadata: { now: nowIso(services) },
});

/** Runs one movement and answers both sides' wallets from the ledger state it left. */
const move = async (
  services: MovementServices,
  origin: Origin,
  command: CreditCommand & { data: { transferId: string; amount: number } },
  from: LedgerAccount,
  to: LedgerAccount,
): Promise<CreditMovementResult> => {
  const { state } = await runLedgerCommand(services, origin, command, { commandId: command.data.transferId });
  return {
    transfer_id: command.data.transferId,
    nb_credits: command.data.amount,
    from: walletIn(state, from),
    to: walletIn(state, to),
  };
};

type TargetMovementInput = MovementInput & { target: CreditTarget };

/**
 * Between a user or group and its organization, either way: the caller manages the target (a super-admin may move
 * credits in any organization).
 */
const moveWithTarget =
  (type: 'AllocateCredits' | 'DeallocateCredits') =>
  async (services: MovementServices, origin: Origin, input: TargetMovementInput): Promise<CreditMovementResult> => {
    const caller = signedInUser(origin.caller);
    const target = await creditableTarget(services, managedScope(caller), input.target);
    const { data, metadata } = movementOf(services, caller, target.organizationId, input);
    const organization = organizationAccount(target.organizationId);
    return type === 'AllocateCredits'
      ? move(services, origin, { type, data: { ...data, to: target.account }, metadata }, organization, target.account)
      : move(
          services,
          origin,
          { type, data: { ...data, from: target.account }, metadata },
          target.account,
          organization,
        );
  };

/** From the target's organization to the target (a super-admin may allocate in any organization). */
export const allocateCredits = moveWithTarget('AllocateCredits');

/** From the target back to its organization, at most what it has available (reserved credits stay). */
export const deallocateCredits = moveWithTarget('DeallocateCredits');

/** Some of the caller's own credits to a peer or a group of the caller's organization. */
export const transferCredits = async (
  services: MovementServices,
  origin: Origin,
  input: MovementInput & { target: CreditTarget },
): Promise<CreditMovementResult> => {
  const caller = signedInUser(origin.caller);
  if (input.target.kind === 'user' && input.target.id === caller.userId) {
    throw new ValidationError('transfer_to_self', 'You cannot transfer credits to yourself.', { field: 'user_id' });
  }
  // Peers only: a ledger is one organization's, super-admins included.
  const to = await creditableTarget(services, { organizationId: caller.organizationId }, input.target);
  const from = userAccount(caller.userId);
  const { data, metadata } = movementOf(services, caller, caller.organizationId, input);
  return move(
    services,
    origin,
    { type: 'TransferCredits', data: { ...data, from, to: to.account }, metadata },
    from,
    to.account,
  );
};

type OrganizationMovementInput = MovementInput & { organizationId: string };

/** Between the issuance account and an organization's wallet, either way (super-admins). */
const moveWithIssuance =
  (type: 'IssueCredits' | 'WithdrawCredits') =>
  async (
    services: MovementServices,
    origin: Origin,
    input: OrganizationMovementInput,
  ): Promise<CreditMovementResult> => {
    const caller = signedInUser(origin.caller);
    const organizationId = await creditableOrganization(services, caller, input.organizationId);
    const organization = organizationAccount(organizationId);
    const command = { type, ...movementOf(services, caller, organizationId, input) };
    return type === 'IssueCredits'
      ? move(services, origin, command, ISSUANCE, organization)
      : move(services, origin, command, organization, ISSUANCE);
  };

/** New credits to an organization's wallet (super-admins). */
export const issueCredits = moveWithIssuance('IssueCredits');

/** Credits out of an organization's wallet, at most what it has available (super-admins). */
export const withdrawCredits = moveWithIssuance('WithdrawCredits');
