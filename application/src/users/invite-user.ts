import type { ParsedRequest, User, userOperations } from '@ai-coaching/contracts';
import {
  assertRoleAssignable,
  assertRoleFitsOrganization,
  DEFAULT_USER_LOCALE,
  DomainError,
  type UserInvited,
} from '@ai-coaching/domain';
import type { AppServices, Origin } from '../app-services.js';
import { EMPTY_WALLET } from '../credits/wallets.js';
import { signedInUser } from '../tenancy/scope.js';
import { inviterNameOf } from '../organizations/operator-name.js';
import { enqueueInvitationMail, newInviteCode } from './invitation-mail.js';
import { claimEmail, releaseEmail, runUserCommand } from './user-commands.js';
import { invitingOrganization } from './user-lookup.js';
import { toUser } from './user-view.js';

export type InviteUserInput = ParsedRequest<(typeof userOperations)['invite']>['body'];

/**
 * Invites a person: the address is claimed, the account exists as `invited`, and a mail with the
 * activation link goes out in their language (the one given, else the inviter's). Every rule is
 * checked before the first command.
 */
export const inviteUser = async (services: AppServices, origin: Origin, input: InviteUserInput): Promise<User> => {
  const me = signedInUser(origin.caller);
  assertRoleAssignable(me, input.organization_role);
  const organization = await invitingOrganization(services, me, input.organization_id);
  assertRoleFitsOrganization(input.organization_role, organization);
  const userId = services.ids.newId();
  const now = services.clock.now();
  const at = now.toISOString();
  // The claim is the uniqueness check: it refuses an address another account holds (409 email_taken).
  await claimEmail(services, origin, { email: input.email, userId, now: at });
  const code = newInviteCode(now);
  // The invitee's language when the inviter gives it, else the inviter's own (the interface they invite from):
  // a French operator's invitation reads in French. It becomes the new account's language.
  const locale = input.locale ?? origin.locale ?? DEFAULT_USER_LOCALE;
  const invited = await runUserCommand(services, origin, {
    type: 'InviteUser',
    data: {
      userId,
      organizationId: organization.organizationId,
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      role: input.organization_role,
      locale,
      inviteCodeHash: code.codeHash,
      inviteExpiresAt: code.expiresAt,
      invitedBy: me.userId,
    },
    metadata: { now: at },
  }).catch(async (error: unknown) => {
    // A refused invitation must not keep the address, or nobody could invite it again.
    if (error instanceof DomainError) await releaseEmail(services, origin, input.email, userId);
    throw error;
  });
  await enqueueInvitationMail(services, {
    to: input.email,
    locale,
    firstName: input.first_name,
    organizationName: organization.name,
    inviterName: inviterNameOf(organization, me),
    code,
  });
  // From the event rather than the read model, which may lag behind when the projection wait timed out.
  const data = invited.events[0]!.data as UserInvited['data'];
  return toUser(
    { ...data, status: 'invited', avatarImageId: null, createdAt: data.invitedAt, updatedAt: data.invitedAt },
    EMPTY_WALLET,
  );
};
