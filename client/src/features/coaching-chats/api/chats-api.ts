import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';
import { coachingChatOperations as chats } from '../../../lib/http/contract-routes';
import { queryKeys } from '../../../lib/query/query-keys';

export type {
  CoachingChatAnswer as CoachingChat,
  CoachingChatExchangeAnswer as CoachingChatExchange,
  CoachingChatSummaryAnswer as CoachingChatSummary,
} from '@ai-coaching/contracts';

const keys = queryKeys('coaching-chats');
const sessionChatsKey = (sessionId: string) => [...keys.lists(), sessionId] as const;

export const getSessionChatsQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: sessionChatsKey(sessionId),
    queryFn: () => api.call(chats.list, { params: { id: sessionId } }),
  });

export const useSessionChats = (sessionId: string) => useQuery(getSessionChatsQueryOptions(sessionId));

export const getCoachingChatQueryOptions = (chatId: string) =>
  queryOptions({ queryKey: keys.detail(chatId), queryFn: () => api.call(chats.read, { params: { id: chatId } }) });

/** `null` while no conversation is open. */
export const useCoachingChat = (chatId: string | null) =>
  useQuery({ ...getCoachingChatQueryOptions(chatId ?? ''), enabled: chatId !== null });

/** One key per intent (`newIdempotencyKey`): a retried start makes one conversation. */
export const useStartChat = (sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey }: { idempotencyKey: string }) =>
      api.call(chats.create, { params: { id: sessionId }, body: {} }, { idempotencyKey }),
    onSuccess: (chat) => {
      queryClient.setQueryData(keys.detail(chat.id), chat);
      return queryClient.invalidateQueries({ queryKey: sessionChatsKey(sessionId) });
    },
  });
};

/** A question keeps its message id until answered, so sending it again after a failure is answered once. */
export const useAskCoach = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chatId, text, messageId }: { chatId: string; text: string; messageId: string }) =>
      api.call(chats.ask, { params: { id: chatId }, body: { text, message_id: messageId } }),
    onSuccess: (_exchange, { chatId }) => queryClient.invalidateQueries({ queryKey: keys.detail(chatId) }),
  });
};

export const useDeleteChat = (sessionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chatId: string) => api.call(chats.delete, { params: { id: chatId } }),
    onSuccess: (_answer, chatId) => {
      queryClient.removeQueries({ queryKey: keys.detail(chatId) });
      return queryClient.invalidateQueries({ queryKey: sessionChatsKey(sessionId) });
    },
  });
};
