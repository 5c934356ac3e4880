import { useTranslation } from 'react-i18next';
import { DashboardView } from '../../../features/dashboard/components/dashboard-view';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useCurrentUser } from '../../../lib/session/session-context';

export const DashboardRoute = () => {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('title'));
  const me = useCurrentUser();
  return me ? <DashboardView user={me} /> : null;
};
