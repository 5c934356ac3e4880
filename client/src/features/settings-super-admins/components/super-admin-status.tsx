import type { UserStatus } from '@ai-coaching/contracts';
import { useTranslation } from 'react-i18next';

const TONES: Record<UserStatus, string> = {
  active: 'bg-scoring-100 text-scoring-900 dark:bg-scoring-900 dark:text-scoring-100',
  invited: 'bg-primary-100 text-primary-900 dark:bg-primary-900 dark:text-primary-100',
  disabled: 'bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100',
};

export const SuperAdminStatus = ({ status }: { status: UserStatus }) => {
  const { t } = useTranslation('settingsSuperAdmins');
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${TONES[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
};
