import type { Permission } from '@ai-coaching/domain';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/query-state';
import { canEvery, useCurrentUser } from '../../../lib/session/session-context';

// The same permission lists as the routes they open (src/app/route-table.tsx): a card shows only when its page opens.
const SETTINGS: { to: string; key: string; permissions: Permission[] }[] = [
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
  { to: '/profile', key: 'profile', permissions: ['user-self-edit'] },
];

export const SettingsHome = () => {
  const { t } = useTranslation('settings');
  const me = useCurrentUser();
  const cards = SETTINGS.filter((card) => canEvery(me, card.permissions));
  if (cards.length === 0) return <EmptyState>{t('empty')}</EmptyState>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {cards.map((card) => (
        <li key={card.to}>
          <Link
            to={card.to}
            className="block h-full rounded-lg border border-gray-200 p-5 transition-colors hover:border-primary-600 dark:border-gray-800 dark:hover:border-primary-300"
          >
            <span className="block font-semibold text-primary-800 dark:text-primary-200">
              {t(`cards.${card.key as 'users'}.title`)}
            </span>
            <span className="mt-1 block text-sm text-gray-700 dark:text-gray-300">
              {t(`cards.${card.key as 'users'}.description`)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
};
