import type { ReactNode } from 'react';
import { useErrorMessage } from '../../lib/http/use-error-message';

const TONES = {
  error: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
  success:
    'border-scoring-300 bg-scoring-50 text-scoring-900 dark:border-scoring-800 dark:bg-scoring-950 dark:text-scoring-100',
  info: 'border-gray-300 bg-gray-50 text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100',
  warning: 'border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
} as const;

/** A message in the page flow; errors are announced (role=alert), others politely (role=status). */
export const Alert = ({ tone = 'info', children }: { tone?: keyof typeof TONES; children: ReactNode }) => (
  <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md border px-4 py-3 text-sm ${TONES[tone]}`}>
    {children}
  </div>
);

/**
 * An error in the user's language (`useErrorMessage`), announced; nothing while there is none, so a form passes its
 * `formError` as it is. `className` wraps it (a grid cell) only when it shows.
 */
export const ErrorAlert = ({ error, className }: { error: unknown; className?: string }) => {
  const errorMessage = useErrorMessage();
  if (!error) return null;
  const alert = <Alert tone="error">{errorMessage(error)}</Alert>;
  return className ? <div className={className}>{alert}</div> : alert;
};
