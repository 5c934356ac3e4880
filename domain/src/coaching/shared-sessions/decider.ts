import { decideByType, type Decider } from '../../shared/decider.js';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { boundedText } from '../../shared/text.js';
import type {
  CoachingSharedSessionCommand,
  CreateCoachingSharedSession,
  JoinCoachingSharedSession,
  RevokeCoachingSharedSession,
} from './commands.js';
import type { CoachingSharedSessionEvent, CoachingSharedSessionLink } from './events.js';

export const SHARED_SESSION_LABEL_MAX = 120;
export const SHARED_SESSION_MAX_USES = 10_000;
export const GUEST_DISPLAY_NAME_MAX = 80;
/** A link lives at most a year: a longer one is a standing door into a wallet. */
export const SHARED_SESSION_MAX_DAYS = 366;

export type ExistingCoachingSharedSession = CoachingSharedSessionLink & {
  status: 'active' | 'revoked';
  createdBy: string;
  /** The sessions guests started through the link, by session id. */
  sessionIds: ReadonlySet<string>;
};

export type CoachingSharedSessionState = { status: 'none' } | ExistingCoachingSharedSession;

/** Why a link takes no new guest; the join answers them all alike, so a code says nothing about itself. */
export type SharedSessionClosedReason = 'revoked' | 'expired' | 'used_up';

export const sharedSessionClosedReason = (
  link: ExistingCoachingSharedSession,
  now: string,
): SharedSessionClosedReason | null => {
  if (link.status === 'revoked') return 'revoked';
  if (Date.parse(now) >= Date.parse(link.expiresAt)) return 'expired';
  if (link.sessionIds.size >= link.maxUses) return 'used_up';
  return null;
};

const DAY_MS = 86_400_000;

const validLabel = (raw: string): string =>
  boundedText(raw, SHARED_SESSION_LABEL_MAX, {
    code: 'invalid_shared_session_label',
    message: `A link’s label has 1 to ${SHARED_SESSION_LABEL_MAX} characters.`,
    details: { field: 'label' },
  });

const validExpiry = (expiresAt: string, now: string) => {
  const at = Date.parse(expiresAt);
  if (!Number.isFinite(at) || at <= Date.parse(now) || at > Date.parse(now) + SHARED_SESSION_MAX_DAYS * DAY_MS) {
    throw new ValidationError(
      'invalid_shared_session_expiry',
      `A link expires in the future, within ${SHARED_SESSION_MAX_DAYS} days.`,
      { field: 'expires_at' },
    );
  }
  return new Date(at).toISOString();
};

const validMaxUses = (maxUses: number) => {
  if (!Number.isInteger(maxUses) || maxUses < 1 || maxUses > SHARED_SESSION_MAX_USES) {
    throw new ValidationError(
      'invalid_shared_session_max_uses',
      `A link is used 1 to ${SHARED_SESSION_MAX_USES} times.`,
      { field: 'max_uses' },
    );
  }
  return maxUses;
};

const validDisplayName = (raw: string): string =>
  boundedText(raw, GUEST_DISPLAY_NAME_MAX, {
    code: 'invalid_guest_display_name',
    message: `Your name has 1 to ${GUEST_DISPLAY_NAME_MAX} characters.`,
    details: { field: 'display_name' },
  });

/** One refusal for every closed link, so a visitor cannot tell a revoked or used-up link from a wrong code. */
export const sharedSessionUnavailable = () =>
  new NotFoundError(
    'shared_session_unavailable',
    'This link does not work: it may be wrong, expired or no longer offered. Ask the person who shared it for a new one.',
  );

const create = ({ data, metadata }: CreateCoachingSharedSession, state: CoachingSharedSessionState) => {
  if (state.status !== 'none') throw new ConflictError('shared_session_exists', 'This share link already exists.');
  return [
    {
      type: 'CoachingSharedSessionCreated' as const,
      data: {
        sharedSessionId: data.sharedSessionId,
        organizationId: data.organizationId,
        scenarioId: data.scenarioId,
        label: validLabel(data.label),
        expiresAt: validExpiry(data.expiresAt, metadata.now),
        maxUses: validMaxUses(data.maxUses),
        paidBy: data.paidBy,
        codeHash: data.codeHash,
        createdBy: data.createdBy,
        createdAt: metadata.now,
      },
    },
  ];
};

const join = ({ data, metadata }: JoinCoachingSharedSession, state: CoachingSharedSessionState) => {
  if (state.status === 'none') throw sharedSessionUnavailable();
  // The same session joined again (a retried request) is the use already counted.
  if (state.sessionIds.has(data.sessionId)) return [];
  if (sharedSessionClosedReason(state, metadata.now) !== null) throw sharedSessionUnavailable();
  return [
    {
      type: 'CoachingSharedSessionJoined' as const,
      data: {
        sharedSessionId: data.sharedSessionId,
        sessionId: data.sessionId,
        guestId: data.guestId,
        displayName: validDisplayName(data.displayName),
        joinedAt: metadata.now,
      },
    },
  ];
};

const revoke = ({ data, metadata }: RevokeCoachingSharedSession, state: CoachingSharedSessionState) => {
  if (state.status === 'none') {
    throw new NotFoundError('shared_session_not_found', 'This share link does not exist.');
  }
  if (state.status === 'revoked') return [];
  return [
    {
      type: 'CoachingSharedSessionRevoked' as const,
      data: { sharedSessionId: data.sharedSessionId, revokedBy: data.revokedBy, revokedAt: metadata.now },
    },
  ];
};

export const coachingSharedSessionDecider: Decider<
  CoachingSharedSessionCommand,
  CoachingSharedSessionEvent,
  CoachingSharedSessionState
> = {
  decide: decideByType({
    CreateCoachingSharedSession: create,
    JoinCoachingSharedSession: join,
    RevokeCoachingSharedSession: revoke,
  }),
  evolve(state, event) {
    if (event.type === 'CoachingSharedSessionCreated') {
      const { codeHash: _hash, createdAt: _at, ...link } = event.data;
      return { ...link, status: 'active', sessionIds: new Set() };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'CoachingSharedSessionJoined':
        return { ...state, sessionIds: new Set([...state.sessionIds, event.data.sessionId]) };
      case 'CoachingSharedSessionRevoked':
        return { ...state, status: 'revoked' };
    }
  },
  initialState: () => ({ status: 'none' }),
};
