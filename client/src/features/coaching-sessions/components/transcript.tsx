import { useTranslation } from 'react-i18next';

export type TranscriptTurn = { id: string; role: 'learner' | 'persona'; text: string; pending?: boolean };

/** The conversation as a chat: the persona on the left, the learner on the right. */
export const Transcript = ({
  turns,
  personaName,
  language,
  answering = false,
  streaming = '',
}: {
  turns: readonly TranscriptTurn[];
  personaName: string;
  language: string;
  /** The persona is writing its reply (its text so far, when it streams). */
  answering?: boolean;
  streaming?: string;
}) => {
  const { t } = useTranslation('coachingSessions');
  return (
    <ol aria-label={t('play.transcript')} className="flex flex-col gap-3" lang={language}>
      {turns.map((turn) => (
        <li key={turn.id} className={`flex ${turn.role === 'learner' ? 'justify-end' : 'justify-start'}`}>
          <div
            className={`max-w-[85%] rounded-lg px-3 py-2 text-sm whitespace-pre-line ${
              turn.role === 'learner'
                ? 'rounded-tr-none bg-primary-700 text-white dark:bg-primary-300 dark:text-gray-950'
                : 'rounded-tl-none bg-gray-100 text-gray-900 dark:bg-gray-800 dark:text-gray-100'
            } ${turn.pending ? 'opacity-70' : ''}`}
          >
            <span className="sr-only">{turn.role === 'learner' ? t('play.you') : personaName}: </span>
            {turn.text}
          </div>
        </li>
      ))}
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
