import enGbAuth from '../../locales/en-GB/auth.json';
import enGbComingSoon from '../../locales/en-GB/coming-soon.json';
import enGbCommon from '../../locales/en-GB/common.json';
import enGbCredits from '../../locales/en-GB/credits.json';
import enGbDashboard from '../../locales/en-GB/dashboard.json';
import enGbEnvironment from '../../locales/en-GB/environment.json';
import enGbErrors from '../../locales/en-GB/errors.json';
import enGbLanding from '../../locales/en-GB/landing.json';
import enGbOperatorName from '../../locales/en-GB/operator-name.json';
import enGbOrganizations from '../../locales/en-GB/organizations.json';
import enGbProfile from '../../locales/en-GB/profile.json';
import enGbResetLink from '../../locales/en-GB/reset-link.json';
import enGbSettings from '../../locales/en-GB/settings.json';
import enGbSettingsEmail from '../../locales/en-GB/settings-email.json';
import enGbSettingsSuperAdmins from '../../locales/en-GB/settings-super-admins.json';
import enGbShell from '../../locales/en-GB/shell.json';
import enGbTerms from '../../locales/en-GB/terms.json';
import enGbUserGroups from '../../locales/en-GB/user-groups.json';
import enGbUsers from '../../locales/en-GB/users.json';
import frFrAuth from '../../locales/fr-FR/auth.json';
import frFrComingSoon from '../../locales/fr-FR/coming-soon.json';
import frFrCommon from '../../locales/fr-FR/common.json';
import frFrCredits from '../../locales/fr-FR/credits.json';
import frFrDashboard from '../../locales/fr-FR/dashboard.json';
import frFrEnvironment from '../../locales/fr-FR/environment.json';
import frFrErrors from '../../locales/fr-FR/errors.json';
import frFrLanding from '../../locales/fr-FR/landing.json';
import frFrOperatorName from '../../locales/fr-FR/operator-name.json';
import frFrOrganizations from '../../locales/fr-FR/organizations.json';
import frFrProfile from '../../locales/fr-FR/profile.json';
import frFrResetLink from '../../locales/fr-FR/reset-link.json';
import frFrSettings from '../../locales/fr-FR/settings.json';
import frFrSettingsEmail from '../../locales/fr-FR/settings-email.json';
import frFrSettingsSuperAdmins from '../../locales/fr-FR/settings-super-admins.json';
import frFrShell from '../../locales/fr-FR/shell.json';
import frFrTerms from '../../locales/fr-FR/terms.json';
import frFrUserGroups from '../../locales/fr-FR/user-groups.json';
import frFrUsers from '../../locales/fr-FR/users.json';
import type { Locale } from './locales';

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
  'comingSoon',
  'operatorName',
  'resetLink',
  'settingsEmail',
  'settingsSuperAdmins',
] as const;

export type Namespace = (typeof NAMESPACES)[number];

export const DEFAULT_NAMESPACE = 'common' satisfies Namespace;

const enGb = {
  common: enGbCommon,
  errors: enGbErrors,
  landing: enGbLanding,
  shell: enGbShell,
  auth: enGbAuth,
  dashboard: enGbDashboard,
  profile: enGbProfile,
  settings: enGbSettings,
  organizations: enGbOrganizations,
  credits: enGbCredits,
  users: enGbUsers,
  userGroups: enGbUserGroups,
  environment: enGbEnvironment,
  terms: enGbTerms,
  comingSoon: enGbComingSoon,
  operatorName: enGbOperatorName,
  resetLink: enGbResetLink,
  settingsEmail: enGbSettingsEmail,
  settingsSuperAdmins: enGbSettingsSuperAdmins,
};

/** en-GB is the reference shape: typed `t()` keys come from it, and French must provide at least the same keys. */
export type CatalogueShape = typeof enGb;

// Catalogues are bundled (a few kB each): loading them eagerly keeps i18n synchronous, so the first render is already
// translated and the readiness flag never races a fetch. Revisit with a lazy backend once catalogues grow.
export const resources: Record<Locale, CatalogueShape> = {
  'en-GB': enGb,
  'fr-FR': {
    common: frFrCommon,
    errors: frFrErrors,
    landing: frFrLanding,
    shell: frFrShell,
    auth: frFrAuth,
    dashboard: frFrDashboard,
    profile: frFrProfile,
    settings: frFrSettings,
    organizations: frFrOrganizations,
    credits: frFrCredits,
    users: frFrUsers,
    userGroups: frFrUserGroups,
    environment: frFrEnvironment,
    terms: frFrTerms,
    comingSoon: frFrComingSoon,
    operatorName: frFrOperatorName,
    resetLink: frFrResetLink,
    settingsEmail: frFrSettingsEmail,
    settingsSuperAdmins: frFrSettingsSuperAdmins,
  },
};
