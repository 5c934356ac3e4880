/**
 * One stream per normalised email makes emails unique across users: appending to it is the
 * uniqueness check, so no read model has to enforce it. The key is the SHA-256 hex digest of
 * `normalizeEmail(email)`, computed by the caller (the domain does no cryptography); hashing keeps
 * addresses out of stream ids, which appear in logs.
 */
export const userEmailStreamId = (emailKey: string): string => {
  if (!/^[0-9a-f]{64}$/.test(emailKey)) {
    throw new Error('An email claim key is the lower-case SHA-256 hex digest of the normalised email.');
  }
  return `user-email-${emailKey}`;
};

export type EmailClaimed = {
  type: 'EmailClaimed';
  data: { email: string; userId: string; claimedAt: string };
};

export type EmailReleased = {
  type: 'EmailReleased';
  data: { email: string; userId: string; releasedAt: string };
};

export type EmailClaimEvent = EmailClaimed | EmailReleased;
