import type { Command } from '../shared/command.js';

/** `applicationId` is checked against the catalogue by the decider (an unknown one is a 404). */
export type InstallApplication = Command<
  'InstallApplication',
  { organizationId: string; applicationId: string; userId: string }
>;

export type RemoveApplication = Command<
  'RemoveApplication',
  { organizationId: string; applicationId: string; userId: string }
>;

export type ApplicationCommand = InstallApplication | RemoveApplication;
