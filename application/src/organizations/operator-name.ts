import type { OrganizationView } from '@ai-coaching/projections';
import { displayName } from '../users/invitation-mail.js';
import type { UserCaller } from '../tenancy/scope.js';

/**
 * Who an invitation into this organization says it comes from: its operator display name when one
 * is set (the name its administrators appear under), else the inviting person's name.
 */
export const inviterNameOf = (organization: Pick<OrganizationView, 'operatorName'>, inviter: UserCaller): string =>
  organization.operatorName || displayName(inviter);
