import { Link, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { EmptyState } from '../../../components/ui/query-state';
import { useCurrentUser } from '../../../lib/session/session-context';
import { handleForPath, isAllowed } from '../../navigation/route-handle';

type CardKey =
  | 'organizations'
  | 'myOrganization'
  | 'users'
  | 'metadata'
  | 'mailSettings'
  | 'superAdmins'
  | 'integrations'
  | 'aiProviders'
  | 'environment'
  | 'profile';

const CARDS: { to: string; key: CardKey }[] = [
  { to: '/settings/organization/list', key: 'organizations' },
  { to: '/settings/my-organization', key: 'myOrganization' },
  { to: '/settings/user/list', key: 'users' },
  { to: '/settings/metadata', key: 'metadata' },
  { to: '/settings/email', key: 'mailSettings' },
  { to: '/settings/super-admins', key: 'superAdmins' },
  { to: '/settings/integrations', key: 'integrations' },
  { to: '/ai-providers/list', key: 'aiProviders' },
  { to: '/env', key: 'environment' },
  { to: '/profile', key: 'profile' },
];

/** `/settings`: a card for every settings page the user may open (`pages`, the route table's permissions, decide). */
export const SettingsHomeRoute = ({ pages }: { pages: RouteObject[] }) => {
  const { t } = useTranslation('settings');
  const me = useCurrentUser();
  const cards = CARDS.filter((card) => me !== null && isAllowed(me, handleForPath(pages, card.to)));
  return (
    <>
      <PageHeader title={t('title')} />
      {cards.length === 0 ? (
        <EmptyState>{t('empty')}</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {cards.map((card) => (
            <li key={card.to}>
              <Link
                to={card.to}
                className="block h-full rounded-lg border border-gray-200 p-5 transition-colors hover:border-primary-600 dark:border-gray-800 dark:hover:border-primary-300"
              >
                <span className="block font-semibold text-primary-800 dark:text-primary-200">
                  {t(`cards.${card.key}.title`)}
                </span>
                <span className="mt-1 block text-sm text-gray-700 dark:text-gray-300">
                  {t(`cards.${card.key}.description`)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
};
