import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { DashboardView } from '../../../features/dashboard/components/dashboard-view';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useCurrentUser } from '../../../lib/session/session-context';
import { handleForPath, isAllowed } from '../../navigation/route-handle';

/** `pages`: the route table (route-table.tsx), which decides what the dashboard's figures may link to. */
export const DashboardRoute = ({ pages }: { pages: RouteObject[] }) => {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('title'));
  const me = useCurrentUser();
  return me ? <DashboardView user={me} canOpen={(path) => isAllowed(me, handleForPath(pages, path))} /> : null;
};
