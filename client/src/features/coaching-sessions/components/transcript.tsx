import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type TranscriptTurn = { id: string; role: 'learner' | 'persona'; text: string; pending?: boolean };

/** The conversation as a chat: the persona on the left, the learner on the right. */
export const Transcript = ({
  turns,
  personaName,
  language,
  answering = false,
  streaming = '',
  activeTurnId = null,
  turnAction,
  turnFooter,
}: {
  turns: readonly TranscriptTurn[];
  personaName: string;
  language: string;
  /** The persona is writing its reply (its text so far, when it streams). */
  answering?: boolean;
  streaming?: string;
  /** The turn being heard in the replay (the result page's recording): highlighted and kept in view. */
  activeTurnId?: string | null;
  /** A control beside a turn's bubble (its recording's play button), or nothing. */
  turnAction?: (turn: TranscriptTurn) => ReactNode;
  /** What shows under a turn, across the transcript's width (the result page's review comments), or nothing. */
  turnFooter?: (turn: TranscriptTurn, index: number) => ReactNode;
}) => {
  const { t } = useTranslation('coachingSessions');
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (activeTurnId === null) return;
    const item = listRef.current?.querySelector(`[data-turn-id="${CSS.escape(activeTurnId)}"]`);
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    item?.scrollIntoView({ block: 'nearest', behavior: still ? 'auto' : 'smooth' });
  }, [activeTurnId]);

  return (
    <ol ref={listRef} aria-label={t('play.transcript')} className="flex flex-col gap-3" lang={language}>
      {turns.map((turn, index) => {
        const isActive = turn.id === activeTurnId;
        const action = turnAction?.(turn);
        const footer = turnFooter?.(turn, index);
        const row = `flex items-start gap-2 ${turn.role === 'learner' ? 'flex-row-reverse' : ''}`;
        const bubble = (
          <>
            <div
              className={`max-w-[85%] rounded-lg px-3 py-2 text-sm whitespace-pre-line ${
                turn.role === 'learner'
                  ? 'rounded-tr-none bg-primary-700 text-white dark:bg-primary-300 dark:text-gray-950'
                  : 'rounded-tl-none bg-gray-100 text-gray-900 dark:bg-gray-800 dark:text-gray-100'
              } ${turn.pending ? 'opacity-70' : ''} ${
                isActive
                  ? 'ring-2 ring-realtime-600 ring-offset-2 ring-offset-white dark:ring-realtime-300 dark:ring-offset-gray-900'
                  : ''
              }`}
            >
              <span className="sr-only">
                {t('labelled', { ns: 'common', label: turn.role === 'learner' ? t('play.you') : personaName })}{' '}
              </span>
              {turn.text}
            </div>
            {action}
          </>
        );
        return (
          <li
            key={turn.id}
            data-turn-id={turn.id}
            aria-current={isActive ? 'true' : undefined}
            className={`${footer ? 'flex flex-col gap-2' : row} scroll-my-4`}
          >
            {footer ? <div className={row}>{bubble}</div> : bubble}
            {footer}
          </li>
        );
      })}
      {answering ? (
        <li className="flex justify-start" aria-live="polite">
          <div className="max-w-[85%] rounded-lg rounded-tl-none bg-gray-100 px-3 py-2 text-sm text-gray-700 dark:bg-gray-800 dark:text-gray-300">
            {streaming || t('play.answering', { name: personaName })}
          </div>
        </li>
      ) : null}
    </ol>
  );
};
