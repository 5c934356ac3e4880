import type { ListPage } from '@ai-coaching/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';

/** A count from a list's `total`, asked for with the smallest page. */
const countOf = (path: string, query: Record<string, string> = {}) =>
  api.get<ListPage<unknown>>(path, { ...query, page_size: 12 }).then((page) => page.total);

export const useDashboardCount = (key: string, path: string, enabled: boolean, query: Record<string, string> = {}) =>
  useQuery({ queryKey: ['dashboard', key, query], queryFn: () => countOf(path, query), enabled });

export const useOrganizationWallet = (organizationId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['organizations', 'detail', organizationId],
    queryFn: () => api.get<{ name: string; credit_wallet: number }>(`/v1/organizations/${organizationId}`),
    enabled: enabled && organizationId !== '',
  });
