import type { CoachingSessionStatus } from '@ai-coaching/domain';
import { useTranslation } from 'react-i18next';

// Spec §4 "Session result status": informational (clock) for '', free-speech and in-progress; success (check) for
// win; danger (cross) for loose; secondary for end; warning for abort.
type Tone = 'info' | 'success' | 'danger' | 'secondary' | 'warning';

export const STATUS_TONE: Record<CoachingSessionStatus, Tone> = {
  '': 'info',
  'free-speech': 'info',
  'in-progress': 'info',
  win: 'success',
  loose: 'danger',
  end: 'secondary',
  abort: 'warning',
};

const TONES: Record<Tone, string> = {
  info: 'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100',
  success: 'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100',
  danger: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
  secondary: 'border-gray-300 bg-gray-50 text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100',
  warning: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
};

const ICONS: Record<Tone, string> = {
  // clock, check, cross, dash (secondary), exclamation (warning): outline paths on a 24-px grid.
  info: 'M12 6v6l4 2m5-2a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  success: 'm5 13 4 4L19 7',
  danger: 'M6 6l12 12M18 6 6 18',
  secondary: 'M6 12h12',
  warning: 'M12 8v5m0 3h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z',
};

/** The session's status as the spec displays it: its tone, its icon and its name. */
export const SessionStatus = ({ status, size = 'md' }: { status: CoachingSessionStatus; size?: 'md' | 'lg' }) => {
  const { t } = useTranslation('coachingSessions');
  const tone = STATUS_TONE[status];
  return (
    <span
      data-testid="session-status"
      data-status={status}
      className={`inline-flex items-center gap-2 rounded-full border px-3 py-1 font-medium whitespace-nowrap ${TONES[tone]} ${size === 'lg' ? 'text-base' : 'text-sm'}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
        <path strokeLinecap="round" strokeLinejoin="round" d={ICONS[tone]} />
      </svg>
      {t(`status.${status === '' ? 'none' : status}`)}
    </span>
  );
};
