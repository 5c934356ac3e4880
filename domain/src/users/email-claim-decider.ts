import { decideByType, type Decider } from '../shared/decider.js';
import { ConflictError, ForbiddenError, ValidationError } from '../shared/errors.js';
import { isValidEmail, normalizeEmail } from './rules.js';
import type { ClaimEmail, EmailClaimCommand, ReleaseEmail } from './email-claim-commands.js';
import type { EmailClaimEvent } from './email-claim-events.js';

export type EmailClaimState = { status: 'free' } | { status: 'claimed'; email: string; userId: string };

const claimEmail = ({ data, metadata }: ClaimEmail, state: EmailClaimState): EmailClaimEvent[] => {
  const email = normalizeEmail(data.email);
  if (!isValidEmail(email))
    throw new ValidationError('invalid_email', 'Enter a valid email address.', { field: 'email' });
  if (state.status === 'claimed') {
    if (state.userId === data.userId) return [];
    throw new ConflictError('email_taken', 'Another account already uses this email address.', { field: 'email' });
  }
  return [{ type: 'EmailClaimed', data: { email, userId: data.userId, claimedAt: metadata.now } }];
};

const releaseEmail = ({ data, metadata }: ReleaseEmail, state: EmailClaimState): EmailClaimEvent[] => {
  if (state.status === 'free') return [];
  if (state.userId !== data.userId) {
    throw new ForbiddenError('email_claim_not_held', 'Only the account holding this email address can release it.');
  }
  return [{ type: 'EmailReleased', data: { email: state.email, userId: state.userId, releasedAt: metadata.now } }];
};

export const emailClaimDecider: Decider<EmailClaimCommand, EmailClaimEvent, EmailClaimState> = {
  decide: decideByType({
    ClaimEmail: claimEmail,
    ReleaseEmail: releaseEmail,
  }),
  evolve(_state, event) {
    switch (event.type) {
      case 'EmailClaimed':
        return { status: 'claimed', email: event.data.email, userId: event.data.userId };
      case 'EmailReleased':
        return { status: 'free' };
    }
  },
  initialState: () => ({ status: 'free' }),
};
