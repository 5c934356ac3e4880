import { coachingPlaylistProgressOperations as op } from '@ai-coaching/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';

export type { PlaylistProgress } from '@ai-coaching/contracts';

/** Under the sessions' key: starting or ending a session invalidates it with them. */
export const usePlaylistProgress = (playlistId: string) =>
  useQuery({
    queryKey: ['coaching-sessions', 'playlist-progress', playlistId],
    queryFn: () => api.call(op.read, { params: { id: playlistId } }),
  });
