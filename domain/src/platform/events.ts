/**
 * The platform stream records that this installation was initialised. Appending it with
 * `no_stream` makes the first start's seed happen exactly once, even when several runtimes
 * start together.
 */
export const PLATFORM_STREAM_ID = 'platform';

export type PlatformInitialized = {
  type: 'PlatformInitialized';
  data: { platformOrganizationId: string; superAdminUserId: string; initializedAt: string };
};

export type PlatformEvent = PlatformInitialized;
