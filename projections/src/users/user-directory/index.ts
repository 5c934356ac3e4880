import type {
  InvitationCancelled,
  ListPage,
  ListParams,
  PasswordChanged,
  Role,
  SortKey,
  UserActivated,
  UserCreated,
  UserDisabled,
  UserEnabled,
  UserInvited,
  UserLocale,
  UserProfileUpdated,
  UserRoleChanged,
} from '@ai-coaching/domain';
import { DEFAULT_USER_LOCALE } from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { defineLegacyProjection } from '../../runner/projection.js';

/**
 * Who can sign in: one row per user with the normalised email, role, status and password hash.
 * The email index is not unique on purpose: the email-claim streams keep emails unique, and a
 * unique index here would turn a duplicate into an event this projection can never get past.
 */
export const userDirectoryProjection = defineLegacyProjection({
  name: 'user-directory',
  version: 2,
  tables: { users: 'rm_users' },
  handles: [
    'UserCreated',
    'UserInvited',
    'InvitationCancelled',
    'UserActivated',
    'UserProfileUpdated',
    'UserRoleChanged',
    'UserDisabled',
    'UserEnabled',
    'PasswordChanged',
  ],
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
        password_hash text,
        password_changed_at timestamptz,
        activated_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${t.users}_email_idx ON ${t.users} (email);
      CREATE INDEX IF NOT EXISTS ${t.users}_org_idx ON ${t.users} (organization_id, updated_at);`);
  },
  async apply(tx, event, t) {
    const update = (userId: string, assignments: string, at: string, ...values: unknown[]) =>
      tx.query(`UPDATE ${t.users} SET ${assignments}, updated_at = $2 WHERE user_id = $1`, [userId, at, ...values]);
    switch (event.type) {
      case 'UserCreated': {
        const data = event.data as UserCreated['data'];
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
        return;
      }
      case 'UserInvited': {
        const data = event.data as UserInvited['data'];
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
        return;
      }
      case 'InvitationCancelled': {
        const data = event.data as InvitationCancelled['data'];
        await tx.query(`DELETE FROM ${t.users} WHERE user_id = $1`, [data.userId]);
        return;
      }
      case 'UserActivated': {
        const data = event.data as UserActivated['data'];
        await update(
          data.userId,
          `status = 'active', password_hash = $3, password_changed_at = $2, activated_at = $2`,
          data.activatedAt,
          data.passwordHash,
        );
        return;
      }
      case 'UserProfileUpdated': {
        const data = event.data as UserProfileUpdated['data'];
        await update(
          data.userId,
          'first_name = $3, last_name = $4, locale = $5',
          data.updatedAt,
          data.firstName,
          data.lastName,
          data.locale,
        );
        return;
      }
      case 'UserRoleChanged': {
        const data = event.data as UserRoleChanged['data'];
        await update(data.userId, 'role = $3', data.changedAt, data.role);
        return;
      }
      case 'UserDisabled': {
        const data = event.data as UserDisabled['data'];
        await update(data.userId, `status = 'disabled'`, data.disabledAt);
        return;
      }
      case 'UserEnabled': {
        const data = event.data as UserEnabled['data'];
        await update(
          data.userId,
          `status = CASE WHEN activated_at IS NULL THEN 'invited' ELSE 'active' END`,
          data.enabledAt,
        );
        return;
      }
      case 'PasswordChanged': {
        const data = event.data as PasswordChanged['data'];
        await update(data.userId, 'password_hash = $3, password_changed_at = $2', data.changedAt, data.passwordHash);
        return;
      }
    }
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

export type UserListParams = ListParams & { organizationId?: string; status?: UserStatus };

type UserRecord = {
  user_id: string;
  organization_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  status: UserStatus;
  locale: UserLocale;
  password_hash: string | null;
  password_changed_at: Date | string | null;
  activated_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

const iso = (value: Date | string): string => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));

const toView = (row: UserRecord): UserView => ({
  userId: row.user_id,
  organizationId: row.organization_id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  role: row.role,
  status: row.status,
  locale: row.locale,
  hasPassword: row.password_hash !== null,
  passwordChangedAt: isoOrNull(row.password_changed_at),
  activatedAt: isoOrNull(row.activated_at),
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/** The display name rule: first and last name, else whichever exists, else the email. */
const DISPLAY_NAME = `lower(COALESCE(NULLIF(btrim(first_name || ' ' || last_name), ''), email))`;

const ORDER: Readonly<Record<SortKey, string>> = {
  name: `${DISPLAY_NAME}, user_id`,
  updated_at: 'updated_at, user_id',
  '-updated_at': 'updated_at DESC, user_id DESC',
};

/** `q` is matched literally: `%` and `_` typed by a user are not wildcards. */
const containing = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Duplicated emails cannot arise while claims are used; if one did, the oldest account answers. */
const BY_EMAIL = 'WHERE email = $1 ORDER BY created_at, user_id LIMIT 1';

export const listUsers = async (db: SqlExecutor, params: UserListParams): Promise<ListPage<UserView>> => {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const bind = (value: unknown) => `$${values.push(value)}`;
  if (params.organizationId !== undefined) conditions.push(`organization_id = ${bind(params.organizationId)}`);
  if (params.status !== undefined) conditions.push(`status = ${bind(params.status)}`);
  if (params.q) {
    const q = bind(containing(params.q));
    conditions.push(`((first_name || ' ' || last_name) ILIKE ${q} OR email ILIKE ${q})`);
  }
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';

  const { rows: counted } = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM rm_users ${where}`, [
    ...values,
  ]);
  const { rows } = await db.query<UserRecord>(
    `SELECT * FROM rm_users ${where} ORDER BY ${ORDER[params.sort]}
     LIMIT ${bind(params.page_size)} OFFSET ${bind((params.page - 1) * params.page_size)}`,
    values,
  );
  return { items: rows.map(toView), total: counted[0]?.total ?? 0, page: params.page, page_size: params.page_size };
};

export const findUser = async (db: SqlExecutor, userId: string): Promise<UserView | undefined> => {
  const { rows } = await db.query<UserRecord>('SELECT * FROM rm_users WHERE user_id = $1', [userId]);
  return rows[0] && toView(rows[0]);
};

/** `email` is compared as given: pass it through `normalizeEmail` first. */
export const findUserByEmail = async (db: SqlExecutor, email: string): Promise<UserView | undefined> => {
  const { rows } = await db.query<UserRecord>(`SELECT * FROM rm_users ${BY_EMAIL}`, [email]);
  return rows[0] && toView(rows[0]);
};

export const findUserCredentials = async (
  db: SqlExecutor,
  by: { userId: string } | { email: string },
): Promise<UserCredentials | undefined> => {
  const { rows } = await db.query<UserRecord>(
    'userId' in by ? 'SELECT * FROM rm_users WHERE user_id = $1' : `SELECT * FROM rm_users ${BY_EMAIL}`,
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
      ? 'SELECT organization_id, count(*)::int AS count FROM rm_users WHERE organization_id = ANY($1::text[]) GROUP BY organization_id'
      : 'SELECT organization_id, count(*)::int AS count FROM rm_users GROUP BY organization_id',
    organizationIds ? [organizationIds] : [],
  );
  const counts: Record<string, number> = Object.fromEntries((organizationIds ?? []).map((id) => [id, 0]));
  for (const row of rows) counts[row.organization_id] = row.count;
  return counts;
};
