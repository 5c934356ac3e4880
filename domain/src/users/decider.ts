import type { Decider } from '../shared/decider.js';
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
  decide(command, state) {
    switch (command.type) {
      case 'CreateUser':
        return createUser(command, state);
      case 'InviteUser':
        return inviteUser(command, state);
      case 'ResendInvitation':
        return resendInvitation(command, state);
      case 'CancelInvitation':
        return cancelInvitation(command, state);
      case 'ActivateAccount':
        return activateAccount(command, state);
      case 'UpdateUserProfile':
        return updateUserProfile(command, state);
      case 'ChangeUserAvatar':
        return changeUserAvatar(command, state);
      case 'ChangeUserRole':
        return changeUserRole(command, state);
      case 'DisableUser':
        return disableUser(command, state);
      case 'EnableUser':
        return enableUser(command, state);
      case 'ChangePassword':
        return changePassword(command, state);
      case 'RequestPasswordReset':
        return requestPasswordReset(command, state);
      case 'CompletePasswordReset':
        return completePasswordReset(command, state);
      case 'LinkIdentity':
        return linkIdentity(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${String((unknown as { type?: unknown }).type)}`);
      }
    }
  },
  evolve: evolveUser,
  initialState: initialUserState,
};
