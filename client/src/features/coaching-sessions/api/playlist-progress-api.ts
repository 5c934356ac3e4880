import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';
import { coachingPlaylistProgressOperations as op } from '../../../lib/http/contract-routes';

export type { PlaylistProgress } from '@ai-coaching/contracts';

export const getPlaylistProgressQueryOptions = (playlistId: string) =>
  queryOptions({
    queryKey: ['coaching-sessions', 'playlist-progress', playlistId],
    queryFn: () => api.call(op.read, { params: { id: playlistId } }),
  });

/**
 * Under the sessions' key: starting or ending a session invalidates it with them. `fresh` asks the server again on
 * every mount: a result page needs the progress its session has just made (the play screen's end is not a mutation).
 */
export const usePlaylistProgress = (playlistId: string, { enabled = true, fresh = false } = {}) =>
  useQuery({ ...getPlaylistProgressQueryOptions(playlistId), enabled, ...(fresh ? { staleTime: 0 } : {}) });
