import type { UserStatus } from '@ai-coaching/contracts';
import type { ReactNode } from 'react';

const TONES: Record<UserStatus, string> = {
  active: 'bg-scoring-100 text-scoring-900 dark:bg-scoring-900 dark:text-scoring-100',
  invited: 'bg-primary-100 text-primary-900 dark:bg-primary-900 dark:text-primary-100',
  disabled: 'bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100',
};

/** An account's status (invited, active, disabled) as a coloured pill, named by the caller in its feature's words. */
export const AccountStatusBadge = ({ status, children }: { status: UserStatus; children: ReactNode }) => (
  <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${TONES[status]}`}>{children}</span>
);
