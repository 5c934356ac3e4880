import type { Permission } from '../permissions/catalogue.js';
import { can } from '../permissions/roles.js';
import { ForbiddenError } from '../shared/errors.js';
import { ORGANIZATION_METADATA_KINDS, type OrganizationMetadataKind } from './events.js';

/** The fields of an organization a change may touch, as the request names them. */
export type OrganizationField =
  | 'name'
  | 'description'
  | 'logo_image_id'
  | 'session_retention_days'
  | 'record_voice_sessions'
  | 'leaderboards_enabled'
  | `metadata_${OrganizationMetadataKind}`;

export const ORGANIZATION_FIELDS: readonly OrganizationField[] = [
  'name',
  'description',
  'logo_image_id',
  'session_retention_days',
  'record_voice_sessions',
  'leaderboards_enabled',
  ...ORGANIZATION_METADATA_KINDS.map((kind) => `metadata_${kind}` as const),
];

/**
 * Who edits: their permissions, their role and their own organization. The API and the screens
 * (which decide what to offer for editing) ask the same question with it.
 */
export type OrganizationEditor = {
  permissions: readonly string[];
  role: string;
  organizationId: string;
};

/**
 * The fields among `changed` this editor may not change on the organization, in the order of
 * `ORGANIZATION_FIELDS`. Name, description, logo, how long sessions are kept, whether voice sessions are recorded and whether leaderboards are shown: `organization-update` on any
 * organization, or `organization-self-edit` on their own. Each metadata kind: its own permission, on their own
 * organization unless super-admin.
 */
export const forbiddenOrganizationFields = (
  editor: OrganizationEditor,
  organizationId: string,
  changed: readonly OrganizationField[],
): OrganizationField[] => {
  const own = editor.organizationId === organizationId;
  const held = (needed: Permission) => can(editor.permissions, needed);
  const mayEditDetails = held('organization-update') || (own && held('organization-self-edit'));
  const mayEdit = (field: OrganizationField): boolean => {
    if (field === 'name' || field === 'description' || field === 'logo_image_id') return mayEditDetails;
    if (field === 'session_retention_days' || field === 'record_voice_sessions' || field === 'leaderboards_enabled') {
      return mayEditDetails;
    }
    const kind = field.slice('metadata_'.length) as OrganizationMetadataKind;
    return held(`organization-metadata-${kind}-update`) && (own || editor.role === 'super-admin');
  };
  return ORGANIZATION_FIELDS.filter((field) => changed.includes(field) && !mayEdit(field));
};

/**
 * Refuses a change that touches any field the editor may not change, naming every such field in
 * `details.fields`, before anything is applied: a change is all or nothing.
 */
export const checkOrganizationFieldsEditable = (
  editor: OrganizationEditor,
  organizationId: string,
  changed: readonly OrganizationField[],
): void => {
  const fields = forbiddenOrganizationFields(editor, organizationId, changed);
  if (fields.length > 0) {
    throw new ForbiddenError('forbidden', `You do not have permission to change: ${fields.join(', ')}.`, { fields });
  }
};
