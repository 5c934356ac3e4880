import type { OwnerAccount } from './accounts.js';

type Meta = { metadata: { now: string } };
type Base = { organizationId: string; actorId: string | null };

export type IssueCredits = { type: 'IssueCredits'; data: Base & { transferId: string; amount: number } } & Meta;
export type WithdrawCredits = { type: 'WithdrawCredits'; data: Base & { transferId: string; amount: number } } & Meta;
/** From the organization's account to `to` (a group or a user of the organization). */
export type AllocateCredits = {
  type: 'AllocateCredits';
  data: Base & { transferId: string; to: OwnerAccount; amount: number };
} & Meta;
/** From `from` (a group or a user) back to the organization. */
export type DeallocateCredits = {
  type: 'DeallocateCredits';
  data: Base & { transferId: string; from: OwnerAccount; amount: number };
} & Meta;
export type TransferCredits = {
  type: 'TransferCredits';
  data: Base & { transferId: string; from: OwnerAccount; to: OwnerAccount; amount: number };
} & Meta;
export type ReserveCredits = {
  type: 'ReserveCredits';
  data: Base & {
    reservationId: string;
    account: OwnerAccount;
    amount: number;
    sessionId: string | null;
    expiresAt: string;
  };
} & Meta;
export type CaptureReservation = {
  type: 'CaptureReservation';
  data: Base & { reservationId: string; amount: number };
} & Meta;
export type ReleaseReservation = { type: 'ReleaseReservation'; data: Base & { reservationId: string } } & Meta;
/** Sent by the expiry job; releases the hold only if the reservation is still pending and past its expiry. */
export type ExpireReservation = {
  type: 'ExpireReservation';
  data: { organizationId: string; reservationId: string };
} & Meta;

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
