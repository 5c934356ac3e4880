import type { Command } from '../../shared/command.js';
import type { SharedSessionPayer } from './events.js';

export type CreateCoachingSharedSession = Command<
  'CreateCoachingSharedSession',
  {
    sharedSessionId: string;
    organizationId: string;
    scenarioId: string;
    label: string;
    expiresAt: string;
    maxUses: number;
    paidBy: SharedSessionPayer;
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
