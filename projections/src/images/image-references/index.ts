import type { SqlExecutor } from '@ai-coaching/platform';
import { coachingContentProjection } from '../../coaching/coaching-content/index.js';
import { organizationListProjection } from '../../organizations/organization-list/index.js';
import { userGroupsProjection } from '../../user-groups/user-groups/index.js';
import { userDirectoryProjection } from '../../users/user-directory/index.js';

/**
 * The read models that hold uploaded images' ids (docs/image-uploads.md, "Cleanup"): users' avatars, organizations'
 * logos, user groups' pictures, and the pictures of coaching content in its working copy, its published version and
 * every version published before (sessions show the version they played).
 */
export const IMAGE_REFERENCE_PROJECTIONS: readonly string[] = [
  userDirectoryProjection.name,
  organizationListProjection.name,
  userGroupsProjection.name,
  coachingContentProjection.name,
];

/** The fields of coaching content that hold an image's id, whatever the kind (contracts/src/coaching-content.ts). */
const COACHING_IMAGE_FIELDS = ['avatar_image_id', 'image_id'] as const;

const coachingImages = (table: string, column: string) =>
  COACHING_IMAGE_FIELDS.map((field) => `SELECT ${column}->>'${field}' FROM ${table}`);

/**
 * Every image id an entity points at, archived entities included: an archived item or group can be restored with its
 * picture. Read in one statement, so the answer is one snapshot of the read models.
 */
export const referencedImageIds = async (db: SqlExecutor): Promise<Set<string>> => {
  const sources = [
    'SELECT avatar_image_id FROM rm_users',
    'SELECT logo_image_id FROM rm_organizations',
    'SELECT image_id FROM rm_user_groups',
    ...coachingImages('rm_coaching_items', 'fields'),
    ...coachingImages('rm_coaching_items', 'published_fields'),
    ...coachingImages('rm_coaching_item_versions', 'fields'),
  ];
  const { rows } = await db.query<{ id: string | null }>(
    `SELECT id FROM (${sources.join(' UNION ')}) AS referenced(id) WHERE id IS NOT NULL AND id <> ''`,
  );
  return new Set(rows.map((row) => row.id!));
};
