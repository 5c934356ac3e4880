// TRANSITION: tenancy helpers now live in the application layer (`@ai-coaching/application`);
// removed once every route uses them from there.
import { visibleOrganization as visible, type UserCaller } from '@ai-coaching/application';
import type { ApiServices } from './context.js';

export { isSuperAdmin, organizationNotFound, signedInUser, type UserCaller } from '@ai-coaching/application';
export const visibleOrganization = (services: ApiServices, caller: UserCaller, organizationId: string) =>
  visible(services, caller, organizationId);
