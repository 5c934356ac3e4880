import {} from '@ai-coaching/contracts';
import { mailSettingsOperations as op } from '../../../lib/http/contract-routes';
import type { RequestOf } from '../../../lib/http/route';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';
import { queryKeys } from '../../../lib/query/query-keys';

export type { MailSettings } from '@ai-coaching/contracts';
export type MailSettingsInput = RequestOf<typeof op.save>['body'];

const keys = queryKeys('mail-settings');

export const getMailSettingsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: keys.detail(organizationId),
    queryFn: () => api.call(op.read, { params: { id: organizationId } }),
  });

export const useMailSettings = (organizationId: string) =>
  useQuery({ ...getMailSettingsQueryOptions(organizationId), enabled: organizationId !== '' });

export const useSaveMailSettings = (organizationId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailSettingsInput) => api.call(op.save, { params: { id: organizationId }, body }),
    onSuccess: (settings) => queryClient.setQueryData(keys.detail(organizationId), settings),
  });
};

/** A test mail with the current settings, to the caller's own address. */
export const useSendTestMail = (organizationId: string) =>
  useMutation({ mutationFn: () => api.call(op.sendTest, { params: { id: organizationId } }) });
