import type { Command } from '../shared/command.js';

export type InitializePlatform = Command<
  'InitializePlatform',
  { platformOrganizationId: string; superAdminUserId: string }
>;

export type PlatformCommand = InitializePlatform;
