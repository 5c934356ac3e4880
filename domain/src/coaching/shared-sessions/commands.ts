import type { Command } from '../../shared/command.js';
import type { CoachingSharedSessionLink } from './events.js';

export type CreateCoachingSharedSession = Command<
  'CreateCoachingSharedSession',
  CoachingSharedSessionLink & {
    codeHash: string;
    createdBy: string;
  }
>;

export type JoinCoachingSharedSession = Command<
  'JoinCoachingSharedSession',
  { sharedSessionId: string; sessionId: string; guestId: string; displayName: string }
>;

export type RevokeCoachingSharedSession = Command<
  'RevokeCoachingSharedSession',
  { sharedSessionId: string; revokedBy: string }
>;

export type CoachingSharedSessionCommand =
  CreateCoachingSharedSession | JoinCoachingSharedSession | RevokeCoachingSharedSession;
