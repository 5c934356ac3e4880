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
    `INSERT INTO image_uploads (id, organization_id, uploaded_by, category, key, content_type, bytes, width, height, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
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
