/** A share link of a scenario (issue 13): one stream per link. */
export const coachingSharedSessionStreamId = (sharedSessionId: string): string =>
  `coaching-shared-session-${sharedSessionId}`;

/** Whose wallet pays the guests' sessions: the sharer's own, or a group the sharer may allocate from. */
export type SharedSessionPayer = { type: 'user'; userId: string } | { type: 'user_group'; userGroupId: string };

/** What a share link is: its scenario, its label, how long and how many times it lets guests in, who pays. */
export type CoachingSharedSessionLink = {
  sharedSessionId: string;
  organizationId: string;
  scenarioId: string;
  label: string;
  expiresAt: string;
  maxUses: number;
  paidBy: SharedSessionPayer;
};

export type CoachingSharedSessionCreated = {
  type: 'CoachingSharedSessionCreated';
  data: CoachingSharedSessionLink & {
    /** SHA-256 of the access code, hex: the code itself is shown once and never stored. */
    codeHash: string;
    createdBy: string;
    createdAt: string;
  };
};

/** A guest joined: the use is counted and the guest's session is known to the link. */
export type CoachingSharedSessionJoined = {
  type: 'CoachingSharedSessionJoined';
  data: {
    sharedSessionId: string;
    sessionId: string;
    guestId: string;
    displayName: string;
    joinedAt: string;
  };
};

export type CoachingSharedSessionRevoked = {
  type: 'CoachingSharedSessionRevoked';
  data: { sharedSessionId: string; revokedBy: string; revokedAt: string };
};

export type CoachingSharedSessionEvent =
  CoachingSharedSessionCreated | CoachingSharedSessionJoined | CoachingSharedSessionRevoked;
