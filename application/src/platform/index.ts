// The platform's own staff: super-admins, and the rule that the last active one always stays.
export { listSuperAdmins, inviteSuperAdmin, changeSuperAdmin, removeSuperAdmin } from './super-admins.js';
export { guardSuperAdminRemoval, removesSuperAdmin } from './super-admin-guard.js';
// Their first minutes on a new platform.
export { readPlatformSetupChecklist } from './setup-checklist.js';
