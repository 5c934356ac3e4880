import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, ValidationError } from '../shared/errors.js';
import { DeciderSpecification, isCode } from '../testing/decider-specification.js';
import type { ClaimEmail, ReleaseEmail } from './email-claim-commands.js';
import { emailClaimDecider } from './email-claim-decider.js';
import { userEmailStreamId, type EmailClaimed, type EmailReleased } from './email-claim-events.js';

const given = DeciderSpecification.for(emailClaimDecider);
const t0 = '2026-11-21T10:00:00.000Z';
const t1 = '2026-11-22T10:00:00.000Z';

const claim = (userId = 'user-1'): ClaimEmail => ({
  type: 'ClaimEmail',
  data: { email: ' Grace@Example.com ', userId },
  metadata: { now: t0 },
});
const claimed: EmailClaimed = {
  type: 'EmailClaimed',
  data: { email: 'grace@example.com', userId: 'user-1', claimedAt: t0 },
};
const release = (userId = 'user-1'): ReleaseEmail => ({
  type: 'ReleaseEmail',
  data: { userId },
  metadata: { now: t1 },
});
const released: EmailReleased = {
  type: 'EmailReleased',
  data: { email: 'grace@example.com', userId: 'user-1', releasedAt: t1 },
};

describe('Email claims', () => {
  describe('userEmailStreamId', () => {
    it('should build the stream id from the hex digest', () => {
      expect(userEmailStreamId('a'.repeat(64))).toBe(`user-email-${'a'.repeat(64)}`);
    });

    it.each(['grace@example.com', 'A'.repeat(64), 'a'.repeat(63)])('should refuse %j as a key', (key) => {
      expect(() => userEmailStreamId(key)).toThrow(/SHA-256/);
    });
  });

  describe('ClaimEmail', () => {
    it('should claim a free email, normalised', () => {
      given([]).when(claim()).then([claimed]);
    });

    it('should decide nothing when the same user claims it again', () => {
      given([claimed]).when(claim()).thenNothing();
    });

    it('should refuse an email held by another user', () => {
      given([claimed]).when(claim('user-2')).thenThrows(ConflictError, isCode('email_taken'));
    });

    it('should let another user claim a released email', () => {
      given([claimed, released])
        .when(claim('user-2'))
        .then([{ ...claimed, data: { ...claimed.data, userId: 'user-2' } }]);
    });

    it('should refuse an invalid email', () => {
      given([])
        .when({ ...claim(), data: { email: 'grace', userId: 'user-1' } })
        .thenThrows(ValidationError, isCode('invalid_email'));
    });
  });

  describe('ReleaseEmail', () => {
    it('should release the email held by the user', () => {
      given([claimed]).when(release()).then([released]);
    });

    it('should decide nothing when the email is free', () => {
      given([claimed, released]).when(release()).thenNothing();
      given([]).when(release()).thenNothing();
    });

    it('should refuse a user that does not hold it', () => {
      given([claimed]).when(release('user-2')).thenThrows(ForbiddenError, isCode('email_claim_not_held'));
    });
  });
});
