import { type OrganizationMetadataRecord } from '@ai-coaching/contracts';
import { organizationOperations as op } from '../../../lib/http/contract-routes';
import type { RequestOf } from '../../../lib/http/route';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListState } from '../../../hooks/use-list-params';
import { api } from '../../../lib/http/api';
import { pagedListQueryOptions, queryKeys } from '../../../lib/query/query-keys';
import { useInvalidateAll, useInvalidatingMutation } from '../../../lib/query/invalidating-mutation';

export type { Organization } from '@ai-coaching/contracts';

export type Metadata = OrganizationMetadataRecord;
export type MetadataValue = Metadata[string];

/** The list's own filter besides paging, sort and search (super-admins only). */
export type OrganizationFilters = ListState & { include_archived?: 'true' | 'false' };

export type OrganizationPatch = RequestOf<typeof op.update>['body'];

const keys = queryKeys('organizations');

export const getOrganizationsQueryOptions = (filters: OrganizationFilters) =>
  pagedListQueryOptions(keys.list(filters), () => api.call(op.list, { query: filters }));

export const useOrganizations = (filters: OrganizationFilters) => useQuery(getOrganizationsQueryOptions(filters));

export const getOrganizationQueryOptions = (id: string) =>
  queryOptions({ queryKey: keys.detail(id), queryFn: () => api.call(op.read, { params: { id } }) });

export const useOrganization = (id: string) => useQuery({ ...getOrganizationQueryOptions(id), enabled: id !== '' });

export const useInvalidateOrganizations = () => useInvalidateAll(keys);

export const useCreateOrganization = () =>
  useInvalidatingMutation(keys, (body: RequestOf<typeof op.create>['body']) => api.call(op.create, { body }));

export const useUpdateOrganization = (id: string) =>
  useInvalidatingMutation(keys, (patch: OrganizationPatch) => api.call(op.update, { params: { id }, body: patch }));

export const archiveOrganization = (id: string) => api.call(op.archive, { params: { id } });
