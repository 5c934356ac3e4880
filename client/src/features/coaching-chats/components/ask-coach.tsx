import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { newIdempotencyKey } from '../../../lib/http/api';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { canAll, useCurrentUser } from '../../../lib/session/session-context';
import { useAskCoach, useCoachingChat, useDeleteChat, useSessionChats, useStartChat } from '../api/chats-api';

const QUESTION_MAX = 2000;
const SUGGESTIONS = ['differently', 'questions', 'talk', 'mission'] as const;

export type AskCoachProps = {
  sessionId: string;
  /** The session's player: only they ask; whoever else reads the session reads the conversations. */
  playerId: string | null;
  /** The session's language: the coach answers in it. */
  language: string;
};

/** A question on its way: kept with its id until answered, so "Send again" is answered once. */
type Pending = { text: string; messageId: string };

/**
 * Sending a question: the conversation is started first when there is none (under one key per intent), and a failed
 * question is kept with its id so "Send again" is answered once.
 */
const useSendQuestion = (sessionId: string, chatId: string | null, onStarted: (id: string) => void) => {
  const start = useStartChat(sessionId);
  const ask = useAskCoach();
  const [pending, setPending] = useState<Pending | null>(null);
  const [startKey, setStartKey] = useState(newIdempotencyKey);
  const send = async (question: Pending) => {
    setPending(question);
    start.reset();
    ask.reset();
    try {
      let id = chatId;
      if (id === null) {
        id = (await start.mutateAsync({ idempotencyKey: startKey })).id;
        onStarted(id);
        setStartKey(newIdempotencyKey());
      }
      await ask.mutateAsync({ chatId: id, ...question });
      setPending(null);
    } catch {
      // Shown next to the input; the question stays with its id for "Send again".
    }
  };
  return {
    send,
    pending,
    forget: () => setPending(null),
    busy: start.isPending || ask.isPending,
    failure: start.error ?? ask.error,
  };
};

type PickerProps = {
  chats: NonNullable<ReturnType<typeof useSessionChats>['data']>['items'];
  chatId: string | null;
  /** A new conversation is chosen: not in the list yet. */
  isNew: boolean;
  onChoose: (id: string) => void;
};

/** Which of the session's conversations is shown, when there are several. */
const ConversationPicker = ({ chats, chatId, isNew, onChoose }: PickerProps) => {
  const { t, i18n } = useTranslation('coachingChats');
  return (
    <div className="mb-3 flex flex-col gap-1">
      <label htmlFor="coach-conversation" className="text-sm font-medium">
        {t('conversation')}
      </label>
      <select
        id="coach-conversation"
        value={chatId ?? ''}
        onChange={(event) => onChoose(event.target.value || 'new')}
        className="block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-sm dark:border-gray-600 dark:bg-gray-900"
      >
        {isNew ? <option value="">{t('newConversation')}</option> : null}
        {chats.map((item) => (
          <option key={item.id} value={item.id}>
            {item.title ??
              t('untitled', {
                date: new Intl.DateTimeFormat(i18n.resolvedLanguage, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }).format(new Date(item.created_at)),
              })}
          </option>
        ))}
      </select>
    </div>
  );
};

type ConversationProps = {
  exchanges: NonNullable<ReturnType<typeof useCoachingChat>['data']>['exchanges'];
  /** The question on its way, until it is among the exchanges. */
  waiting: Pending | null;
  busy: boolean;
  language: string;
};

/** The questions and the coach's answers, then the question on its way. */
const Conversation = ({ exchanges, waiting, busy, language }: ConversationProps) => {
  const { t } = useTranslation('coachingChats');
  return (
    <ol aria-labelledby="ask-coach" className="mb-4 flex flex-col gap-3" data-testid="coach-conversation">
      {exchanges.map((exchange) => (
        <li key={exchange.id} className="flex flex-col gap-2">
          <Bubble from="you" label={t('you')}>
            {exchange.question}
          </Bubble>
          <Bubble from="coach" label={t('coach')} language={language}>
            {exchange.answer}
          </Bubble>
        </li>
      ))}
      {waiting ? (
        <li className="flex flex-col gap-2">
          <Bubble from="you" label={t('you')} pending>
            {waiting.text}
          </Bubble>
          {busy ? (
            <div aria-live="polite" className="text-sm text-gray-700 dark:text-gray-300">
              {t('thinking')}
            </div>
          ) : null}
        </li>
      ) : null}
    </ol>
  );
};

type QuestionFormProps = {
  /** Suggested questions, before the first of a conversation. */
  suggest: boolean;
  busy: boolean;
  failure: unknown;
  pending: Pending | null;
  send: (question: Pending) => Promise<void>;
};

/** The player's question (Enter sends), suggestions to start with, and a failure with "Send again". */
const QuestionForm = ({ suggest, busy, failure, pending, send }: QuestionFormProps) => {
  const { t } = useTranslation('coachingChats');
  const errorMessage = useErrorMessage();
  const [draft, setDraft] = useState('');
  const sendDraft = () => {
    const text = draft.trim();
    if (text === '' || busy) return;
    setDraft('');
    void send({ text, messageId: newIdempotencyKey() });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      sendDraft();
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        sendDraft();
      }}
      className="flex flex-col gap-2"
    >
      {suggest ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium">{t('suggestionsTitle')}</p>
          <ul className="flex flex-wrap gap-2">
            {SUGGESTIONS.map((key) => (
              <li key={key}>
                <Button
                  variant="secondary"
                  className="text-left"
                  disabled={busy}
                  onClick={() => void send({ text: t(`suggestions.${key}`), messageId: newIdempotencyKey() })}
                >
                  {t(`suggestions.${key}`)}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <label htmlFor="coach-question" className="text-sm font-medium">
        {t('question')}
      </label>
      <textarea
        id="coach-question"
        rows={2}
        maxLength={QUESTION_MAX}
        value={draft}
        aria-describedby={failure ? 'coach-question-error' : 'coach-question-hint'}
        aria-invalid={failure ? true : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        className="block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-sm dark:border-gray-600 dark:bg-gray-900"
      />
      {failure && pending ? (
        <div id="coach-question-error">
          <Alert tone="error">
            <p>{errorMessage(failure)}</p>
            <div className="mt-2">
              <Button variant="secondary" disabled={busy} onClick={() => void send(pending)}>
                {t('retry')}
              </Button>
            </div>
          </Alert>
        </div>
      ) : (
        <p id="coach-question-hint" className="text-xs text-gray-700 dark:text-gray-300">
          {t('hint')}
        </p>
      )}
      <div>
        <Button type="submit" disabled={draft.trim() === ''} loading={busy}>
          {t('send')}
        </Button>
      </div>
    </form>
  );
};

/**
 * "Ask the coach" on a session's result page: the player asks what to say differently; the coach knows the
 * transcript, the mission and the report. Readers of the session see the conversations without asking.
 */
export const AskCoach = ({ sessionId, playerId, language }: AskCoachProps) => {
  const { t } = useTranslation('coachingChats');
  const user = useCurrentUser();
  const mayAsk = user !== null && user.id === playerId && canAll(user, ['chat-create', 'chat-update']);
  const list = useSessionChats(sessionId);
  const [chosen, setChosen] = useState<string | null | 'new'>(null);
  const chatId = chosen === 'new' ? null : (chosen ?? list.data?.items[0]?.id ?? null);
  const chat = useCoachingChat(chatId);
  const remove = useDeleteChat(sessionId);
  const mayDelete = mayAsk && canAll(user, 'chat-delete');
  const { send, pending, forget, busy, failure } = useSendQuestion(sessionId, chatId, setChosen);

  if (list.isPending) return <Loading />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;

  const chats = list.data.items;
  const exchanges = chat.data?.exchanges ?? [];
  // An answered question is in the conversation already: the pending bubble only shows what is not.
  const waiting = pending !== null && !exchanges.some((exchange) => exchange.id === pending.messageId);

  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="ask-coach" className="text-lg font-semibold">
          {t('title')}
        </h2>
        {mayAsk && chatId !== null ? (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="ghost"
              onClick={() => {
                setChosen('new');
                forget();
              }}
            >
              {t('newConversation')}
            </Button>
            {mayDelete ? (
              <ConfirmAction
                label={t('delete.label')}
                variant="ghost"
                title={t('delete.title')}
                body={t('delete.body')}
                confirmLabel={t('delete.confirm')}
                doneMessage={t('delete.done')}
                action={() => remove.mutateAsync(chatId)}
                onDone={() => {
                  setChosen(null);
                  forget();
                }}
              />
            ) : null}
          </div>
        ) : null}
      </div>
      <p className="mb-3 text-sm text-gray-700 dark:text-gray-300">{mayAsk ? t('about') : t('aboutReader')}</p>
      {chats.length > 1 ? (
        <ConversationPicker chats={chats} chatId={chatId} isNew={chosen === 'new'} onChoose={setChosen} />
      ) : null}
      {chatId !== null && chat.isPending ? <Loading /> : null}
      {chat.isError ? <LoadError error={chat.error} onRetry={() => void chat.refetch()} /> : null}
      {exchanges.length > 0 || waiting ? (
        <Conversation exchanges={exchanges} waiting={waiting ? pending : null} busy={busy} language={language} />
      ) : !mayAsk ? (
        <p className="text-sm text-gray-700 dark:text-gray-300">{t('none')}</p>
      ) : null}
      {mayAsk ? (
        <QuestionForm
          suggest={exchanges.length === 0 && !waiting}
          busy={busy}
          failure={failure}
          pending={pending}
          send={send}
        />
      ) : null}
    </Card>
  );
};

const Bubble = ({
  from,
  label,
  language,
  pending = false,
  children,
}: {
  from: 'you' | 'coach';
  label: string;
  language?: string;
  pending?: boolean;
  children: string;
}) => {
  const { t } = useTranslation('common');
  return (
    <div className={`flex ${from === 'you' ? 'justify-end' : 'justify-start'}`}>
      <div
        lang={language}
        className={`max-w-[85%] rounded-lg px-3 py-2 text-sm break-words whitespace-pre-line ${
          from === 'you'
            ? 'rounded-tr-none bg-primary-700 text-white dark:bg-primary-300 dark:text-gray-950'
            : 'rounded-tl-none bg-gray-100 text-gray-900 dark:bg-gray-800 dark:text-gray-100'
        } ${pending ? 'opacity-70' : ''}`}
      >
        <span className="sr-only">{t('labelled', { label })} </span>
        {children}
      </div>
    </div>
  );
};
