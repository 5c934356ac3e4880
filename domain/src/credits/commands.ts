import type { Command } from '../shared/command.js';
import type { OwnerAccount } from './accounts.js';

type Base = { organizationId: string; actorId: string | null };

export type IssueCredits = Command<'IssueCredits', Base & { transferId: string; amount: number }>;
export type WithdrawCredits = Command<'WithdrawCredits', Base & { transferId: string; amount: number }>;
/** From the organization's account to `to` (a group or a user of the organization). */
export type AllocateCredits = Command<
  'AllocateCredits',
  Base & { transferId: string; to: OwnerAccount; amount: number }
>;
/** From `from` (a group or a user) back to the organization. */
export type DeallocateCredits = Command<
  'DeallocateCredits',
  Base & { transferId: string; from: OwnerAccount; amount: number }
>;
export type TransferCredits = Command<
  'TransferCredits',
  Base & { transferId: string; from: OwnerAccount; to: OwnerAccount; amount: number }
>;
export type ReserveCredits = Command<
  'ReserveCredits',
  Base & {
    reservationId: string;
    account: OwnerAccount;
    amount: number;
    sessionId: string | null;
    expiresAt: string;
  }
>;
export type CaptureReservation = Command<'CaptureReservation', Base & { reservationId: string; amount: number }>;
export type ReleaseReservation = Command<'ReleaseReservation', Base & { reservationId: string }>;
/** Sent by the expiry job; releases the hold only if the reservation is still pending and past its expiry. */
export type ExpireReservation = Command<'ExpireReservation', { organizationId: string; reservationId: string }>;

export type CreditCommand =
  | IssueCredits
  | WithdrawCredits
  | AllocateCredits
  | DeallocateCredits
  | TransferCredits
  | ReserveCredits
  | CaptureReservation
  | ReleaseReservation
  | ExpireReservation;
