import type { Command } from '../shared/command.js';

/** Claim before InviteUser/CreateUser; the same user claiming again is a no-op, so a retried invitation goes through. */
export type ClaimEmail = Command<'ClaimEmail', { email: string; userId: string }>;

/** After CancelInvitation, or when the user command that followed the claim was refused. */
export type ReleaseEmail = Command<'ReleaseEmail', { userId: string }>;

export type EmailClaimCommand = ClaimEmail | ReleaseEmail;
