import type { Permission } from '@ai-coaching/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { RoleBadge } from '../../../components/ui/role-badge';
import { Spinner } from '../../../components/ui/spinner';
import { formatCredits } from '../../../lib/credits/nb-credits';
import { displayName, type CurrentUser } from '../../../lib/session/current-user';
import { canAll, useCan } from '../../../lib/session/session-context';
import { useDashboardCount, useOrganizationWallet } from '../api/dashboard-api';

const Figure = ({ label, value, testId }: { label: string; value: ReactNode; testId: string }) => (
  <Card>
    <p className="text-sm text-gray-700 dark:text-gray-300">{label}</p>
    <p className="mt-2 text-3xl font-semibold" data-testid={testId}>
      {value ?? <Spinner />}
    </p>
  </Card>
);

const QUICK_LINKS: { to: string; key: string; permissions: Permission[] }[] = [
  { to: '/settings/user/create', key: 'inviteUser', permissions: ['user-create'] },
  { to: '/settings/usergroup/create', key: 'createGroup', permissions: ['user-group-create'] },
  { to: '/settings/organization/list', key: 'organizations', permissions: ['organization-list'] },
  { to: '/profile/transfer-credits', key: 'transferCredits', permissions: ['credit-transfer'] },
  { to: '/apps/ai-coaching', key: 'coaching', permissions: [] },
];

/** `/dashboard`: credits and people at a glance; coaching figures join when sessions land. */
export const DashboardView = ({ user }: { user: CurrentUser }) => {
  const { t, i18n } = useTranslation('dashboard');
  const can = useCan();
  const superAdmin = user.organization_role === 'super-admin';
  const organizationScope = superAdmin ? undefined : user.organization_id;
  const users = useDashboardCount('users', can('user-list'), organizationScope);
  const groups = useDashboardCount('groups', can('user-group-list'), organizationScope);
  const organizations = useDashboardCount('organizations', superAdmin);
  const organization = useOrganizationWallet(
    user.organization_id,
    can(['organization-detail-read', 'organization-read']),
  );
  const credits = (value: number | undefined) =>
    value === undefined ? undefined : formatCredits(value, i18n.language);

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t('welcome', { name: displayName(user) })}</h1>
        <RoleBadge role={user.organization_role} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure label={t('figures.myCredits')} value={credits(user.credit_wallet)} testId="figure-my-credits" />
        {organization.isSuccess ? (
          <Figure
            label={t('figures.organizationCredits', { name: organization.data.name })}
            value={credits(organization.data.credit_wallet)}
            testId="figure-organization-credits"
          />
        ) : null}
        {can('user-list') ? <Figure label={t('figures.users')} value={users.data} testId="figure-users" /> : null}
        {can('user-group-list') ? (
          <Figure label={t('figures.groups')} value={groups.data} testId="figure-groups" />
        ) : null}
        {user.organization_role === 'super-admin' ? (
          <Figure label={t('figures.organizations')} value={organizations.data} testId="figure-organizations" />
        ) : null}
        <Card>
          <p className="text-sm text-gray-700 dark:text-gray-300">{t('figures.sessions')}</p>
          <p className="mt-2 inline-flex rounded-full bg-primary-50 px-3 py-1 text-sm font-medium text-primary-800 dark:bg-primary-950 dark:text-primary-200">
            {t('comingSoon')}
          </p>
        </Card>
      </div>
      <section aria-labelledby="quick-links" className="mt-8">
        <h2 id="quick-links" className="mb-3 text-lg font-semibold">
          {t('quickLinks.title')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {QUICK_LINKS.filter((link) => canAll(user, link.permissions) || link.permissions.length === 0).map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="block rounded-lg border border-gray-200 p-4 font-medium transition-colors hover:border-primary-600 hover:text-primary-800 dark:border-gray-800 dark:hover:border-primary-300 dark:hover:text-primary-200"
              >
                {t(`quickLinks.${link.key as 'inviteUser'}`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
};
