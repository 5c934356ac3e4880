import type { User, UserDetail, WalletFields } from '@ai-coaching/contracts';
import { userAccount } from '@ai-coaching/domain';
import type { UserGroupView, UserView } from '@ai-coaching/projections';
import type { AppServices } from '../app-services.js';
import { walletOf } from '../credits/wallets.js';

/** What a user's representation is made of; the invitation builds it from its event. */
export type UserFields = Pick<
  UserView,
  | 'userId'
  | 'organizationId'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'role'
  | 'status'
  | 'locale'
  | 'avatarImageId'
  | 'createdAt'
  | 'updatedAt'
>;

// Picked field by field, so nothing else the read model holds (a password hash) can reach a response.
// Without the avatar: the super-admins' answers are made of this and do not carry one.
export const toUserProfile = (user: UserFields): Omit<User, keyof WalletFields | 'avatar_image_id'> => ({
  id: user.userId,
  email: user.email,
  first_name: user.firstName,
  last_name: user.lastName,
  organization_id: user.organizationId,
  organization_role: user.role,
  status: user.status,
  locale: user.locale,
  created_at: user.createdAt,
  updated_at: user.updatedAt,
});

export const toUser = (user: UserFields, wallet: WalletFields): User => ({
  ...toUserProfile(user),
  avatar_image_id: user.avatarImageId,
  ...wallet,
});

export const toUserDetail = (
  user: UserFields,
  wallet: WalletFields,
  groups: readonly Pick<UserGroupView, 'userGroupId' | 'name'>[],
): UserDetail => ({
  ...toUser(user, wallet),
  groups: groups.map((group) => ({ id: group.userGroupId, name: group.name })),
});

/** The user with the wallet the read model has for them. */
export const withWallet = async (services: Pick<AppServices, 'db'>, user: UserFields): Promise<User> =>
  toUser(user, await walletOf(services, userAccount(user.userId)));
