import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';
import { userNoticeOperations } from '../../../lib/http/contract-routes';

export type { UserNotice } from '@ai-coaching/contracts';

const key = ['notices'] as const;
/** New notices show within a minute, and as soon as the user comes back to the tab. */
const REFRESH_MS = 60_000;

export const useMyNotices = () =>
  useQuery({
    queryKey: key,
    queryFn: () => api.call(userNoticeOperations.list, { query: { page: 1, page_size: 12 } }),
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
  });

/** Marks notices read (those named, or all of them). */
export const useReadNotices = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => api.call(userNoticeOperations.read, { body: ids ? { ids } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
};
