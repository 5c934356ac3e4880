import { describe, expect, it } from 'vitest';
import { permissionsOf, type Role } from '../permissions/roles.js';
import { ForbiddenError } from '../shared/errors.js';
import {
  checkOrganizationFieldsEditable,
  forbiddenOrganizationFields,
  ORGANIZATION_FIELDS,
  type OrganizationEditor,
} from './editable-fields.js';

const editorOf = (role: Role, permissions = permissionsOf(role)): OrganizationEditor => ({
  role,
  permissions,
  organizationId: 'org-own',
});

describe('organization fields an editor may change', () => {
  it('lets a super-admin change every field of any organization', () => {
    const superAdmin = editorOf('super-admin');
    expect(forbiddenOrganizationFields(superAdmin, 'org-other', ORGANIZATION_FIELDS)).toEqual([]);
    expect(forbiddenOrganizationFields(superAdmin, 'org-own', ORGANIZATION_FIELDS)).toEqual([]);
  });

  it('lets an operator change every field of their own organization (self-edit) and none of another', () => {
    const operator = editorOf('operator');
    expect(forbiddenOrganizationFields(operator, 'org-own', ORGANIZATION_FIELDS)).toEqual([]);
    expect(forbiddenOrganizationFields(operator, 'org-other', ORGANIZATION_FIELDS)).toEqual([...ORGANIZATION_FIELDS]);
  });

  it('refuses an editor every field, even of their own organization', () => {
    expect(forbiddenOrganizationFields(editorOf('editor'), 'org-own', ['name', 'metadata_product'])).toEqual([
      'name',
      'metadata_product',
    ]);
  });

  it('lets whoever may change the name change the logo, and nobody else', () => {
    expect(forbiddenOrganizationFields(editorOf('operator'), 'org-own', ['logo_image_id'])).toEqual([]);
    expect(forbiddenOrganizationFields(editorOf('operator'), 'org-other', ['logo_image_id'])).toEqual([
      'logo_image_id',
    ]);
    expect(forbiddenOrganizationFields(editorOf('editor'), 'org-own', ['logo_image_id'])).toEqual(['logo_image_id']);
  });

  it('lets whoever may change how long sessions are kept turn voice recording on or off, and nobody else', () => {
    const both = ['session_retention_days', 'record_voice_sessions'] as const;
    expect(forbiddenOrganizationFields(editorOf('operator'), 'org-own', both)).toEqual([]);
    expect(forbiddenOrganizationFields(editorOf('super-admin'), 'org-other', both)).toEqual([]);
    expect(forbiddenOrganizationFields(editorOf('operator'), 'org-other', both)).toEqual([...both]);
    expect(forbiddenOrganizationFields(editorOf('editor'), 'org-own', both)).toEqual([...both]);
  });

  it('lets whoever may change how long sessions are kept turn leaderboards on or off, and nobody else', () => {
    const fields = ['session_retention_days', 'leaderboards_enabled'] as const;
    expect(forbiddenOrganizationFields(editorOf('operator'), 'org-own', fields)).toEqual([]);
    expect(forbiddenOrganizationFields(editorOf('super-admin'), 'org-other', fields)).toEqual([]);
    expect(forbiddenOrganizationFields(editorOf('operator'), 'org-other', fields)).toEqual([...fields]);
    expect(forbiddenOrganizationFields(editorOf('editor'), 'org-own', fields)).toEqual([...fields]);
    expect(forbiddenOrganizationFields(editorOf('user'), 'org-own', ['leaderboards_enabled'])).toEqual([
      'leaderboards_enabled',
    ]);
  });

  it('checks each metadata kind against its own permission', () => {
    const withoutCustom = editorOf(
      'operator',
      permissionsOf('operator').filter((permission) => permission !== 'organization-metadata-custom-update'),
    );
    expect(
      forbiddenOrganizationFields(withoutCustom, 'org-own', ['name', 'metadata_product', 'metadata_custom']),
    ).toEqual(['metadata_custom']);
  });

  it('names only the fields the change touches, in the fields’ order', () => {
    const editor = editorOf('editor');
    expect(forbiddenOrganizationFields(editor, 'org-own', ['metadata_custom', 'description'])).toEqual([
      'description',
      'metadata_custom',
    ]);
    expect(forbiddenOrganizationFields(editor, 'org-own', [])).toEqual([]);
  });

  it('refuses a change with one forbidden field as a whole: 403 forbidden naming the fields', () => {
    expect(() => checkOrganizationFieldsEditable(editorOf('operator'), 'org-own', ['name'])).not.toThrow();
    let refusal: unknown;
    try {
      checkOrganizationFieldsEditable(editorOf('editor'), 'org-own', ['name', 'metadata_organization']);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ForbiddenError);
    expect(refusal).toMatchObject({
      status: 403,
      code: 'forbidden',
      message: 'You do not have permission to change: name, metadata_organization.',
      details: { fields: ['name', 'metadata_organization'] },
    });
  });
});
