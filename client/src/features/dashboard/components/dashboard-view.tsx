import type { Permission } from '@ai-coaching/domain';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/ui/query-state';
import { RoleBadge } from '../../../components/ui/role-badge';
import { WhenVisible } from '../../../components/ui/when-visible';
import { formatCredits } from '../../../lib/credits/nb-credits';
import { displayName, type CurrentUser } from '../../../lib/session/current-user';
import { canAll, useCan } from '../../../lib/session/session-context';
import { useDashboardCount, useOrganizationWallet } from '../api/dashboard-api';
import { Figure } from './figure';

// Below the first figures, and the dashboard's start-up JavaScript is on its budget (docs/performance.md): the
// coaching figures and their chart come in a chunk of their own once their place comes near the screen.
const CoachingDashboard = lazy(() =>
  import('./coaching-dashboard').then((module) => ({ default: module.CoachingDashboard })),
);

// Super-admins only, and only until the platform is set up: not part of anyone's start-up JavaScript.
const SetupChecklist = lazy(() => import('./setup-checklist').then((module) => ({ default: module.SetupChecklist })));

const QUICK_LINKS: { to: string; key: string; permissions: Permission[] }[] = [
  { to: '/settings/user/create', key: 'inviteUser', permissions: ['user-create'] },
  { to: '/settings/usergroup/create', key: 'createGroup', permissions: ['user-group-create'] },
  { to: '/settings/organization/list', key: 'organizations', permissions: ['organization-list'] },
  { to: '/profile/transfer-credits', key: 'transferCredits', permissions: ['credit-transfer'] },
  { to: '/apps/ai-coaching', key: 'coaching', permissions: [] },
];

/**
 * `/dashboard`: credits and people at a glance, each figure a link to its list, then the coaching figures
 * (`CoachingDashboard`: the learner's own and, with `coaching-session-check-other`, the team's). `canOpen` says whether
 * the user may open a page (the app's route permissions), so no figure leads to /403.
 */
export const DashboardView = ({ user, canOpen }: { user: CurrentUser; canOpen: (path: string) => boolean }) => {
  const { t, i18n } = useTranslation('dashboard');
  const can = useCan();
  const superAdmin = user.organization_role === 'super-admin';
  const organizationScope = superAdmin ? undefined : user.organization_id;
  const users = useDashboardCount('users', can('user-list'), organizationScope);
  const sessions = useDashboardCount('sessions', can('coaching-session-read'));
  const groups = useDashboardCount('groups', can('user-group-list'), organizationScope);
  const organizations = useDashboardCount('organizations', superAdmin);
  const showsOrganization = can(['organization-detail-read', 'organization-read']) && user.organization_id !== '';
  const organization = useOrganizationWallet(user.organization_id, showsOrganization);
  // Credits and counts alike, as the language writes numbers ("1,000", "1 000").
  const figure = (value: number | undefined) => (value === undefined ? undefined : formatCredits(value, i18n.language));
  const linkTo = (path: string) => (canOpen(path) ? path : undefined);
  // The organization's credits lead to their movements when the user may read them, else to the organization.
  const organizationCreditsLink = can(['credit-transaction-read', 'credit-consumption-read'])
    ? linkTo(`/settings/organization/transaction/history/${user.organization_id}`)
    : linkTo('/settings/my-organization');

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t('welcome', { name: displayName(user) })}</h1>
        <RoleBadge role={user.organization_role} />
      </div>
      {superAdmin ? (
        <Suspense fallback={null}>
          <SetupChecklist />
        </Suspense>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure
          label={t('figures.myCredits')}
          value={figure(user.credit_wallet)}
          testId="figure-my-credits"
          to={linkTo('/profile')}
        />
        {organization.isSuccess ? (
          <Figure
            label={t('figures.organizationCredits', { name: organization.data.name })}
            value={figure(organization.data.credit_wallet)}
            testId="figure-organization-credits"
            to={organizationCreditsLink}
          />
        ) : showsOrganization && organization.isPending ? (
          // Keeps the card's place while the organization loads, so the figures and links after it do not jump.
          <div aria-hidden="true" className="invisible">
            <Figure label={t('figures.organizationCredits', { name: '' })} value="0" testId="figure-placeholder" />
          </div>
        ) : null}
        {can('user-list') ? (
          <Figure
            label={t('figures.users')}
            value={figure(users.data)}
            testId="figure-users"
            to={linkTo('/settings/user/list')}
          />
        ) : null}
        {can('user-group-list') ? (
          <Figure
            label={t('figures.groups')}
            value={figure(groups.data)}
            testId="figure-groups"
            to={canOpen('/settings/user/list') ? '/settings/user/list?tab=groups' : undefined}
          />
        ) : null}
        {user.organization_role === 'super-admin' ? (
          <Figure
            label={t('figures.organizations')}
            value={figure(organizations.data)}
            testId="figure-organizations"
            to={linkTo('/settings/organization/list')}
          />
        ) : null}
        {can('coaching-session-read') ? (
          <Figure
            label={t('figures.sessions')}
            value={figure(sessions.data)}
            testId="figure-sessions"
            to={linkTo('/apps/ai-coaching')}
          />
        ) : null}
      </div>
      {can('coaching-session-read') ? (
        // Below the figures (on a phone, far below): it loads as it comes near the screen.
        <WhenVisible minHeight="12rem">
          <Suspense
            fallback={
              <div className="mt-8">
                <Loading />
              </div>
            }
          >
            <CoachingDashboard organizationId={user.organization_id} />
          </Suspense>
        </WhenVisible>
      ) : null}
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
