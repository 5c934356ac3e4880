import { SESSION_COMMENT_BODY_MAX } from '@ai-coaching/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { newIdempotencyKey } from '../../../lib/http/api';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { can, useCurrentUser } from '../../../lib/session/session-context';
import {
  useAddComment,
  useDeleteComment,
  useEditComment,
  useSessionComments,
  type CommentVisibility,
  type NewComment,
  type SessionComment,
} from '../api/session-comments-api';

// Manager review (docs/programs.md): reviewers of another's session comment on it, on the whole session or on a turn,
// for the learner or the managers only; the learner reads what is for them and replies. The result page shows the
// session's threads in their own region and each turn's under the turn.

type Role = 'reviewer' | 'learner';

/** Who the signed-in user is to the session's comments; null: neither (nothing shows, and nothing is asked). */
export const useCommentRole = (playerId: string | null): Role | null => {
  const user = useCurrentUser();
  if (user === null) return null;
  if (user.id === playerId) return 'learner';
  return can(user, 'coaching-session-check-other') ? 'reviewer' : null;
};

type Thread = { comment: SessionComment; replies: SessionComment[] };

/** The threads on one turn (or on the whole session, `turnIndex` null), oldest first, each with its replies. */
const threadsOf = (comments: readonly SessionComment[], turnIndex: number | null): Thread[] =>
  comments
    .filter((comment) => comment.reply_to === null && comment.turn_index === turnIndex)
    .map((comment) => ({ comment, replies: comments.filter((reply) => reply.reply_to === comment.id) }));

const FIELD =
  'block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-sm dark:border-gray-600 dark:bg-gray-900';

type CommentFormProps = {
  label: string;
  submitLabel: string;
  /** A reviewer's new thread chooses who reads it. */
  withVisibility?: boolean;
  initial?: string;
  submit: (body: string, visibility: CommentVisibility) => Promise<unknown>;
  onCancel?: () => void;
  onDone?: () => void;
};

/** A comment's text (and, for a new thread, who reads it); a refusal shows beside it, the draft kept. */
const CommentForm = ({
  label,
  submitLabel,
  withVisibility = false,
  initial = '',
  submit,
  onCancel,
  onDone,
}: CommentFormProps) => {
  const { t } = useTranslation('sessionComments');
  const errorMessage = useErrorMessage();
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [visibility, setVisibility] = useState<CommentVisibility>('learner');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() === '' || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await submit(draft.trim(), visibility);
      setDraft('');
      onDone?.();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-2">
      <label htmlFor={`${id}-body`} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={`${id}-body`}
        rows={3}
        maxLength={SESSION_COMMENT_BODY_MAX}
        value={draft}
        aria-invalid={failure ? true : undefined}
        aria-describedby={failure ? `${id}-error` : undefined}
        onChange={(event) => setDraft(event.target.value)}
        className={FIELD}
      />
      {withVisibility ? (
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium">{t('visibility.label')}</legend>
          {(['learner', 'managers'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-visibility`}
                value={value}
                checked={visibility === value}
                onChange={() => setVisibility(value)}
                className="size-4 accent-primary-700 dark:accent-primary-300"
              />
              {t(`visibility.${value}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {failure ? (
        <div id={`${id}-error`}>
          <Alert tone="error">
            <p>{errorMessage(failure)}</p>
          </Alert>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={draft.trim() === ''} loading={busy}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {t('cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
};

const authorName = (comment: SessionComment, t: (key: 'formerMember') => string) =>
  `${comment.author.first_name} ${comment.author.last_name}`.trim() || t('formerMember');

/** One comment: who wrote it and when, who reads it, and its author's edit and delete. */
const CommentItem = ({ sessionId, comment }: { sessionId: string; comment: SessionComment }) => {
  const { t, i18n } = useTranslation('sessionComments');
  const user = useCurrentUser();
  const [editing, setEditing] = useState(false);
  const edit = useEditComment(sessionId);
  const remove = useDeleteComment(sessionId);
  const own = user?.id === comment.author.user_id;
  const name = own ? t('you') : authorName(comment, t);
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(comment.created_at),
  );
  return (
    <article aria-label={t('commentBy', { name })} className="flex flex-col gap-1" data-testid="session-comment">
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-gray-700 dark:text-gray-300">
        <span className="font-semibold text-gray-900 dark:text-gray-100">{name}</span>
        <time dateTime={comment.created_at}>{when}</time>
        {comment.edited_at ? <span>({t('edited')})</span> : null}
        {comment.visibility === 'managers' && comment.reply_to === null ? (
          <span className="rounded-sm bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100">
            {t('visibility.managersBadge')}
          </span>
        ) : null}
      </p>
      {editing ? (
        <CommentForm
          label={t('editLabel')}
          submitLabel={t('save')}
          initial={comment.body}
          submit={(body) => edit.mutateAsync({ commentId: comment.id, body })}
          onCancel={() => setEditing(false)}
          onDone={() => setEditing(false)}
        />
      ) : (
        <p className="text-sm break-words whitespace-pre-line">{comment.body}</p>
      )}
      {own && !editing ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="ghost" onClick={() => setEditing(true)}>
            {t('edit')}
          </Button>
          <ConfirmAction
            label={t('delete.label')}
            variant="ghost"
            title={t('delete.title')}
            body={comment.reply_to === null ? t('delete.bodyThread') : t('delete.body')}
            confirmLabel={t('delete.confirm')}
            doneMessage={t('delete.done')}
            action={() => remove.mutateAsync(comment.id)}
          />
        </div>
      ) : null}
    </article>
  );
};

/** A thread: the comment, its replies, and a reply form for whoever may answer it. */
/** Both the reviewers and the learner answer a thread they read. */
const CommentThread = ({ sessionId, thread }: { sessionId: string; thread: Thread }) => {
  const { t } = useTranslation('sessionComments');
  const add = useAddComment(sessionId);
  const [replying, setReplying] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const send = (body: string) => add.mutateAsync({ body, reply_to: thread.comment.id, idempotencyKey: key });
  return (
    <li className="flex flex-col gap-2 rounded-md border-l-4 border-amber-500 bg-amber-50 p-3 dark:border-amber-400 dark:bg-gray-800">
      <CommentItem sessionId={sessionId} comment={thread.comment} />
      {thread.replies.length > 0 ? (
        <ol
          aria-label={t('replies')}
          className="flex flex-col gap-2 border-l border-gray-300 pl-3 dark:border-gray-600"
        >
          {thread.replies.map((reply) => (
            <li key={reply.id}>
              <CommentItem sessionId={sessionId} comment={reply} />
            </li>
          ))}
        </ol>
      ) : null}
      {replying ? (
        <CommentForm
          label={t('replyLabel')}
          submitLabel={t('sendReply')}
          submit={send}
          onCancel={() => setReplying(false)}
          onDone={() => {
            setReplying(false);
            setKey(newIdempotencyKey());
          }}
        />
      ) : (
        <div>
          <Button variant="secondary" onClick={() => setReplying(true)}>
            {t('reply')}
          </Button>
        </div>
      )}
    </li>
  );
};

const Threads = ({ sessionId, threads, label }: { sessionId: string; threads: Thread[]; label: string }) =>
  threads.length === 0 ? null : (
    <ol aria-label={label} className="flex flex-col gap-2">
      {threads.map((thread) => (
        <CommentThread key={thread.comment.id} sessionId={sessionId} thread={thread} />
      ))}
    </ol>
  );

/** A reviewer's new thread, on the session or on one turn, with who reads it; one key per intent. */
const NewThreadForm = ({
  sessionId,
  turnIndex,
  label,
  onCancel,
  onDone,
}: {
  sessionId: string;
  turnIndex: number | null;
  label: string;
  onCancel?: () => void;
  onDone?: () => void;
}) => {
  const { t } = useTranslation('sessionComments');
  const add = useAddComment(sessionId);
  const [key, setKey] = useState(newIdempotencyKey);
  const submit = (body: string, visibility: CommentVisibility) => {
    const comment: NewComment = { body, visibility, idempotencyKey: key };
    return add.mutateAsync(turnIndex === null ? comment : { ...comment, turn_index: turnIndex });
  };
  return (
    <CommentForm
      label={label}
      submitLabel={t('post')}
      withVisibility
      submit={submit}
      onCancel={onCancel}
      onDone={() => {
        setKey(newIdempotencyKey());
        onDone?.();
      }}
    />
  );
};

export type TurnCommentsProps = { sessionId: string; playerId: string | null; turnIndex: number };

/** Under a turn of the transcript: its threads, and a reviewer's "Comment on this turn". */
export const TurnComments = ({ sessionId, playerId, turnIndex }: TurnCommentsProps) => {
  const { t } = useTranslation('sessionComments');
  const role = useCommentRole(playerId);
  const query = useSessionComments(sessionId, { enabled: role !== null });
  const [open, setOpen] = useState(false);
  if (role === null || !query.data) return null;
  const threads = threadsOf(query.data.items, turnIndex);
  if (threads.length === 0 && role !== 'reviewer') return null;
  const number = turnIndex + 1;
  return (
    <div className="flex w-full flex-col gap-2" data-testid="turn-comments">
      <Threads sessionId={sessionId} threads={threads} label={t('onTurn', { number })} />
      {role === 'reviewer' ? (
        open ? (
          <NewThreadForm
            sessionId={sessionId}
            turnIndex={turnIndex}
            label={t('commentOnTurnLabel', { number })}
            onCancel={() => setOpen(false)}
            onDone={() => setOpen(false)}
          />
        ) : (
          <div>
            <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setOpen(true)}>
              {t('commentOnTurn', { number })}
            </Button>
          </div>
        )
      ) : null}
    </div>
  );
};

export type SessionCommentsProps = { sessionId: string; playerId: string | null };

/** The session's review: its threads on the whole session, and a reviewer's form to start one. */
export const SessionComments = ({ sessionId, playerId }: SessionCommentsProps) => {
  const { t } = useTranslation('sessionComments');
  const role = useCommentRole(playerId);
  const query = useSessionComments(sessionId, { enabled: role !== null });
  if (role === null) return null;
  const threads = query.data ? threadsOf(query.data.items, null) : [];
  const onTurns = query.data ? query.data.items.filter((comment) => comment.turn_index !== null).length : 0;
  return (
    <section
      aria-labelledby="session-comments-title"
      className="rounded-lg border border-gray-200 bg-white p-4 shadow-xs sm:p-6 dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id="session-comments-title" className="mb-1 text-lg font-semibold">
        {t('title')}
      </h2>
      <p className="mb-3 text-sm text-gray-700 dark:text-gray-300">
        {role === 'reviewer' ? t('aboutReviewer') : t('aboutLearner')}
      </p>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div className="flex flex-col gap-4">
          {threads.length === 0 ? (
            <p className="text-sm text-gray-700 dark:text-gray-300">{t('none')}</p>
          ) : (
            <Threads sessionId={sessionId} threads={threads} label={t('onSession')} />
          )}
          {onTurns > 0 ? (
            <p className="text-sm text-gray-700 dark:text-gray-300">{t('onTurnsCount', { count: onTurns })}</p>
          ) : null}
          {role === 'reviewer' ? <NewThreadForm sessionId={sessionId} turnIndex={null} label={t('addLabel')} /> : null}
        </div>
      )}
    </section>
  );
};
