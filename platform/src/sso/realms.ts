import type { Config } from '../config/config.js';
import { decryptSecret, encryptSecret, type EncryptionKey } from '../crypto/encryption.js';
import type { Migration } from '../sql/migrations.js';
import { PgErrorCode, pgErrorCode, type SqlExecutor } from '../sql/sql-database.js';
import type { SsoProvisionedRole, SsoRealmSettings } from './realm-schema.js';
import { SsoError } from './sso-error.js';

/**
 * Realms created by super-admins through the API. Realms of `SSO_REALMS` are never stored: the
 * environment stays their single source, and they win over a stored realm of the same name.
 * A realm is operational configuration, not a business fact, so it is a table and not a stream
 * (docs/adr/0007-sso-realms-and-tokens.md).
 */
export const ssoRealmMigrations: Migration[] = [
  {
    id: '0080_sso_realms',
    sql: `
      CREATE TABLE sso_realms (
        name text PRIMARY KEY,
        issuer text NOT NULL,
        client_id text NOT NULL,
        client_secret_encrypted text NOT NULL,
        organization_id text NOT NULL,
        default_role text NOT NULL,
        created_by text,
        created_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
];

export type SsoRealmSource = 'environment' | 'api';

/** A realm without its client secret: what lists and admin screens see. */
export type SsoRealmSummary = {
  name: string;
  issuer: string;
  clientId: string;
  organizationId: string;
  defaultRole: SsoProvisionedRole;
  source: SsoRealmSource;
  /** Null for realms of the environment. */
  createdAt: string | null;
};

export type SsoRealm = SsoRealmSummary & { clientSecret: string };

type RealmRow = {
  name: string;
  issuer: string;
  client_id: string;
  client_secret_encrypted: string;
  organization_id: string;
  default_role: SsoProvisionedRole;
  created_at: Date | string;
};

type RealmDeps = { db: SqlExecutor; config: Pick<Config, 'SSO_REALMS'> };

// Binds each sealed secret to its realm: a ciphertext copied onto another row does not decrypt.
const secretContext = (name: string) => `sso_realm:${name}`;

const fromEnvironment = (realm: SsoRealmSettings): SsoRealm => ({
  name: realm.name,
  issuer: realm.issuer,
  clientId: realm.client_id,
  clientSecret: realm.client_secret,
  organizationId: realm.organization_id,
  defaultRole: realm.default_role,
  source: 'environment',
  createdAt: null,
});

const summaryOf = (row: RealmRow): SsoRealmSummary => ({
  name: row.name,
  issuer: row.issuer,
  clientId: row.client_id,
  organizationId: row.organization_id,
  defaultRole: row.default_role,
  source: 'api',
  createdAt: new Date(row.created_at).toISOString(),
});

const withoutSecret = ({ clientSecret: _secret, ...summary }: SsoRealm): SsoRealmSummary => summary;

const environmentRealms = (config: Pick<Config, 'SSO_REALMS'>): SsoRealm[] =>
  (config.SSO_REALMS ?? []).map(fromEnvironment);

/** Every realm, environment first, sorted by name within each source; never a client secret. */
export const listSsoRealms = async (deps: RealmDeps): Promise<SsoRealmSummary[]> => {
  const fromEnv = environmentRealms(deps.config);
  const envNames = new Set(fromEnv.map((realm) => realm.name));
  const { rows } = await deps.db.query<RealmRow>('SELECT * FROM sso_realms ORDER BY name');
  return [
    ...fromEnv.map(withoutSecret).sort((a, b) => a.name.localeCompare(b.name)),
    ...rows.filter((row) => !envNames.has(row.name)).map(summaryOf),
  ];
};

/** The realm of that name with its client secret decrypted, or undefined. */
export const findSsoRealm = async (
  deps: RealmDeps & { keys: readonly EncryptionKey[] },
  name: string,
): Promise<SsoRealm | undefined> => {
  const fromEnv = environmentRealms(deps.config).find((realm) => realm.name === name);
  if (fromEnv) return fromEnv;
  const { rows } = await deps.db.query<RealmRow>('SELECT * FROM sso_realms WHERE name = $1', [name]);
  const row = rows[0];
  if (!row) return undefined;
  return {
    ...summaryOf(row),
    clientSecret: decryptSecret(deps.keys, row.client_secret_encrypted, secretContext(row.name)),
  };
};

const realmExists = (name: string) =>
  new SsoError(409, 'realm_exists', `A realm named "${name}" already exists. Choose another name or delete it first.`);

export const createSsoRealm = async (
  deps: RealmDeps & { keys: readonly EncryptionKey[] },
  settings: SsoRealmSettings,
  createdBy: string | null,
): Promise<SsoRealmSummary> => {
  if (environmentRealms(deps.config).some((realm) => realm.name === settings.name)) throw realmExists(settings.name);
  try {
    const { rows } = await deps.db.query<RealmRow>(
      `INSERT INTO sso_realms (name, issuer, client_id, client_secret_encrypted, organization_id, default_role, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [
        settings.name,
        settings.issuer,
        settings.client_id,
        encryptSecret(deps.keys[0]!, settings.client_secret, secretContext(settings.name)),
        settings.organization_id,
        settings.default_role,
        createdBy,
      ],
    );
    return summaryOf(rows[0]!);
  } catch (error) {
    if (pgErrorCode(error) === PgErrorCode.uniqueViolation) throw realmExists(settings.name);
    throw error;
  }
};

/** Deletes a realm created through the API; realms of the environment are read-only. */
export const deleteSsoRealm = async (deps: RealmDeps, name: string): Promise<void> => {
  if (environmentRealms(deps.config).some((realm) => realm.name === name)) {
    throw new SsoError(
      409,
      'realm_read_only',
      `The realm "${name}" comes from the SSO_REALMS environment variable; change it there.`,
    );
  }
  const { rowCount } = await deps.db.query('DELETE FROM sso_realms WHERE name = $1', [name]);
  if (rowCount === 0) throw realmNotFound(name);
};

export const realmNotFound = (name: string) =>
  new SsoError(404, 'realm_not_found', `There is no single sign-on realm named "${name}".`);
