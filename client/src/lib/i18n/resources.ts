import type enGbAiProviders from '../../locales/en-GB/ai-providers.json';
import type enGbApplications from '../../locales/en-GB/applications.json';
import type enGbAuth from '../../locales/en-GB/auth.json';
import type enGbCoaching from '../../locales/en-GB/coaching.json';
import type enGbCoachingChats from '../../locales/en-GB/coaching-chats.json';
import type enGbCoachingSessions from '../../locales/en-GB/coaching-sessions.json';
import type enGbCommon from '../../locales/en-GB/common.json';
import type enGbCredits from '../../locales/en-GB/credits.json';
import type enGbDashboard from '../../locales/en-GB/dashboard.json';
import type enGbEnvironment from '../../locales/en-GB/environment.json';
import type enGbErrors from '../../locales/en-GB/errors.json';
import type enGbImages from '../../locales/en-GB/images.json';
import type enGbIntegrations from '../../locales/en-GB/integrations.json';
import type enGbLanding from '../../locales/en-GB/landing.json';
import type enGbOperatorName from '../../locales/en-GB/operator-name.json';
import type enGbOrganizations from '../../locales/en-GB/organizations.json';
import type enGbProfile from '../../locales/en-GB/profile.json';
import type enGbResetLink from '../../locales/en-GB/reset-link.json';
import type enGbSettings from '../../locales/en-GB/settings.json';
import type enGbSettingsEmail from '../../locales/en-GB/settings-email.json';
import type enGbSessionGenerators from '../../locales/en-GB/session-generators.json';
import type enGbSessionComments from '../../locales/en-GB/session-comments.json';
import type enGbCertificates from '../../locales/en-GB/certificates.json';
import type enGbSettingsSuperAdmins from '../../locales/en-GB/settings-super-admins.json';
import type enGbShell from '../../locales/en-GB/shell.json';
import type enGbSharedSessions from '../../locales/en-GB/shared-sessions.json';
import type enGbTerms from '../../locales/en-GB/terms.json';
import type enGbUserGroups from '../../locales/en-GB/user-groups.json';
import type enGbUsers from '../../locales/en-GB/users.json';

/** One namespace per feature; each is a file `src/locales/<locale>/<namespace>.json` (camelCase name, kebab-case file). */
export const NAMESPACES = [
  'common',
  'errors',
  'landing',
  'shell',
  'auth',
  'dashboard',
  'profile',
  'settings',
  'organizations',
  'credits',
  'users',
  'userGroups',
  'environment',
  'terms',
  'operatorName',
  'resetLink',
  'settingsEmail',
  'settingsSuperAdmins',
  'aiProviders',
  'coaching',
  'coachingSessions',
  'coachingChats',
  'sharedSessions',
  'sessionGenerators',
  'sessionComments',
  'certificates',
  'images',
  'applications',
  'integrations',
] as const;

export type Namespace = (typeof NAMESPACES)[number];

export const DEFAULT_NAMESPACE = 'common' satisfies Namespace;

type EnGbCatalogues = {
  common: typeof enGbCommon;
  errors: typeof enGbErrors;
  landing: typeof enGbLanding;
  shell: typeof enGbShell;
  auth: typeof enGbAuth;
  dashboard: typeof enGbDashboard;
  profile: typeof enGbProfile;
  settings: typeof enGbSettings;
  organizations: typeof enGbOrganizations;
  credits: typeof enGbCredits;
  users: typeof enGbUsers;
  userGroups: typeof enGbUserGroups;
  environment: typeof enGbEnvironment;
  terms: typeof enGbTerms;
  operatorName: typeof enGbOperatorName;
  resetLink: typeof enGbResetLink;
  settingsEmail: typeof enGbSettingsEmail;
  settingsSuperAdmins: typeof enGbSettingsSuperAdmins;
  aiProviders: typeof enGbAiProviders;
  coaching: typeof enGbCoaching;
  coachingSessions: typeof enGbCoachingSessions;
  coachingChats: typeof enGbCoachingChats;
  sharedSessions: typeof enGbSharedSessions;
  sessionGenerators: typeof enGbSessionGenerators;
  sessionComments: typeof enGbSessionComments;
  certificates: typeof enGbCertificates;
  images: typeof enGbImages;
  applications: typeof enGbApplications;
  integrations: typeof enGbIntegrations;
};

/** en-GB is the reference shape: typed `t()` keys come from it, and French must provide at least the same keys. */
export type CatalogueShape = EnGbCatalogues;
