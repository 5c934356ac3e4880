import { ASSIGNABLE_ROLES, isRole, type Role } from '@ai-coaching/domain';

/** The roles a caller may give (the server's rule, ASSIGNABLE_ROLES); guests are never invited. */
export const assignableRoles = (callerRole: string): Role[] =>
  isRole(callerRole) ? ASSIGNABLE_ROLES[callerRole].filter((role) => role !== 'guest') : [];
