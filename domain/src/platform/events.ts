/**
 * The platform stream records that this installation was initialised. Appending it with
 * `no_stream` makes the first start's seed happen exactly once, even when several runtimes
 * start together. It is also where every change that takes a super-admin away (demotion,
 * disabling, removal) is announced before it is applied: all of them append to this one stream
 * with the revision they read, so they are decided one at a time (docs/permissions.md).
 */
export const PLATFORM_STREAM_ID = 'platform';

export type PlatformInitialized = {
  type: 'PlatformInitialized';
  data: { platformOrganizationId: string; superAdminUserId: string; initializedAt: string };
};

/** How a super-admin is taken away: a lower role, a disabled account, or a removed one. */
export type SuperAdminRemovalKind = 'demote' | 'disable' | 'remove';

/**
 * A super-admin is being taken away. Until it is settled (or its lease ends, should the process
 * die in between), this super-admin no longer counts as one who remains.
 */
export type SuperAdminRemovalStarted = {
  type: 'SuperAdminRemovalStarted';
  data: { userId: string; change: SuperAdminRemovalKind; leaseUntil: string; startedAt: string };
};

/** The account's own change was applied, or refused and abandoned. */
export type SuperAdminRemovalSettled = {
  type: 'SuperAdminRemovalSettled';
  data: { userId: string; outcome: 'applied' | 'abandoned'; settledAt: string };
};

export type PlatformEvent = PlatformInitialized | SuperAdminRemovalStarted | SuperAdminRemovalSettled;
