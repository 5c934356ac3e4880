import type { UserStatus } from '@ai-coaching/contracts';
import { useTranslation } from 'react-i18next';
import { AccountStatusBadge } from '../../../components/ui/account-status-badge';

export const UserStatusBadge = ({ status }: { status: UserStatus }) => {
  const { t } = useTranslation('users');
  return <AccountStatusBadge status={status}>{t(`status.${status}`)}</AccountStatusBadge>;
};
