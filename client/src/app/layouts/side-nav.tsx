import type { Permission } from '@ai-coaching/domain';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canEvery, useCurrentUser } from '../../lib/session/session-context';

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
  | 'profile';

export type NavItem = { to: string; key: NavKey; permissions?: readonly Permission[] };

/** The app menu; an entry shows only when its route's permissions are all held (the guard's own rule). */
export const APP_NAV: readonly NavItem[] = [
  { to: '/dashboard', key: 'dashboard', permissions: ['dashboard-view'] },
  { to: '/apps/ai-coaching', key: 'coaching' },
  { to: '/settings/organization/list', key: 'organizations', permissions: ['organization-list'] },
  { to: '/settings/my-organization', key: 'myOrganization', permissions: ['organization-self-edit'] },
  { to: '/settings/user/list', key: 'users', permissions: ['user-list', 'user-group-list'] },
  {
    to: '/settings/metadata',
    key: 'metadata',
    permissions: [
      'organization-metadata-organization-update',
      'organization-metadata-product-update',
      'organization-metadata-custom-update',
    ],
  },
  { to: '/ai-providers/list', key: 'aiProviders', permissions: ['ai-provider-list'] },
  { to: '/env', key: 'environment', permissions: ['environment-variables-read', 'environment-variables-update'] },
  { to: '/settings', key: 'settings' },
  { to: '/profile', key: 'profile', permissions: ['user-self-edit'] },
];

export const COACHING_NAV: readonly NavItem[] = [
  { to: '/dashboard', key: 'dashboard', permissions: ['dashboard-view'] },
  { to: '/apps/ai-coaching', key: 'coaching' },
];

export const SideNav = ({ items, onNavigate }: { items: readonly NavItem[]; onNavigate?: () => void }) => {
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  return (
    <nav aria-label={t('nav.label')}>
      <ul className="flex flex-col gap-1">
        {items
          .filter((item) => !item.permissions || canEvery(user, item.permissions))
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
