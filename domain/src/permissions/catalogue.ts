/**
 * Every permission of the product (spec section 6), one kebab-case name each, in the style the
 * spec's routes use (ai-provider-list, user-self-edit, credit-allocate, coaching-mission-fork).
 */
const crud = <P extends string>(prefix: P) =>
  [`${prefix}-create`, `${prefix}-read`, `${prefix}-update`, `${prefix}-delete`, `${prefix}-list`] as const;

const authored = <P extends string>(prefix: P) =>
  [
    `${prefix}-create`,
    `${prefix}-delete`,
    `${prefix}-fork`,
    `${prefix}-list`,
    `${prefix}-read`,
    `${prefix}-update`,
  ] as const;

const shared = <P extends string>(prefix: P) => [...crud(prefix), `${prefix}-share`] as const;

export const PERMISSIONS = [
  ...crud('ai-model'),
  ...crud('ai-provider'),
  ...crud('ai-service-key'),
  ...crud('ai-speech-voice'),
  // Organization API keys (docs/api/integrations.md): created, listed, read and revoked; a key is never changed.
  'api-key-create',
  'api-key-delete',
  'api-key-list',
  'api-key-read',
  'application-delete',
  'application-install',
  'application-read',
  'application-share',
  'chat-create',
  'chat-read',
  'chat-update',
  'chat-delete',
  ...authored('coaching-mission'),
  ...authored('coaching-persona'),
  ...authored('coaching-observer'),
  ...shared('coaching-playlist'),
  // Programs are assigned, not shared (docs/programs.md).
  ...crud('coaching-program'),
  'coaching-program-assign',
  ...shared('coaching-scenario'),
  'coaching-session-access-expired',
  'coaching-session-ai-voice-settings-edit',
  'coaching-session-analysis-report-update',
  'coaching-session-check-other',
  'coaching-session-create',
  'coaching-session-delete',
  'coaching-session-full-update',
  'coaching-session-generate',
  'coaching-session-generator-create',
  'coaching-session-generator-read',
  'coaching-session-generator-update',
  'coaching-session-generator-delete',
  'coaching-session-read',
  'coaching-session-rename',
  'coaching-session-run',
  'coaching-session-update',
  'credit-allocate',
  'credit-deallocate',
  'credit-transfer',
  'credit-consumption-read',
  'credit-transaction-read',
  'dashboard-view',
  'environment-variables-read',
  'environment-variables-update',
  'generate-shared-session',
  'operator-name-update',
  'organization-create',
  'organization-delete',
  'organization-detail-read',
  'organization-list',
  'organization-read',
  'organization-update',
  'organization-self-edit',
  'organization-update-credit',
  'organization-metadata-custom-update',
  'organization-metadata-organization-update',
  'organization-metadata-product-update',
  'reset-password',
  // SCIM tokens (docs/api/integrations.md, "SCIM"): API keys scoped to /scim/v2, listed and revoked apart.
  'scim-token-create',
  'scim-token-delete',
  'scim-token-list',
  'send-invitation-email',
  'settings-email',
  'super-admin-create',
  'super-admin-read',
  'super-admin-update',
  'super-admin-delete',
  'user-create',
  'user-delete',
  'user-detail-read',
  // Bulk import of users from a CSV file (docs/api/integrations.md, "Bulk import"): planned and run, then read.
  'user-import-create',
  'user-import-read',
  'user-list',
  'user-read',
  'user-read-other',
  'user-self-edit',
  'user-update',
  ...crud('user-group'),
  ...crud('webhook'),
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const isPermission = (value: string): value is Permission => (PERMISSIONS as readonly string[]).includes(value);
