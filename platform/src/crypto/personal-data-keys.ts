import type { Migration } from '../sql/migrations.js';
import type { SqlExecutor } from '../sql/sql-database.js';
import {
  decryptSecret,
  encryptionKeyOf,
  encryptSecret,
  randomEncryptionKey,
  type EncryptionKey,
} from './encryption.js';

/**
 * One random data key per subject of personal data (a coaching session), stored wrapped (sealed) by the platform's
 * secret key and bound to its subject and organization, so a row copied to another subject or tenant does not open.
 * Destroying a key empties `wrapped_key` and keeps the row as a tombstone: a late writer (an observer's report
 * racing the deletion) must find the subject shredded rather than create a fresh key and store readable text.
 *
 * Keys are never logged, and never cached across calls: a destruction in one process holds at once in every other
 * (a projection rebuild in the projections runtime included).
 */
export const personalDataKeyMigrations: Migration[] = [
  {
    id: '0095_personal_data_keys',
    sql: `CREATE TABLE personal_data_keys (
      subject_id text PRIMARY KEY,
      organization_id text NOT NULL,
      wrapped_key text,
      created_at timestamptz NOT NULL DEFAULT now(),
      destroyed_at timestamptz,
      CHECK ((wrapped_key IS NULL) = (destroyed_at IS NOT NULL))
    );
    CREATE INDEX personal_data_keys_organization ON personal_data_keys (organization_id);`,
  },
];

/** A subject's key, or `destroyed` once shredded. Subjects without a row are absent from the map. */
export type DataKeyState = EncryptionKey | 'destroyed';

type KeyRow = { subject_id: string; organization_id: string; wrapped_key: string | null };

const wrapContext = (subjectId: string, organizationId: string) => `personal_data_key:${organizationId}:${subjectId}`;

const unwrap = (masterKeys: readonly EncryptionKey[], row: KeyRow): DataKeyState =>
  row.wrapped_key === null
    ? 'destroyed'
    : encryptionKeyOf(
        Buffer.from(
          decryptSecret(masterKeys, row.wrapped_key, wrapContext(row.subject_id, row.organization_id)),
          'base64',
        ),
      );

/** The keys of these subjects, in one query. */
export const loadDataKeys = async (
  db: SqlExecutor,
  masterKeys: readonly EncryptionKey[],
  subjectIds: readonly string[],
): Promise<Map<string, DataKeyState>> => {
  const keys = new Map<string, DataKeyState>();
  if (subjectIds.length === 0) return keys;
  const { rows } = await db.query<KeyRow>(
    `SELECT subject_id, organization_id, wrapped_key FROM personal_data_keys WHERE subject_id = ANY($1::text[])`,
    [[...new Set(subjectIds)]],
  );
  for (const row of rows) keys.set(row.subject_id, unwrap(masterKeys, row));
  return keys;
};

/**
 * The subject's key, made on first use. Racing writers agree: the first row inserted wins and both read it back.
 * A destroyed key stays destroyed.
 */
export const ensureDataKey = async (
  db: SqlExecutor,
  masterKeys: readonly EncryptionKey[],
  subject: { subjectId: string; organizationId: string },
): Promise<DataKeyState> => {
  const master = masterKeys[0];
  if (!master) throw new Error('No key to wrap personal data keys with.');
  const fresh = randomEncryptionKey();
  await db.query(
    `INSERT INTO personal_data_keys (subject_id, organization_id, wrapped_key) VALUES ($1, $2, $3)
     ON CONFLICT (subject_id) DO NOTHING`,
    [
      subject.subjectId,
      subject.organizationId,
      encryptSecret(master, fresh.key.toString('base64'), wrapContext(subject.subjectId, subject.organizationId)),
    ],
  );
  const stored = (await loadDataKeys(db, masterKeys, [subject.subjectId])).get(subject.subjectId);
  if (!stored) throw new Error(`The data key of ${subject.subjectId} vanished.`);
  return stored;
};

/** The namespace of the subjects' advisory locks (the migrations' lock is a single key: another key space). */
const SUBJECT_LOCK_NAMESPACE = 7_246_002;

const takeSubjectLock = (tx: SqlExecutor, subjectId: string) =>
  tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SUBJECT_LOCK_NAMESPACE, subjectId]);

/**
 * Takes the subject's lock until the transaction ends, and answers the state of its key then (`none`: it never had
 * one). Whoever keeps a copy of a subject's personal data outside the events (an answer kept for an idempotent retry,
 * ADR 0019) writes it under this lock, and `destroyDataKey` takes it first: the copy is then written either before
 * the destruction, whose transaction erases it, or after, knowing the key is destroyed. Outside a transaction it
 * holds nothing.
 */
export const lockPersonalDataSubject = async (
  tx: SqlExecutor,
  subjectId: string,
): Promise<'live' | 'destroyed' | 'none'> => {
  await takeSubjectLock(tx, subjectId);
  const { rows } = await tx.query<{ destroyed: boolean }>(
    'SELECT wrapped_key IS NULL AS destroyed FROM personal_data_keys WHERE subject_id = $1',
    [subjectId],
  );
  if (rows[0] === undefined) return 'none';
  return rows[0].destroyed ? 'destroyed' : 'live';
};

/**
 * Shreds the subject's key: what it sealed can never be read again. Scoped to the organization: another tenant's
 * subject is left alone. Destroying again, or a subject that never had a key, leaves a tombstone and changes
 * nothing else. Answers whether a key of this organization's was destroyed now. Run it in a transaction with the
 * erasure of the subject's copies (`eraseIdempotentAnswers`): it takes the subject's lock for them.
 */
export const destroyDataKey = async (
  db: SqlExecutor,
  subject: { subjectId: string; organizationId: string },
  now: Date,
): Promise<boolean> => {
  await takeSubjectLock(db, subject.subjectId);
  const { rowCount } = await db.query(
    `UPDATE personal_data_keys SET wrapped_key = NULL, destroyed_at = $3
     WHERE subject_id = $1 AND organization_id = $2 AND wrapped_key IS NOT NULL`,
    [subject.subjectId, subject.organizationId, now.toISOString()],
  );
  if (rowCount === 0) {
    await db.query(
      `INSERT INTO personal_data_keys (subject_id, organization_id, wrapped_key, destroyed_at) VALUES ($1, $2, NULL, $3)
       ON CONFLICT (subject_id) DO NOTHING`,
      [subject.subjectId, subject.organizationId, now.toISOString()],
    );
  }
  return rowCount > 0;
};
