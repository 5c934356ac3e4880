import type { ApplicationId } from '@ai-coaching/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';
import { applicationOperations as op } from '../../../lib/http/contract-routes';
import { queryKeys } from '../../../lib/query/query-keys';
import { useCurrentUser } from '../../../lib/session/session-context';

export type { Application } from '@ai-coaching/contracts';

const keys = queryKeys('applications');

export const getOrganizationApplicationsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: keys.detail(organizationId),
    queryFn: () => api.call(op.list, { params: { id: organizationId } }),
    // Installs change rarely (a super-admin's decision): the menu need not ask on every page.
    staleTime: 60_000,
  });

export const useOrganizationApplications = (organizationId: string, enabled = true) =>
  useQuery({ ...getOrganizationApplicationsQueryOptions(organizationId), enabled: enabled && organizationId !== '' });

/**
 * What the signed-in user's organization has installed: `installed(id)` is undefined while unknown (loading, or a
 * visitor without an organization such as a guest), so callers decide what an unknown state shows.
 */
export const useInstalledApplications = () => {
  const user = useCurrentUser();
  const enabled = user !== null && user.permissions.includes('application-read');
  const query = useOrganizationApplications(user?.organization_id ?? '', enabled);
  const items = query.data?.items;
  return {
    query,
    applications: items?.filter((item) => item.installed),
    installed: (id: ApplicationId): boolean | undefined =>
      items === undefined ? undefined : items.some((item) => item.id === id && item.installed),
  };
};
