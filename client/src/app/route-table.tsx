import type { RouteObject } from 'react-router';
import { loadNamespaces } from '../lib/i18n/i18n';
import type { Namespace } from '../lib/i18n/resources';
import type { RouteHandle } from './navigation/route-handle';
import type { CoachingScreen } from './routes/coaching/coaching-route';

/** Ids in addresses: what the API accepts (api/src/http/schemas.ts idSchema). */
const ID = /^[A-Za-z0-9_-]{1,100}$/;
const validId =
  (...names: string[]) =>
  (params: Record<string, string | undefined>) =>
    names.every((name) => ID.test(params[name] ?? ''));
const prefixedId = (name: string, prefix: string) => (params: Record<string, string | undefined>) => {
  const value = params[name] ?? '';
  return value.startsWith(prefix) && ID.test(value.slice(prefix.length));
};

type Page = {
  handle?: RouteHandle;
  /** Catalogues the page needs beyond START_NAMESPACES (lib/i18n/start-namespaces.ts), loaded before it renders. */
  namespaces?: readonly Namespace[];
  load: () => Promise<{ Component: React.ComponentType }>;
};

const page = (path: string | undefined, { handle, namespaces = [], load }: Page): RouteObject => ({
  ...(path === undefined ? { index: true } : { path }),
  ...(handle ? { handle } : {}),
  // Module and catalogues download side by side; the page never renders its keys untranslated.
  lazy: () => Promise.all([load(), loadNamespaces(namespaces)]).then(([module]) => module),
});

const coaching = (screen: CoachingScreen, handle: RouteHandle = {}): Page => ({
  handle,
  // The home shows results, and editors say when the built-in provider plays or judges, in the sessions' words.
  namespaces: screen.screen === 'list' ? ['coaching', 'images'] : ['coaching', 'images', 'coachingSessions'],
  load: () =>
    import('./routes/coaching/coaching-route').then((m) => ({ Component: () => <m.CoachingRoute {...screen} /> })),
});

const AUTHORED = ['mission', 'persona', 'observer'] as const;
const ALL_KINDS = ['mission', 'persona', 'observer', 'playlist', 'program', 'scenario'] as const;

/** Spec §2 "AI coaching": the content screens, then the scenario's information and the session screens. */
const coachingRoutes: RouteObject[] = [
  // The home shows each scenario's mode, language and the learner's results in the sessions' words.
  page(undefined, coaching({ screen: 'home' })),
  // Ours (issue 27): the organization's leaderboards, for every member; it says so when they are off.
  page('leaderboard', coaching({ screen: 'leaderboard' })),
  // `playlist/list` is not in spec §2 (it lists four): playlists are listed like the other kinds; programs (issue 27,
  // ours) have the list, create and edit pages of every kind.
  ...ALL_KINDS.map((kind) =>
    page(`${kind}/list`, coaching({ screen: 'list', kind }, { permissions: [`coaching-${kind}-list`] })),
  ),
  ...AUTHORED.map((kind) =>
    page(
      `${kind}/create/:copyId?`,
      coaching(
        { screen: 'create', kind },
        {
          permissions: [`coaching-${kind}-create`],
          isValid: (params) => !params['copyId'] || validId('copyId')(params),
        },
      ),
    ),
  ),
  ...(['playlist', 'program', 'scenario'] as const).map((kind) =>
    page(`${kind}/create`, coaching({ screen: 'create', kind }, { permissions: [`coaching-${kind}-create`] })),
  ),
  ...ALL_KINDS.map((kind) =>
    page(
      `${kind}/edit/:id`,
      coaching(
        { screen: 'edit', kind },
        { permissions: [`coaching-${kind}-update`, `coaching-${kind}-read`], isValid: validId('id') },
      ),
    ),
  ),
  ...AUTHORED.map((kind) =>
    page(
      `${kind}/fork/:id`,
      coaching({ screen: 'fork', kind }, { permissions: [`coaching-${kind}-fork`], isValid: validId('id') }),
    ),
  ),
  // `scenario/info-{scenarioID}`, `session/play-{sessionID}`, `session/result-{sessionID}`: React Router has no
  // partial dynamic segments, so one segment is matched and its prefix checked by the validity check.
  page('scenario/:slug', {
    handle: { permissions: ['coaching-scenario-read'], isValid: prefixedId('slug', 'info-') },
    // The "Share with guests" panel speaks sharedSessions.
    namespaces: ['coachingSessions', 'sharedSessions'],
    load: () => import('./routes/coaching/session-route').then((m) => ({ Component: m.ScenarioInfoRoute })),
  }),
  // `playlist/play-{playlistID}` is not in spec §2 (it lists a playlist's create and edit pages only): a learner plays
  // a playlist's scenarios in order and sees their progress, named like the session screens.
  page('playlist/:slug', {
    handle: { permissions: ['coaching-playlist-read'], isValid: prefixedId('slug', 'play-') },
    namespaces: ['coachingSessions'],
    load: () => import('./routes/coaching/session-route').then((m) => ({ Component: m.PlaylistPlayRoute })),
  }),
  // Not in spec §2 (it names no generator page): the session generators, listed like the content kinds
  // (docs/coaching-session-generators.md).
  page('session-generator/list', {
    handle: { permissions: ['coaching-session-generator-read'] },
    namespaces: ['sessionGenerators'],
    load: () =>
      import('./routes/coaching/session-generators-route').then((m) => ({ Component: m.SessionGeneratorsRoute })),
  }),
  // Not in spec §2: the caller's share links (docs/shared-sessions.md).
  page('shared-session/list', {
    handle: { permissions: ['generate-shared-session'] },
    namespaces: ['sharedSessions'],
    load: () => import('./routes/coaching/session-route').then((m) => ({ Component: m.ShareLinksRoute })),
  }),
  // Not in spec §2: the learner's sessions (and, with `coaching-session-check-other`, the organization's).
  page('session/list', {
    handle: { permissions: ['coaching-session-read'] },
    namespaces: ['coachingSessions'],
    load: () => import('./routes/coaching/session-route').then((m) => ({ Component: m.SessionListRoute })),
  }),
  page('session/:slug', {
    handle: {
      // Spec §2 lists the coaching play app as public because guests play it. A guest holds a guest token, so the guard
      // lets them through like any token; a visitor without one goes to the login and comes back (issue 23).
      layout: (params) => (params['slug']?.startsWith('result-') ? 'coaching-no-sidebar' : 'coaching-app'),
      isValid: (params) => prefixedId('slug', 'play-')(params) || prefixedId('slug', 'result-')(params),
    },
    // The result page's "Ask the coach" panel speaks coachingChats, its review comments sessionComments; a guest's ways
    // on and out speak sharedSessions and auth.
    namespaces: ['coachingSessions', 'coachingChats', 'sessionComments', 'auth', 'sharedSessions'],
    load: () => import('./routes/coaching/session-route').then((m) => ({ Component: m.SessionRoute })),
  }),
];

/** Every route of spec §2, with its permissions, layout and public flag. Pages load on first visit. */
export const pageRoutes: RouteObject[] = [
  page(undefined, {
    handle: { public: true, layout: 'web' },
    namespaces: ['landing', 'auth'],
    load: () => import('./routes/landing-route').then((m) => ({ Component: m.LandingRoute })),
  }),
  page('page2', {
    handle: { public: true, layout: 'web' },
    namespaces: ['landing'],
    load: () => import('./routes/page2-route').then((m) => ({ Component: m.Page2Route })),
  }),
  // The navigation guard logs out and redirects before this renders.
  page('logout', { handle: { public: true }, load: async () => ({ Component: () => null }) }),
  page('activate', {
    handle: { public: true, layout: 'web-login' },
    namespaces: ['auth'],
    load: () => import('./routes/auth/activate-route').then((m) => ({ Component: m.ActivateRoute })),
  }),
  page('preconnect', {
    handle: { public: true, layout: 'web-login' },
    namespaces: ['auth'],
    load: () => import('./routes/auth/preconnect-route').then((m) => ({ Component: m.PreconnectRoute })),
  }),
  page('dashboard', {
    handle: { permissions: ['dashboard-view'] },
    namespaces: ['dashboard'],
    // The pages that list others learn from this table which the user may open; it is handed to them, not imported.
    load: () =>
      import('./routes/dashboard/dashboard-route').then((m) => ({
        Component: () => <m.DashboardRoute pages={pageRoutes} />,
      })),
  }),
  page('env', {
    handle: { permissions: ['environment-variables-read', 'environment-variables-update'] },
    namespaces: ['environment'],
    load: () => import('./routes/settings/environment-route').then((m) => ({ Component: m.EnvironmentRoute })),
  }),
  page('apps', {
    namespaces: ['applications'],
    load: () => import('./routes/apps-route').then((m) => ({ Component: m.AppsRoute })),
  }),
  {
    path: 'apps/ai-coaching',
    // Says so instead of the page when the user's organization has not installed AI coaching (docs/applications.md).
    lazy: () =>
      Promise.all([import('./routes/coaching/coaching-app-route'), loadNamespaces(['applications'])]).then(
        ([module]) => ({ Component: module.CoachingAppRoute }),
      ),
    children: coachingRoutes,
  },
  page('shared/ai-coaching-session/:accessCode', {
    handle: { public: true, layout: 'web-empty' },
    namespaces: ['sharedSessions'],
    load: () => import('./routes/shared-session-route').then((m) => ({ Component: m.SharedSessionRoute })),
  }),
  // Ours (spec §2 shows no end to a guest's path): where a guest who leaves lands, signed out and without the app's
  // chrome, told who offered the practice (docs/shared-sessions.md, "A guest").
  page('shared/end', {
    handle: { public: true, layout: 'web-empty' },
    namespaces: ['sharedSessions'],
    load: () => import('./routes/shared-session-route').then((m) => ({ Component: m.GuestEndRoute })),
  }),
  page('redirect/guest', {
    handle: { public: true, layout: 'web-empty' },
    namespaces: ['sharedSessions', 'auth'],
    load: () => import('./routes/shared-session-route').then((m) => ({ Component: m.GuestRedirectRoute })),
  }),
  // Ours (issue 27): a certificate anyone given its address may check, without the app's chrome.
  page('certificates/:certificateId', {
    handle: { public: true, layout: 'web-empty' },
    namespaces: ['certificates'],
    load: () => import('./routes/certificate-route').then((m) => ({ Component: m.CertificateRoute })),
  }),
  page('profile', {
    handle: { permissions: ['user-self-edit'] },
    namespaces: ['profile', 'images'],
    load: () => import('./routes/profile/profile-route').then((m) => ({ Component: m.ProfileRoute })),
  }),
  page('profile/change-password', {
    handle: { permissions: ['user-self-edit'] },
    namespaces: ['profile'],
    load: () => import('./routes/profile/change-password-route').then((m) => ({ Component: m.ChangePasswordRoute })),
  }),
  page('profile/transfer-credits', {
    namespaces: ['profile'],
    load: () => import('./routes/profile/transfer-credits-route').then((m) => ({ Component: m.TransferCreditsRoute })),
  }),
  page('terms/:page', {
    handle: {
      public: true,
      signedOutLayout: 'web-content',
      isValid: (params) => ['contact', 'privacy', 'conditions', 'legal-notices'].includes(params['page'] ?? ''),
    },
    namespaces: ['terms'],
    load: () => import('./routes/terms/terms-route').then((m) => ({ Component: m.TermsRoute })),
  }),
  page('settings', {
    namespaces: ['settings'],
    load: () =>
      import('./routes/settings/settings-home-route').then((m) => ({
        Component: () => <m.SettingsHomeRoute pages={pageRoutes} />,
      })),
  }),
  page('settings/metadata', {
    handle: {
      permissions: [
        'organization-metadata-organization-update',
        'organization-metadata-product-update',
        'organization-metadata-custom-update',
      ],
    },
    namespaces: ['organizations'],
    load: () => import('./routes/settings/metadata-route').then((m) => ({ Component: m.MetadataRoute })),
  }),
  page('settings/my-organization', {
    handle: { permissions: ['organization-self-edit'] },
    namespaces: ['organizations', 'operatorName', 'images'],
    load: () => import('./routes/settings/my-organization-route').then((m) => ({ Component: m.MyOrganizationRoute })),
  }),
  // Not in spec §2 (its route list does not show them): the pages of settings-email and super-admin-*.
  page('settings/email', {
    handle: { permissions: ['settings-email'] },
    namespaces: ['settingsEmail'],
    load: () => import('./routes/settings/mail-settings-route').then((m) => ({ Component: m.MailSettingsRoute })),
  }),
  // Ours (issue 28): API keys and bulk import; webhooks and SCIM add their sections to the same page.
  page('settings/integrations', {
    handle: { permissions: ['api-key-list'] },
    namespaces: ['integrations'],
    load: () => import('./routes/settings/integrations-route').then((m) => ({ Component: m.IntegrationsRoute })),
  }),
  // Ours: the link of the mail sent when a webhook endpoint is turned off; it leads to the page's webhooks.
  page('settings/webhooks', {
    handle: { permissions: ['webhook-list'] },
    load: () =>
      import('./routes/settings/webhooks-redirect-route').then((m) => ({ Component: m.WebhooksRedirectRoute })),
  }),
  page('settings/super-admins', {
    handle: { permissions: ['super-admin-read'] },
    namespaces: ['settingsSuperAdmins'],
    load: () =>
      import('./routes/settings/super-admins/super-admin-list-route').then((m) => ({
        Component: m.SuperAdminListRoute,
      })),
  }),
  page('settings/super-admins/invite', {
    handle: { permissions: ['super-admin-create'] },
    namespaces: ['settingsSuperAdmins'],
    load: () =>
      import('./routes/settings/super-admins/super-admin-invite-route').then((m) => ({
        Component: m.SuperAdminInviteRoute,
      })),
  }),
  page('settings/user/list', {
    handle: { permissions: ['user-list', 'user-group-list'] },
    namespaces: ['users', 'userGroups'],
    load: () => import('./routes/settings/users/user-list-route').then((m) => ({ Component: m.UserListRoute })),
  }),
  page('settings/user/create', {
    handle: { permissions: ['user-create'] },
    namespaces: ['users'],
    load: () => import('./routes/settings/users/user-create-route').then((m) => ({ Component: m.UserCreateRoute })),
  }),
  page('settings/user/edit/:id', {
    handle: { permissions: ['user-update'], isValid: validId('id') },
    namespaces: ['users', 'resetLink', 'images'],
    load: () => import('./routes/settings/users/user-edit-route').then((m) => ({ Component: m.UserEditRoute })),
  }),
  page('settings/usergroup/create', {
    handle: { permissions: ['user-group-create'] },
    namespaces: ['userGroups', 'images'],
    load: () =>
      import('./routes/settings/user-groups/user-group-create-route').then((m) => ({
        Component: m.UserGroupCreateRoute,
      })),
  }),
  page('settings/usergroup/edit/:id', {
    handle: { permissions: ['user-group-create'], isValid: validId('id') },
    namespaces: ['userGroups', 'images'],
    load: () =>
      import('./routes/settings/user-groups/user-group-edit-route').then((m) => ({ Component: m.UserGroupEditRoute })),
  }),
  page('settings/organization/list', {
    handle: { permissions: ['organization-list'] },
    namespaces: ['organizations'],
    load: () =>
      import('./routes/settings/organizations/organization-list-route').then((m) => ({
        Component: m.OrganizationListRoute,
      })),
  }),
  page('settings/organization/create', {
    handle: { permissions: ['organization-create'] },
    namespaces: ['organizations', 'images'],
    load: () =>
      import('./routes/settings/organizations/organization-create-route').then((m) => ({
        Component: m.OrganizationCreateRoute,
      })),
  }),
  page('settings/organization/edit/:id', {
    handle: { permissions: ['organization-update', 'organization-detail-read'], isValid: validId('id') },
    namespaces: ['organizations', 'operatorName', 'images', 'applications'],
    load: () =>
      import('./routes/settings/organizations/organization-edit-route').then((m) => ({
        Component: m.OrganizationEditRoute,
      })),
  }),
  page('settings/organization/transaction/:id', {
    handle: { permissions: ['credit-allocate', 'credit-deallocate'], isValid: validId('id') },
    namespaces: ['credits'],
    load: () =>
      import('./routes/settings/organizations/organization-transaction-route').then((m) => ({
        Component: m.OrganizationTransactionRoute,
      })),
  }),
  page('settings/organization/transaction/history/:id', {
    // No permission in the spec; the API answers what credit-transaction-read and credit-consumption-read allow.
    handle: { isValid: validId('id') },
    namespaces: ['credits'],
    load: () =>
      import('./routes/settings/organizations/organization-history-route').then((m) => ({
        Component: m.OrganizationHistoryRoute,
      })),
  }),
  page('ai-providers/list', {
    handle: { permissions: ['ai-provider-list'] },
    namespaces: ['aiProviders'],
    load: () =>
      import('./routes/ai-providers/ai-provider-list-route').then((m) => ({ Component: m.AiProviderListRoute })),
  }),
  page('ai-providers/create', {
    handle: { permissions: ['ai-provider-create'] },
    namespaces: ['aiProviders'],
    load: () =>
      import('./routes/ai-providers/ai-provider-create-route').then((m) => ({ Component: m.AiProviderCreateRoute })),
  }),
  page('ai-providers/edit/:providerID', {
    handle: { permissions: ['ai-provider-update', 'ai-provider-read'], isValid: validId('providerID') },
    namespaces: ['aiProviders'],
    load: () =>
      import('./routes/ai-providers/ai-provider-edit-route').then((m) => ({ Component: m.AiProviderEditRoute })),
  }),
  page('403', {
    handle: { public: true, signedOutLayout: 'web' },
    load: () => import('./routes/forbidden-route').then((m) => ({ Component: m.ForbiddenRoute })),
  }),
  page('*', {
    handle: { public: true, signedOutLayout: 'web' },
    load: () => import('./routes/not-found-route').then((m) => ({ Component: m.NotFoundRoute })),
  }),
];
