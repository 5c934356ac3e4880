import { randomBytes } from 'node:crypto';
import type { Migration } from '../sql/migrations.js';
import type { SqlExecutor } from '../sql/sql-database.js';

/**
 * The uploaded images (issue 11 item 5): one row per stored image, the bytes in the blob store under
 * `key`. A plain table, not events: an upload changes no business state; the entities that use an image
 * (an avatar, a mission) hold its URL in their own events.
 */
export const imageUploadMigrations: Migration[] = [
  {
    id: '0094_image_uploads',
    sql: `CREATE TABLE image_uploads (
      id text PRIMARY KEY,
      organization_id text NOT NULL,
      uploaded_by text NOT NULL,
      category text NOT NULL,
      key text NOT NULL UNIQUE,
      content_type text NOT NULL,
      bytes integer NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX image_uploads_organization ON image_uploads (organization_id, created_at);`,
  },
  {
    // Since when nothing has pointed at the image, as the daily cleanup saw it (null: in use at its last run). An
    // image is unused from its upload until an entity saves it, so existing rows start from their upload.
    id: '0220_image_uploads_unreferenced_since',
    sql: `ALTER TABLE image_uploads ADD COLUMN unreferenced_since timestamptz;
    UPDATE image_uploads SET unreferenced_since = created_at;`,
  },
];

/**
 * The id of an image: 144 random bits, URL-safe (24 characters). The image is served publicly at an
 * address made of it, so it must not be guessable; a time-ordered UUID would not do.
 */
export const newImageId = (): string => randomBytes(18).toString('base64url');

export type ImageUploadRow = {
  id: string;
  organizationId: string;
  uploadedBy: string;
  category: string;
  key: string;
  contentType: string;
  bytes: number;
  width: number;
  height: number;
  createdAt: string;
};

export const insertImageUpload = async (db: SqlExecutor, row: ImageUploadRow): Promise<void> => {
  await db.query(
    `INSERT INTO image_uploads (id, organization_id, uploaded_by, category, key, content_type, bytes, width, height,
       created_at, unreferenced_since)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
    [
      row.id,
      row.organizationId,
      row.uploadedBy,
      row.category,
      row.key,
      row.contentType,
      row.bytes,
      row.width,
      row.height,
      row.createdAt,
    ],
  );
};

type Row = {
  id: string;
  organization_id: string;
  uploaded_by: string;
  category: string;
  key: string;
  content_type: string;
  bytes: number;
  width: number;
  height: number;
  created_at: Date | string;
};

export const findImageUpload = async (db: SqlExecutor, id: string): Promise<ImageUploadRow | undefined> => {
  const { rows } = await db.query<Row>('SELECT * FROM image_uploads WHERE id = $1', [id]);
  const row = rows[0];
  return (
    row && {
      id: row.id,
      organizationId: row.organization_id,
      uploadedBy: row.uploaded_by,
      category: row.category,
      key: row.key,
      contentType: row.content_type,
      bytes: row.bytes,
      width: row.width,
      height: row.height,
      createdAt: new Date(row.created_at).toISOString(),
    }
  );
};

/** The bytes an organization's images take in the blob store, for its storage quota. */
export const imageBytesOfOrganization = async (db: SqlExecutor, organizationId: string): Promise<number> => {
  const { rows } = await db.query<{ total: string | number | null }>(
    'SELECT sum(bytes) AS total FROM image_uploads WHERE organization_id = $1',
    [organizationId],
  );
  return Number(rows[0]?.total ?? 0);
};

/** What the cleanup needs of an image: where its bytes are, and since when nothing uses it (null: in use). */
export type ImageUploadUse = { id: string; key: string; unreferencedSince: string | null };

/** The images after `afterId` in id order, `limit` of them: the cleanup walks the whole table page by page. */
export const listImageUploadUses = async (
  db: SqlExecutor,
  afterId: string,
  limit: number,
): Promise<ImageUploadUse[]> => {
  const { rows } = await db.query<{ id: string; key: string; unreferenced_since: Date | string | null }>(
    'SELECT id, key, unreferenced_since FROM image_uploads WHERE id > $1 ORDER BY id LIMIT $2',
    [afterId, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    key: row.key,
    unreferencedSince: row.unreferenced_since === null ? null : new Date(row.unreferenced_since).toISOString(),
  }));
};

/** Records that the images are in use (`since` null) or, from `since`, no longer. */
export const markImageUploadUses = async (db: SqlExecutor, ids: readonly string[], since: string | null) => {
  if (ids.length === 0) return;
  await db.query(
    since === null
      ? 'UPDATE image_uploads SET unreferenced_since = NULL WHERE id = ANY($1)'
      : 'UPDATE image_uploads SET unreferenced_since = $2 WHERE id = ANY($1) AND unreferenced_since IS NULL',
    since === null ? [ids] : [ids, since],
  );
};

export const deleteImageUploadRow = async (db: SqlExecutor, id: string): Promise<void> => {
  await db.query('DELETE FROM image_uploads WHERE id = $1', [id]);
};
