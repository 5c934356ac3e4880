import { assertUserManageable, ConflictError } from '@ai-coaching/domain';
import type { AppServices, Origin } from '../app-services.js';
import { signedInUser } from '../tenancy/scope.js';
import { inviterNameOf } from '../organizations/operator-name.js';
import { enqueueInvitationMail, newInviteCode } from './invitation-mail.js';
import { runUserCommand } from './user-commands.js';
import { invitingOrganization, visibleUser } from './user-lookup.js';

/** Mails a new activation link to an invited user; the previous link stops working. */
export const resendInvitation = async (
  services: AppServices,
  origin: Origin,
  userId: string,
): Promise<{ message: string }> => {
  const me = signedInUser(origin.caller);
  const user = await visibleUser(services, me, userId);
  assertUserManageable(me, user);
  if (user.status !== 'invited') throw new ConflictError('user_not_invited', 'This user has no pending invitation.');
  const organization = await invitingOrganization(services, me, user.organizationId);
  const now = services.clock.now();
  const code = newInviteCode(now);
  await runUserCommand(services, origin, {
    type: 'ResendInvitation',
    data: { userId: user.userId, inviteCodeHash: code.codeHash, inviteExpiresAt: code.expiresAt },
    metadata: { now: now.toISOString() },
  });
  await enqueueInvitationMail(services, {
    to: user.email,
    locale: user.locale,
    firstName: user.firstName,
    organizationName: organization.name,
    inviterName: inviterNameOf(organization, me),
    code,
  });
  return { message: 'A new invitation has been sent; the previous link no longer works.' };
};
