/**
 * Ledger accounts of one organization. Owner accounts (the organization, its groups, its users)
 * are credit-normal and never go negative; the system accounts record where credits come from
 * (`issuance`, debited when credits are granted) and where they go (`consumed`, credited when a
 * session's cost is captured), so every posting balances and Σ all balances = 0.
 */
export type OwnerAccount = `organization:${string}` | `group:${string}` | `user:${string}`;
export type SystemAccount = 'issuance' | 'consumed';
export type LedgerAccount = OwnerAccount | SystemAccount;

export const ISSUANCE: SystemAccount = 'issuance';
export const CONSUMED: SystemAccount = 'consumed';

export const organizationAccount = (organizationId: string): OwnerAccount => `organization:${organizationId}`;
export const groupAccount = (userGroupId: string): OwnerAccount => `group:${userGroupId}`;
export const userAccount = (userId: string): OwnerAccount => `user:${userId}`;

export type OwnerKind = 'organization' | 'group' | 'user';

export const isOwnerAccount = (account: LedgerAccount): account is OwnerAccount =>
  account !== ISSUANCE && account !== CONSUMED;

export const ownerOf = (account: OwnerAccount): { kind: OwnerKind; id: string } => {
  const separator = account.indexOf(':');
  return { kind: account.slice(0, separator) as OwnerKind, id: account.slice(separator + 1) };
};

/** One stream per organization: the consistency boundary of every multi-account posting. */
export const creditLedgerStreamId = (organizationId: string): string => `credit-ledger-${organizationId}`;

/** Whole credits, as the spec's "maximum unsigned integer" bounds them. */
export const MAX_CREDITS = 4_294_967_295;
