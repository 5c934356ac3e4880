import { describe, it } from 'vitest';
import { DomainError } from '../../shared/errors.js';
import { DeciderSpecification, isCode } from '../../testing/decider-specification.js';
import type {
  CreateCoachingSharedSession,
  JoinCoachingSharedSession,
  RevokeCoachingSharedSession,
} from './commands.js';
import { coachingSharedSessionDecider, SHARED_SESSION_MAX_USES } from './decider.js';
import type {
  CoachingSharedSessionCreated,
  CoachingSharedSessionJoined,
  CoachingSharedSessionRevoked,
} from './events.js';

const given = DeciderSpecification.for(coachingSharedSessionDecider);
const t0 = '2026-11-25T10:00:00.000Z';
const t1 = '2026-11-25T11:00:00.000Z';
const expiry = '2026-11-26T10:00:00.000Z';
const afterExpiry = '2026-11-26T10:00:00.000Z';

const create = (data: Partial<CreateCoachingSharedSession['data']> = {}): CreateCoachingSharedSession => ({
  type: 'CreateCoachingSharedSession',
  data: {
    sharedSessionId: 'link-1',
    organizationId: 'org-1',
    scenarioId: 'scenario-1',
    label: ' Workshop ',
    expiresAt: expiry,
    maxUses: 2,
    paidBy: { type: 'user', userId: 'sharer' },
    codeHash: 'hash',
    createdBy: 'sharer',
    ...data,
  },
  metadata: { now: t0 },
});
const created: CoachingSharedSessionCreated = {
  type: 'CoachingSharedSessionCreated',
  data: {
    sharedSessionId: 'link-1',
    organizationId: 'org-1',
    scenarioId: 'scenario-1',
    label: 'Workshop',
    expiresAt: expiry,
    maxUses: 2,
    paidBy: { type: 'user', userId: 'sharer' },
    codeHash: 'hash',
    createdBy: 'sharer',
    createdAt: t0,
  },
};
const join = (sessionId = 'session-1', now = t1, displayName = ' Ada '): JoinCoachingSharedSession => ({
  type: 'JoinCoachingSharedSession',
  data: { sharedSessionId: 'link-1', sessionId, guestId: `guest-${sessionId}`, displayName },
  metadata: { now },
});
const joined = (sessionId = 'session-1'): CoachingSharedSessionJoined => ({
  type: 'CoachingSharedSessionJoined',
  data: { sharedSessionId: 'link-1', sessionId, guestId: `guest-${sessionId}`, displayName: 'Ada', joinedAt: t1 },
});
const revoke: RevokeCoachingSharedSession = {
  type: 'RevokeCoachingSharedSession',
  data: { sharedSessionId: 'link-1', revokedBy: 'sharer' },
  metadata: { now: t1 },
};
const revoked: CoachingSharedSessionRevoked = {
  type: 'CoachingSharedSessionRevoked',
  data: { sharedSessionId: 'link-1', revokedBy: 'sharer', revokedAt: t1 },
};

describe('Share links of a scenario', () => {
  describe('CreateCoachingSharedSession', () => {
    it('creates the link with its label trimmed, storing only the code’s hash', () => {
      given([]).when(create()).then([created]);
    });
    it('refuses an empty label, a past or far expiry, and a use count out of range, naming the field', () => {
      given([])
        .when(create({ label: '  ' }))
        .thenThrows(DomainError, isCode('invalid_shared_session_label'));
      given([])
        .when(create({ expiresAt: t0 }))
        .thenThrows(DomainError, isCode('invalid_shared_session_expiry'));
      given([])
        .when(create({ expiresAt: '2028-01-01T00:00:00.000Z' }))
        .thenThrows(DomainError, isCode('invalid_shared_session_expiry'));
      given([])
        .when(create({ maxUses: 0 }))
        .thenThrows(DomainError, isCode('invalid_shared_session_max_uses'));
      given([])
        .when(create({ maxUses: SHARED_SESSION_MAX_USES + 1 }))
        .thenThrows(DomainError, isCode('invalid_shared_session_max_uses'));
    });
    it('refuses to create it twice', () => {
      given([created]).when(create()).thenThrows(DomainError, isCode('shared_session_exists'));
    });
  });

  describe('JoinCoachingSharedSession', () => {
    it('counts a guest’s use with their name trimmed', () => {
      given([created]).when(join()).then([joined()]);
    });
    it('counts the same session once when the join is retried', () => {
      given([created, joined()]).when(join()).then([]);
    });
    it('refuses a missing, revoked, expired or used-up link with one and the same answer', () => {
      given([]).when(join()).thenThrows(DomainError, isCode('shared_session_unavailable'));
      given([created, revoked]).when(join()).thenThrows(DomainError, isCode('shared_session_unavailable'));
      given([created])
        .when(join('session-1', afterExpiry))
        .thenThrows(DomainError, isCode('shared_session_unavailable'));
      given([created, joined('a'), joined('b')])
        .when(join('c'))
        .thenThrows(DomainError, isCode('shared_session_unavailable'));
    });
    it('refuses an empty display name, naming the field', () => {
      given([created])
        .when(join('session-1', t1, ' '))
        .thenThrows(DomainError, isCode('invalid_guest_display_name'));
    });
  });

  describe('RevokeCoachingSharedSession', () => {
    it('revokes once; revoking again changes nothing', () => {
      given([created]).when(revoke).then([revoked]);
      given([created, revoked]).when(revoke).then([]);
    });
    it('refuses an unknown link', () => {
      given([]).when(revoke).thenThrows(DomainError, isCode('shared_session_not_found'));
    });
  });
});
