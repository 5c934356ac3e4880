import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';
import { coachingSessionCommentOperations as comments } from '../../../lib/http/contract-routes';
import { queryKeys } from '../../../lib/query/query-keys';

export type { CoachingSessionCommentAnswer as SessionComment } from '@ai-coaching/contracts';

export type CommentVisibility = 'learner' | 'managers';

const keys = queryKeys('session-comments');
const sessionCommentsKey = (sessionId: string) => keys.detail(sessionId);

export const getSessionCommentsQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: sessionCommentsKey(sessionId),
    queryFn: () => api.call(comments.list, { params: { id: sessionId } }),
  });

/** The session's comments the caller reads; every turn of the transcript and the panel share this one query. */
export const useSessionComments = (sessionId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getSessionCommentsQueryOptions(sessionId), enabled });

export type NewComment = {
  body: string;
  turn_index?: number;
  visibility?: CommentVisibility;
  reply_to?: string;
  /** One key per intent (`newIdempotencyKey`): a retried post comments, and mails, once. */
  idempotencyKey: string;
};

export const useAddComment = (sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: NewComment) =>
      api.call(comments.create, { params: { id: sessionId }, body }, { idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionCommentsKey(sessionId) }),
  });
};

export const useEditComment = (sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, body }: { commentId: string; body: string }) =>
      api.call(comments.update, { params: { id: sessionId, comment_id: commentId }, body: { body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionCommentsKey(sessionId) }),
  });
};

export const useDeleteComment = (sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => api.call(comments.delete, { params: { id: sessionId, comment_id: commentId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionCommentsKey(sessionId) }),
  });
};
