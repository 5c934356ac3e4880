import { PERMISSIONS, type Permission } from './catalogue.js';

export const ROLES = ['super-admin', 'operator', 'editor', 'user', 'guest'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

const startingWith = (...prefixes: string[]): Permission[] =>
  PERMISSIONS.filter((permission) => prefixes.some((prefix) => permission.startsWith(prefix)));

const only = (...permissions: Permission[]): Permission[] => permissions;

const reading = (...entities: string[]): Permission[] =>
  entities.flatMap((entity) => PERMISSIONS.filter((p) => p === `${entity}-read` || p === `${entity}-list`));

/** What only the platform's own staff may do: other tenants, issuance, platform settings. */
const PLATFORM_ONLY = new Set<Permission>([
  'organization-create',
  'organization-delete',
  'organization-list',
  'organization-update',
  'organization-update-credit',
  // Which applications an organization has is the platform's to say (docs/applications.md).
  'application-install',
  'application-delete',
  'environment-variables-read',
  'environment-variables-update',
  'super-admin-create',
  'super-admin-read',
  'super-admin-update',
  'super-admin-delete',
]);

/** Learners: play sessions on the content they are given, manage their own profile. */
const USER: Permission[] = [
  ...only('dashboard-view', 'user-self-edit', 'credit-transfer', 'generate-shared-session', 'organization-read'),
  ...reading('coaching-mission', 'coaching-persona', 'coaching-observer', 'coaching-playlist', 'coaching-scenario'),
  ...reading('ai-speech-voice', 'application'),
  ...only('coaching-session-create', 'coaching-session-read', 'coaching-session-run', 'coaching-session-rename'),
  ...only('coaching-session-delete', 'coaching-session-ai-voice-settings-edit'),
  ...only('chat-create', 'chat-read', 'chat-update', 'chat-delete'),
];

/** Authors: everything users do, plus writing the coaching content of their organization. */
const EDITOR: Permission[] = [
  ...USER,
  ...startingWith(
    'coaching-mission-',
    'coaching-persona-',
    'coaching-observer-',
    'coaching-playlist-',
    'coaching-program-',
    'coaching-scenario-',
  ),
  ...startingWith('coaching-session-generate', 'coaching-session-generator-'),
  ...only('coaching-session-update', 'coaching-session-analysis-report-update'),
  ...reading('ai-model', 'ai-provider'),
  'application-share',
];

/** Organization administrators: everything inside their own organization. */
const OPERATOR: Permission[] = PERMISSIONS.filter((permission) => !PLATFORM_ONLY.has(permission));

/**
 * A guest holds a token for one shared session and may only take part in it: read it, play it, and set how its voice
 * speaks and listens (ADR 0017).
 */
const GUEST: Permission[] = only(
  'coaching-session-read',
  'coaching-session-run',
  'coaching-session-ai-voice-settings-edit',
);

/**
 * The role → permission matrix (docs/permissions.md explains each choice). Permissions are
 * derived from the role on every request, so a role change applies at once.
 */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  'super-admin': [...PERMISSIONS],
  operator: OPERATOR,
  editor: [...new Set(EDITOR)],
  user: [...new Set(USER)],
  guest: GUEST,
};

export const permissionsOf = (role: Role): readonly Permission[] => ROLE_PERMISSIONS[role];

/** The programmatic check: passes when ANY of the listed permissions is held (spec section 6). */
export const can = (held: readonly string[], required: Permission | readonly Permission[]): boolean =>
  (typeof required === 'string' ? [required] : required).some((permission) => held.includes(permission));

/** The element check: passes only when ALL listed permissions are held (spec section 6). */
export const canAll = (held: readonly string[], required: Permission | readonly Permission[]): boolean =>
  (typeof required === 'string' ? [required] : required).every((permission) => held.includes(permission));

/** Roles an actor may grant: nobody grants a role above their own; only super-admins grant super-admin. */
export const ASSIGNABLE_ROLES: Readonly<Record<Role, readonly Role[]>> = {
  'super-admin': ['super-admin', 'operator', 'editor', 'user'],
  operator: ['operator', 'editor', 'user'],
  editor: [],
  user: [],
  guest: [],
};
