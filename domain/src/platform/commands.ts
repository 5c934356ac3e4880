import type { Command } from '../shared/command.js';
import type { SuperAdminRemovalKind } from './events.js';

export type InitializePlatform = Command<
  'InitializePlatform',
  { platformOrganizationId: string; superAdminUserId: string }
>;

/**
 * Announces that `userId` stops being an active super-admin. `activeSuperAdminIds` are the
 * super-admins whose accounts were active and held the role when read, after this stream was read.
 */
export type StartSuperAdminRemoval = Command<
  'StartSuperAdminRemoval',
  { userId: string; change: SuperAdminRemovalKind; activeSuperAdminIds: readonly string[] }
>;

export type SettleSuperAdminRemoval = Command<
  'SettleSuperAdminRemoval',
  { userId: string; outcome: 'applied' | 'abandoned' }
>;

export type PlatformCommand = InitializePlatform | StartSuperAdminRemoval | SettleSuperAdminRemoval;
