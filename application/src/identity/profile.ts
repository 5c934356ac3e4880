import type { Profile } from '@ai-coaching/contracts';
import { ForbiddenError, userAccount } from '@ai-coaching/domain';
import { findWallet } from '@ai-coaching/projections';
import type { AppServices, Origin } from '../app-services.js';

/** `/v1/me`: the caller as the token resolved them; a guest has no email, organization nor credits. */
export const readProfile = async (services: Pick<AppServices, 'db'>, origin: Origin): Promise<Profile> => {
  const me = origin.caller;
  if (!me) throw new ForbiddenError('forbidden', 'You do not have permission to do this.');
  if (me.kind === 'guest') {
    return {
      id: me.guestId,
      email: '',
      first_name: '',
      last_name: '',
      organization_id: '',
      organization_role: 'guest',
      permissions: [...me.permissions],
      credit_wallet: 0,
    };
  }
  return {
    id: me.userId,
    email: me.email,
    first_name: me.firstName,
    last_name: me.lastName,
    organization_id: me.organizationId,
    organization_role: me.role,
    permissions: [...me.permissions],
    credit_wallet: (await findWallet(services.db, userAccount(me.userId))).available,
  };
};
