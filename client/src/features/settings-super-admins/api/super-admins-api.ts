import {} from '@ai-coaching/contracts';
import { superAdminOperations as op } from '../../../lib/http/contract-routes';
import type { RequestOf } from '../../../lib/http/route';
import { useQuery } from '@tanstack/react-query';
import type { ListState } from '../../../hooks/use-list-params';
import { api } from '../../../lib/http/api';
import { pagedListQueryOptions, queryKeys } from '../../../lib/query/query-keys';
import { useInvalidateAll, useInvalidatingMutation } from '../../../lib/query/invalidating-mutation';

export type { SuperAdmin } from '@ai-coaching/contracts';
export type InviteSuperAdminInput = RequestOf<typeof op.invite>['body'];
export type SuperAdminChange = RequestOf<typeof op.update>['body'];

const keys = queryKeys('super-admins');

export const getSuperAdminsQueryOptions = (filters: ListState) =>
  pagedListQueryOptions(keys.list(filters), () => api.call(op.list, { query: filters }));

export const useSuperAdmins = (filters: ListState) => useQuery(getSuperAdminsQueryOptions(filters));

export const useInvalidateSuperAdmins = () => useInvalidateAll(keys);

export const useInviteSuperAdmin = () =>
  useInvalidatingMutation(keys, (body: InviteSuperAdminInput) => api.call(op.invite, { body }));

/** Demotes, disables or enables a super-admin. */
export const changeSuperAdmin = (id: string, body: SuperAdminChange) => api.call(op.update, { params: { id }, body });

/** Cancels a super-admin's invitation (or disables an activated account). */
export const removeSuperAdmin = (id: string) => api.call(op.remove, { params: { id } });
