import { decideByType, type Decider } from '../shared/decider.js';
import type { UserCommand } from './commands.js';
import {
  changePassword,
  changeUserAvatar,
  changeUserRole,
  completePasswordReset,
  disableUser,
  enableUser,
  linkIdentity,
  requestPasswordReset,
  updateUserProfile,
} from './decide-account.js';
import { activateAccount, cancelInvitation, createUser, inviteUser, resendInvitation } from './decide-onboarding.js';
import type { UserEvent } from './events.js';
import { evolveUser, initialUserState, type UserState } from './state.js';

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  decide: decideByType({
    CreateUser: createUser,
    InviteUser: inviteUser,
    ResendInvitation: resendInvitation,
    CancelInvitation: cancelInvitation,
    ActivateAccount: activateAccount,
    UpdateUserProfile: updateUserProfile,
    ChangeUserAvatar: changeUserAvatar,
    ChangeUserRole: changeUserRole,
    DisableUser: disableUser,
    EnableUser: enableUser,
    ChangePassword: changePassword,
    RequestPasswordReset: requestPasswordReset,
    CompletePasswordReset: completePasswordReset,
    LinkIdentity: linkIdentity,
  }),
  evolve: evolveUser,
  initialState: initialUserState,
};
