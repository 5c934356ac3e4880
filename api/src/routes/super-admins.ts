import { changeSuperAdmin, inviteSuperAdmin, listSuperAdmins, removeSuperAdmin } from '@ai-coaching/application';
import { superAdminOperations as op } from '@ai-coaching/contracts';
import { createHandler, deleteHandler, listHandler, updateHandler } from '../http/use-case-handlers.js';
import { defineRoute, permission } from '../http/route.js';

export const superAdminRoutes = [
  defineRoute(op.list, { access: permission('super-admin-read'), handler: listHandler(listSuperAdmins) }),
  defineRoute(op.invite, { access: permission('super-admin-create'), handler: createHandler(inviteSuperAdmin) }),
  defineRoute(op.update, { access: permission('super-admin-update'), handler: updateHandler(changeSuperAdmin) }),
  defineRoute(op.remove, { access: permission('super-admin-delete'), handler: deleteHandler(removeSuperAdmin) }),
];
