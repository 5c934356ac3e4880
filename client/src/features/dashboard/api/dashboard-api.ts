import {
  coachingSessionOperations,
  organizationOperations,
  userGroupOperations,
  userOperations,
} from '../../../lib/http/contract-routes';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';

const LISTS = {
  users: userOperations.list,
  groups: userGroupOperations.list,
  organizations: organizationOperations.list,
  /** The caller's own sessions. */
  sessions: coachingSessionOperations.list,
} as const;

/** How many a list holds: its `total`, asked for with the smallest page. */
export const useDashboardCount = (list: keyof typeof LISTS, enabled: boolean, organizationId?: string) =>
  useQuery({
    queryKey: ['dashboard', list, organizationId ?? null],
    queryFn: async () => {
      const query = {
        page_size: 12,
        ...(organizationId && (list === 'users' || list === 'groups') ? { organization_id: organizationId } : {}),
      };
      return (await api.call(LISTS[list], { query })).total;
    },
    enabled,
  });

export const useOrganizationWallet = (organizationId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['organizations', 'detail', organizationId],
    queryFn: () => api.call(organizationOperations.read, { params: { id: organizationId } }),
    enabled: enabled && organizationId !== '',
  });
