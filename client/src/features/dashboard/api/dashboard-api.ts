import {
  coachingDashboardOperations,
  coachingSessionOperations,
  organizationOperations,
  platformSetupOperations,
  userGroupOperations,
  userOperations,
} from '../../../lib/http/contract-routes';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';
import type { RequestOf } from '../../../lib/http/route';
import { isLocale } from '../../../lib/i18n/locales';
import { queryKeys } from '../../../lib/query/query-keys';

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

export const getOrganizationWalletQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', 'detail', organizationId],
    queryFn: () => api.call(organizationOperations.read, { params: { id: organizationId } }),
  });

export const useOrganizationWallet = (organizationId: string, enabled: boolean) =>
  useQuery({ ...getOrganizationWalletQueryOptions(organizationId), enabled: enabled && organizationId !== '' });

export type CoachingDashboardQuery = RequestOf<typeof coachingDashboardOperations.read>['query'];
export type CoachingDashboardExportQuery = RequestOf<typeof coachingDashboardOperations.export>['query'];

const coachingDashboardKeys = queryKeys('coaching-dashboard');

/** The coaching figures of a period: the caller's own (`mine`) or their team's. */
export const getCoachingDashboardQueryOptions = (query: CoachingDashboardQuery) =>
  queryOptions({
    queryKey: coachingDashboardKeys.list(query),
    queryFn: () => api.call(coachingDashboardOperations.read, { query }),
    // A new period or filter keeps the figures in view until its own arrive, so the page does not jump.
    placeholderData: keepPreviousData,
  });

export const useCoachingDashboard = (query: CoachingDashboardQuery, enabled = true) =>
  useQuery({ ...getCoachingDashboardQueryOptions(query), enabled });

/** The team's figures as the CSV text, its header row and words in the interface's language. */
export const downloadCoachingDashboardCsv = (query: CoachingDashboardExportQuery) => {
  const lang = document.documentElement.lang;
  return api.request<string>(coachingDashboardOperations.export.path, {
    query: { ...query, ...(isLocale(lang) ? { lang } : {}) },
    responseType: 'text',
  });
};

/** Downloading the CSV is the user's intent (busy while it runs); it changes nothing cached. */
export const useCoachingDashboardCsv = () => useMutation({ mutationFn: downloadCoachingDashboardCsv });

/** The organization's active groups for the team's group filter, by name (the spec's largest page). */
export const getTeamGroupsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['dashboard', 'team-groups', organizationId],
    queryFn: () =>
      api.call(userGroupOperations.list, {
        query: { page: 1, page_size: 48, sort: 'name', ...(organizationId ? { organization_id: organizationId } : {}) },
      }),
  });

export const useTeamGroups = (organizationId: string, enabled: boolean) =>
  useQuery({ ...getTeamGroupsQueryOptions(organizationId), enabled });

/** The super-admin's setup checklist; only asked for by super-admins, and gone once complete. */
export const getPlatformSetupChecklistQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'setup-checklist'],
    queryFn: () => api.call(platformSetupOperations.checklist, {}),
  });

export const usePlatformSetupChecklist = (enabled: boolean) =>
  useQuery({ ...getPlatformSetupChecklistQueryOptions(), enabled });
