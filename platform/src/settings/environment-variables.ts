import { DEFAULT_USER_LOCALE, type UserLocale } from '@ai-coaching/domain';
import { describeTopology, type Config } from '../config/config.js';
import { decryptSecret, encryptSecret, type EncryptionKey } from '../crypto/encryption.js';
import type { Migration } from '../sql/migrations.js';
import type { SqlExecutor } from '../sql/sql-database.js';

/**
 * Platform-wide runtime variables managed by super-admins on `/env` (spec §2). Secret values are sealed
 * with the platform's encryption key and never read back through the API (docs/adr/0009).
 */
export const environmentVariableMigrations: Migration[] = [
  {
    id: '0091_environment_variables',
    sql: `
      CREATE TABLE environment_variables (
        name text PRIMARY KEY,
        value text NOT NULL,
        is_secret boolean NOT NULL,
        description text NOT NULL DEFAULT '',
        updated_by text,
        updated_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
];

export type EnvironmentVariableSource = 'environment' | 'api';

export type EnvironmentVariable = {
  name: string;
  /** Null for secrets. */
  value: string | null;
  isSecret: boolean;
  description: string;
  source: EnvironmentVariableSource;
  updatedAt: string | null;
};

type Row = { name: string; value: string; is_secret: boolean; description: string; updated_at: Date | string };

const secretContext = (name: string) => `environment_variable:${name}`;

// Never the stored value of a secret: it is ciphertext, and write-only through the API anyway.
const toVariable = (row: Row): EnvironmentVariable => ({
  name: row.name,
  value: row.is_secret ? null : row.value,
  isSecret: row.is_secret,
  description: row.description,
  source: 'api',
  updatedAt: new Date(row.updated_at).toISOString(),
});

/**
 * The server's own settings shown read-only beside the managed variables: an explicit allow-list of
 * values that say how the deployment runs and carry no credentials. Connection strings and secrets
 * (DATABASE_URL, EVENTSTORE_URL, REDIS_URL, SMTP_URL, AUTH_SECRET, ADMIN_PASSWORD, SSO_REALMS) are
 * never listed, not even stripped: only the engine each one selects (`describeTopology`).
 * Adding an entry here is a security review: docs/api/redirects-and-environment.md lists them.
 */
/** What each listed server setting is, in every language of the interface (the list shows it to super-admins). */
export const SERVER_ENVIRONMENT_DESCRIPTIONS = {
  'en-GB': {
    NODE_ENV: 'Runtime mode.',
    PUBLIC_URL: 'Where users reach the app; links in mails start with it.',
    PORT: 'Port the API listens on.',
    DATA_DIR: 'Directory of the embedded database (used when DATABASE_URL is not set).',
    MAIL_FROM: 'Sender of the mails the platform sends.',
    LOG_LEVEL: 'Server log verbosity.',
    EVENT_STORE: 'Engine storing the events (from EVENTSTORE_URL / DATABASE_URL).',
    READ_MODELS: 'Engine holding the read models (from DATABASE_URL).',
    JOBS: 'Job queue (from REDIS_URL).',
    REALTIME: 'Realtime fan-out between server processes (from REDIS_URL).',
    MAIL: 'Mail transport (from SMTP_URL).',
    AI_ALLOW_PRIVATE_NETWORK:
      'Whether AI provider calls may reach loopback, private and link-local addresses (a self-hosted model on the LAN), over plain http too; the cloud metadata address stays refused.',
    AI_CALL_TIMEOUT_MS: 'How long a call to an AI provider may wait for its answer, in milliseconds.',
  },
  'fr-FR': {
    NODE_ENV: 'Mode d’exécution.',
    PUBLIC_URL:
      'L’adresse où les utilisateurs trouvent l’application\u00a0; les liens des e-mails commencent par elle.',
    PORT: 'Port sur lequel l’API écoute.',
    DATA_DIR: 'Dossier de la base de données embarquée (utilisée quand DATABASE_URL n’est pas défini).',
    MAIL_FROM: 'Expéditeur des e-mails envoyés par la plateforme.',
    LOG_LEVEL: 'Niveau de détail des journaux du serveur.',
    EVENT_STORE: 'Moteur qui stocke les événements (d’après EVENTSTORE_URL / DATABASE_URL).',
    READ_MODELS: 'Moteur qui contient les modèles de lecture (d’après DATABASE_URL).',
    JOBS: 'File des tâches (d’après REDIS_URL).',
    REALTIME: 'Diffusion en temps réel entre les processus du serveur (d’après REDIS_URL).',
    MAIL: 'Transport des e-mails (d’après SMTP_URL).',
    AI_ALLOW_PRIVATE_NETWORK:
      'Si les appels aux fournisseurs d’IA peuvent joindre les adresses locales, privées et de lien local (un modèle hébergé sur le réseau local), y compris en http simple\u00a0; l’adresse des métadonnées du cloud reste refusée.',
    AI_CALL_TIMEOUT_MS: 'Durée maximale d’attente de la réponse d’un fournisseur d’IA, en millisecondes.',
  },
} as const satisfies Record<UserLocale, Record<string, string>>;

type ServerSettingName = keyof (typeof SERVER_ENVIRONMENT_DESCRIPTIONS)['en-GB'];

export const serverEnvironment = (
  config: Config,
  locale: UserLocale = DEFAULT_USER_LOCALE,
): Omit<EnvironmentVariable, 'updatedAt'>[] => {
  const topology = describeTopology(config);
  const entries: [ServerSettingName, string][] = [
    ['NODE_ENV', config.NODE_ENV],
    ['PUBLIC_URL', config.publicUrl],
    ['PORT', String(config.PORT)],
    ['DATA_DIR', config.DATA_DIR],
    ['MAIL_FROM', config.MAIL_FROM],
    ['LOG_LEVEL', config.LOG_LEVEL],
    ['EVENT_STORE', topology.events],
    ['READ_MODELS', topology.readModels],
    ['JOBS', topology.jobs],
    ['REALTIME', topology.realtime],
    ['MAIL', topology.mail],
    ['AI_ALLOW_PRIVATE_NETWORK', String(config.AI_ALLOW_PRIVATE_NETWORK)],
    ['AI_CALL_TIMEOUT_MS', String(config.AI_CALL_TIMEOUT_MS)],
  ];
  return entries.map(([name, value]) => ({
    name,
    value,
    isSecret: false,
    description: SERVER_ENVIRONMENT_DESCRIPTIONS[locale][name],
    source: 'environment',
  }));
};

export const isServerEnvironmentName = (config: Config, name: string): boolean =>
  serverEnvironment(config).some((entry) => entry.name === name);

/**
 * Every variable by name: the server's settings described in `locale`, then the managed ones (their
 * descriptions are what the super-admin wrote, in whatever language they wrote it).
 */
export const listEnvironmentVariables = async (
  db: SqlExecutor,
  config: Config,
  locale: UserLocale = DEFAULT_USER_LOCALE,
): Promise<EnvironmentVariable[]> => {
  const { rows } = await db.query<Row>(
    'SELECT name, value, is_secret, description, updated_at FROM environment_variables',
  );
  const server: EnvironmentVariable[] = serverEnvironment(config, locale).map((entry) => ({
    ...entry,
    updatedAt: null,
  }));
  // The server's entry wins a name clash (a row stored before the name joined the allow-list).
  const managed = rows.filter((row) => !server.some((entry) => entry.name === row.name)).map(toVariable);
  return [...server, ...managed].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
};

/**
 * Creates or replaces a variable. `isSecret` and `description` left out keep the stored ones (false and
 * '' for a new variable), so a value written without the flag never turns a secret into plain text.
 */
export const putEnvironmentVariable = async (
  deps: { db: SqlExecutor; keys: readonly EncryptionKey[] },
  input: { name: string; value: string; isSecret?: boolean; description?: string; by: string | null },
): Promise<EnvironmentVariable> => {
  const existing =
    input.isSecret === undefined || input.description === undefined
      ? (
          await deps.db.query<{ is_secret: boolean; description: string }>(
            'SELECT is_secret, description FROM environment_variables WHERE name = $1',
            [input.name],
          )
        ).rows[0]
      : undefined;
  const isSecret = input.isSecret ?? existing?.is_secret ?? false;
  const description = input.description ?? existing?.description ?? '';
  // The value and its flag are written together, so a row is never plain text marked secret or the reverse.
  const stored = isSecret ? encryptSecret(deps.keys[0]!, input.value, secretContext(input.name)) : input.value;
  const { rows } = await deps.db.query<Row>(
    `INSERT INTO environment_variables (name, value, is_secret, description, updated_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, is_secret = EXCLUDED.is_secret,
       description = EXCLUDED.description, updated_by = EXCLUDED.updated_by, updated_at = now()
     RETURNING name, value, is_secret, description, updated_at`,
    [input.name, stored, isSecret, description, input.by],
  );
  return toVariable(rows[0]!);
};

export const deleteEnvironmentVariable = async (db: SqlExecutor, name: string): Promise<boolean> =>
  (await db.query('DELETE FROM environment_variables WHERE name = $1', [name])).rowCount > 0;

/** For server-side features that read a managed variable (secrets decrypted); null when unset. */
export const readEnvironmentVariable = async (
  deps: { db: SqlExecutor; keys: readonly EncryptionKey[] },
  name: string,
): Promise<string | null> => {
  const { rows } = await deps.db.query<Row>(
    'SELECT name, value, is_secret FROM environment_variables WHERE name = $1',
    [name],
  );
  const row = rows[0];
  if (!row) return null;
  return row.is_secret ? decryptSecret(deps.keys, row.value, secretContext(name)) : row.value;
};
