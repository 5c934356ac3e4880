import type { UserStatus } from '@ai-coaching/contracts';
import { useTranslation } from 'react-i18next';
import { AccountStatusBadge } from '../../../components/ui/account-status-badge';

export const SuperAdminStatus = ({ status }: { status: UserStatus }) => {
  const { t } = useTranslation('settingsSuperAdmins');
  return <AccountStatusBadge status={status}>{t(`status.${status}`)}</AccountStatusBadge>;
};
