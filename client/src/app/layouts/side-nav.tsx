import type { ApplicationId } from '@ai-coaching/domain';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useInstalledApplications } from '../../features/applications/api/applications-api';
import { useCurrentUser } from '../../lib/session/session-context';
import { handleForPath, isAllowed } from '../navigation/route-handle';
import { pageRoutes } from '../route-table';

type NavKey =
  | 'dashboard'
  | 'coaching'
  | 'settings'
  | 'organizations'
  | 'myOrganization'
  | 'users'
  | 'metadata'
  | 'aiProviders'
  | 'environment'
  | 'mailSettings'
  | 'superAdmins'
  | 'integrations'
  | 'profile';

/** `application`: the entry shows only once the user's organization is known to have it installed. */
export type NavItem = { to: string; key: NavKey; application?: ApplicationId };

/** The app menu. An entry shows only when the guard would open its page: the route table's metadata decides. */
export const APP_NAV: readonly NavItem[] = [
  { to: '/dashboard', key: 'dashboard' },
  { to: '/apps/ai-coaching', key: 'coaching', application: 'ai-coaching' },
  { to: '/settings/organization/list', key: 'organizations' },
  { to: '/settings/my-organization', key: 'myOrganization' },
  { to: '/settings/user/list', key: 'users' },
  { to: '/settings/metadata', key: 'metadata' },
  { to: '/ai-providers/list', key: 'aiProviders' },
  { to: '/env', key: 'environment' },
  { to: '/settings/email', key: 'mailSettings' },
  { to: '/settings/super-admins', key: 'superAdmins' },
  { to: '/settings/integrations', key: 'integrations' },
  { to: '/settings', key: 'settings' },
  { to: '/profile', key: 'profile' },
];

export const COACHING_NAV: readonly NavItem[] = [
  { to: '/dashboard', key: 'dashboard' },
  { to: '/apps/ai-coaching', key: 'coaching', application: 'ai-coaching' },
];

export const SideNav = ({ items, onNavigate }: { items: readonly NavItem[]; onNavigate?: () => void }) => {
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  const { installed } = useInstalledApplications();
  return (
    <nav aria-label={t('nav.label')}>
      <ul className="flex flex-col gap-1">
        {items
          .filter((item) => user !== null && isAllowed(user, handleForPath(pageRoutes, item.to)))
          .filter((item) => item.application === undefined || installed(item.application) === true)
          .map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === '/settings'}
                onClick={onNavigate}
                className={({ isActive }) =>
                  `block rounded-md px-3 py-2 text-sm font-medium transition-colors ${
                    isActive
                      ? 'bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-200'
                      : 'text-gray-800 hover:bg-gray-100 hover:text-primary-800 dark:text-gray-200 dark:hover:bg-gray-800 dark:hover:text-primary-200'
                  }`
                }
              >
                {t(`nav.${item.key}`)}
              </NavLink>
            </li>
          ))}
      </ul>
    </nav>
  );
};
