import { useTranslation } from 'react-i18next';
import { DashboardView } from '../../../features/dashboard/components/dashboard-view';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useCurrentUser } from '../../../lib/session/session-context';
import { handleForPath, isAllowed } from '../../navigation/route-handle';
import { pageRoutes } from '../../route-table';

export const DashboardRoute = () => {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('title'));
  const me = useCurrentUser();
  return me ? <DashboardView user={me} canOpen={(path) => isAllowed(me, handleForPath(pageRoutes, path))} /> : null;
};
