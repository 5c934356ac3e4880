import type { ListPage, OrganizationMetadataKind } from '@ai-coaching/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wallet } from '../../../components/wallet-figures';
import type { ListState } from '../../../hooks/use-list-params';
import { api } from '../../../lib/http/api';

export type MetadataValue = string | number | boolean | null;
export type Metadata = Record<string, MetadataValue>;

export type Organization = Wallet & {
  id: string;
  name: string;
  description: string;
  kind: 'platform' | 'customer';
  status: 'active' | 'archived';
  metadata: Record<OrganizationMetadataKind, Metadata>;
  user_count: number;
  created_at: string;
  updated_at: string;
};

const organizationsKey = ['organizations'] as const;

export const getOrganizationsQueryOptions = (filters: ListState & { include_archived?: boolean }) =>
  queryOptions({
    queryKey: [...organizationsKey, 'list', filters],
    queryFn: () => api.get<ListPage<Organization>>('/v1/organizations', filters),
    placeholderData: keepPreviousData,
  });

export const useOrganizations = (filters: ListState & { include_archived?: boolean }) =>
  useQuery(getOrganizationsQueryOptions(filters));

export const getOrganizationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...organizationsKey, 'detail', id],
    queryFn: () => api.get<Organization>(`/v1/organizations/${id}`),
  });

export const useOrganization = (id: string) => useQuery({ ...getOrganizationQueryOptions(id), enabled: id !== '' });

export const useInvalidateOrganizations = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: organizationsKey });
};

export const useCreateOrganization = () => {
  const invalidate = useInvalidateOrganizations();
  return useMutation({
    mutationFn: (input: { name: string; description: string }) => api.post<Organization>('/v1/organizations', input),
    onSuccess: invalidate,
  });
};

export type OrganizationPatch = Partial<{
  name: string;
  description: string;
  metadata_organization: Metadata;
  metadata_product: Metadata;
  metadata_custom: Metadata;
}>;

export const useUpdateOrganization = (id: string) => {
  const invalidate = useInvalidateOrganizations();
  return useMutation({
    mutationFn: (patch: OrganizationPatch) => api.patch<Organization>(`/v1/organizations/${id}`, patch),
    onSuccess: invalidate,
  });
};

export const useArchiveOrganization = () => {
  const invalidate = useInvalidateOrganizations();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/v1/organizations/${id}`),
    onSuccess: invalidate,
  });
};
