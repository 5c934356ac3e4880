import { ASSIGNABLE_ROLES, isRole, type Role } from '@ai-coaching/domain';

/**
 * The roles a caller may give in an organization (the server's rules: ASSIGNABLE_ROLES, and super-admin in the
 * platform organization only); guests are never invited.
 */
export const assignableRoles = (callerRole: string, organization: { platform: boolean }): Role[] =>
  isRole(callerRole)
    ? ASSIGNABLE_ROLES[callerRole].filter(
        (role) => role !== 'guest' && (role !== 'super-admin' || organization.platform),
      )
    : [];
