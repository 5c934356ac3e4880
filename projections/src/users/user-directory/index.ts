import type { ListPage, ListParams, Role, UserLocale } from '@ai-coaching/domain';
import { DEFAULT_USER_LOCALE } from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { defineProjection, type TableNames } from '../../runner/projection.js';
import { pagedList, sortOrder, sqlFilter } from '../../shared/paged-list.js';
import { auditTimes, findOne, isoTimeOrNull } from '../../shared/rows.js';

/** Sets `assignments` (written against $3, $4, …) and `updated_at` ($2) on the user's row. */
const update = (
  tx: SqlExecutor,
  t: TableNames<'users'>,
  userId: string,
  assignments: string,
  at: string,
  ...values: unknown[]
) => tx.query(`UPDATE ${t.users} SET ${assignments}, updated_at = $2 WHERE user_id = $1`, [userId, at, ...values]);

const TABLES = { users: 'rm_users' } as const;

/**
 * Who can sign in: one row per user with the normalised email, role, status and password hash.
 * The email index is not unique on purpose: the email-claim streams keep emails unique, and a
 * unique index here would turn a duplicate into an event this projection can never get past.
 * Version 3 added the avatar (a rebuild fills it from the events).
 */
export const userDirectoryProjection = defineProjection({
  name: 'user-directory',
  version: 3,
  tables: TABLES,
  async setup(tx, t) {
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.users} (
        user_id text PRIMARY KEY,
        organization_id text NOT NULL,
        email text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        role text NOT NULL,
        status text NOT NULL,
        locale text NOT NULL,
        avatar_image_id text,
        password_hash text,
        password_changed_at timestamptz,
        activated_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${t.users}_email_idx ON ${t.users} (email);
      CREATE INDEX IF NOT EXISTS ${t.users}_org_idx ON ${t.users} (organization_id, updated_at);`);
  },
  on: {
    async UserCreated(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.users} (user_id, organization_id, email, first_name, last_name, role, status, locale,
           password_hash, password_changed_at, activated_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'active', $7, $8, CASE WHEN $8::text IS NULL THEN NULL ELSE $9::timestamptz END, $9, $9, $9)
         ON CONFLICT (user_id) DO NOTHING`,
        [
          data.userId,
          data.organizationId,
          data.email,
          data.firstName,
          data.lastName,
          data.role,
          data.locale ?? DEFAULT_USER_LOCALE,
          data.passwordHash,
          data.createdAt,
        ],
      );
    },
    async UserInvited(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.users} (user_id, organization_id, email, first_name, last_name, role, status, locale,
           created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'invited', $7, $8, $8) ON CONFLICT (user_id) DO NOTHING`,
        [
          data.userId,
          data.organizationId,
          data.email,
          data.firstName,
          data.lastName,
          data.role,
          data.locale,
          data.invitedAt,
        ],
      );
    },
    async InvitationCancelled(tx, { data }, t) {
      await tx.query(`DELETE FROM ${t.users} WHERE user_id = $1`, [data.userId]);
    },
    async UserActivated(tx, { data }, t) {
      await update(
        tx,
        t,
        data.userId,
        `status = 'active', password_hash = $3, password_changed_at = $2, activated_at = $2`,
        data.activatedAt,
        data.passwordHash,
      );
    },
    async UserProfileUpdated(tx, { data }, t) {
      await update(
        tx,
        t,
        data.userId,
        'first_name = $3, last_name = $4, locale = $5',
        data.updatedAt,
        data.firstName,
        data.lastName,
        data.locale,
      );
    },
    async UserAvatarChanged(tx, { data }, t) {
      await update(tx, t, data.userId, 'avatar_image_id = $3', data.changedAt, data.avatarImageId);
    },
    async UserRoleChanged(tx, { data }, t) {
      await update(tx, t, data.userId, 'role = $3', data.changedAt, data.role);
    },
    async UserDisabled(tx, { data }, t) {
      await update(tx, t, data.userId, `status = 'disabled'`, data.disabledAt);
    },
    async UserEnabled(tx, { data }, t) {
      await update(
        tx,
        t,
        data.userId,
        `status = CASE WHEN activated_at IS NULL THEN 'invited' ELSE 'active' END`,
        data.enabledAt,
      );
    },
    async PasswordChanged(tx, { data }, t) {
      await update(
        tx,
        t,
        data.userId,
        'password_hash = $3, password_changed_at = $2',
        data.changedAt,
        data.passwordHash,
      );
    },
  },
});

export type UserStatus = 'invited' | 'active' | 'disabled';

/** A user as screens show it: never the password hash (see findUserCredentials). */
export type UserView = {
  userId: string;
  organizationId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  status: UserStatus;
  locale: UserLocale;
  /** An uploaded image's id; null: the generated avatar. */
  avatarImageId: string | null;
  /** False for an account that signs in only through single sign-on, or is not activated yet. */
  hasPassword: boolean;
  passwordChangedAt: string | null;
  activatedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** What sign-in and password changes need; keep it out of responses. */
export type UserCredentials = Pick<UserView, 'userId' | 'organizationId' | 'email' | 'role' | 'status'> & {
  passwordHash: string | null;
};

export type UserListParams = ListParams & { organizationId?: string; status?: UserStatus; role?: Role };

type UserRecord = {
  user_id: string;
  organization_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  status: UserStatus;
  locale: UserLocale;
  avatar_image_id: string | null;
  password_hash: string | null;
  password_changed_at: Date | string | null;
  activated_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

const toView = (row: UserRecord): UserView => ({
  userId: row.user_id,
  organizationId: row.organization_id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  role: row.role,
  status: row.status,
  locale: row.locale,
  avatarImageId: row.avatar_image_id,
  hasPassword: row.password_hash !== null,
  passwordChangedAt: isoTimeOrNull(row.password_changed_at),
  activatedAt: isoTimeOrNull(row.activated_at),
  ...auditTimes(row),
});

/** The display name rule: first and last name, else whichever exists, else the email. */
const DISPLAY_NAME = `lower(COALESCE(NULLIF(btrim(first_name || ' ' || last_name), ''), email))`;

const ORDER = sortOrder({ name: DISPLAY_NAME, updatedAt: 'updated_at', id: 'user_id' });

/** Duplicated emails cannot arise while claims are used; if one did, the oldest account answers. */
const BY_EMAIL = 'WHERE email = $1 ORDER BY created_at, user_id LIMIT 1';

export const listUsers = (db: SqlExecutor, params: UserListParams): Promise<ListPage<UserView>> =>
  pagedList(db, {
    readModel: 'user-directory',
    from: TABLES.users,
    columns: '*',
    filter: sqlFilter()
      .equals('organization_id', params.organizationId)
      .equals('status', params.status)
      .equals('role', params.role)
      .search([`(first_name || ' ' || last_name)`, 'email'], params.q),
    order: ORDER,
    params,
    toItem: toView,
  });

export const findUser = (db: SqlExecutor, userId: string): Promise<UserView | undefined> =>
  findOne(db, `SELECT * FROM ${TABLES.users} WHERE user_id = $1`, [userId], toView);

/** `email` is compared as given: pass it through `normalizeEmail` first. */
export const findUserByEmail = (db: SqlExecutor, email: string): Promise<UserView | undefined> =>
  findOne(db, `SELECT * FROM ${TABLES.users} ${BY_EMAIL}`, [email], toView);

export const findUserCredentials = async (
  db: SqlExecutor,
  by: { userId: string } | { email: string },
): Promise<UserCredentials | undefined> => {
  const { rows } = await db.query<UserRecord>(
    'userId' in by ? `SELECT * FROM ${TABLES.users} WHERE user_id = $1` : `SELECT * FROM ${TABLES.users} ${BY_EMAIL}`,
    ['userId' in by ? by.userId : by.email],
  );
  const row = rows[0];
  return row
    ? {
        userId: row.user_id,
        organizationId: row.organization_id,
        email: row.email,
        role: row.role,
        status: row.status,
        passwordHash: row.password_hash,
      }
    : undefined;
};

/** Users per organization, every status counted; organizations without users are absent unless asked for. */
export const countUsersByOrganization = async (
  db: SqlExecutor,
  organizationIds?: readonly string[],
): Promise<Record<string, number>> => {
  const { rows } = await db.query<{ organization_id: string; count: number }>(
    organizationIds
      ? `SELECT organization_id, count(*)::int AS count FROM ${TABLES.users} WHERE organization_id = ANY($1::text[]) GROUP BY organization_id`
      : `SELECT organization_id, count(*)::int AS count FROM ${TABLES.users} GROUP BY organization_id`,
    organizationIds ? [organizationIds] : [],
  );
  const counts: Record<string, number> = Object.fromEntries((organizationIds ?? []).map((id) => [id, 0]));
  for (const row of rows) counts[row.organization_id] = row.count;
  return counts;
};

/** Whether an operator (invited or active) exists in an organization other than `exceptOrganizationId`. */
export const hasOperatorOutside = async (db: SqlExecutor, exceptOrganizationId: string): Promise<boolean> =>
  (
    await db.query(
      `SELECT 1 FROM ${TABLES.users} WHERE role = 'operator' AND status <> 'disabled' AND organization_id <> $1 LIMIT 1`,
      [exceptOrganizationId],
    )
  ).rows.length > 0;

/** The accounts holding these addresses (normalized), whatever their organization: a bulk import's lookup. */
export const findUsersByEmails = async (db: SqlExecutor, emails: readonly string[]): Promise<UserView[]> => {
  if (emails.length === 0) return [];
  const { rows } = await db.query<UserRecord>('SELECT * FROM rm_users WHERE email = ANY($1::text[])', [emails]);
  return rows.map(toView);
};
