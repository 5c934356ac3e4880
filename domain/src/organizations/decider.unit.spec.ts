import { describe, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors.js';
import { DeciderSpecification, isCode } from '../testing/decider-specification.js';
import type {
  ArchiveOrganization,
  ChangeOperatorName,
  ChangeOrganizationLogo,
  ChangeOrganizationMailSettings,
  ChangeSessionRetention,
  ChangeLeaderboards,
  ChangeVoiceRecording,
  CreateOrganization,
  UpdateOrganization,
  UpdateOrganizationMetadata,
} from './commands.js';
import {
  MAIL_SENDER_NAME_MAX,
  OPERATOR_NAME_MAX,
  ORGANIZATION_DESCRIPTION_MAX,
  ORGANIZATION_METADATA_KEY_MAX,
  ORGANIZATION_METADATA_MAX_KEYS,
  ORGANIZATION_METADATA_VALUE_MAX,
  ORGANIZATION_NAME_MAX,
  organizationDecider,
  SESSION_RETENTION_DAYS_MAX,
} from './decider.js';
import type {
  OperatorNameChanged,
  OrganizationArchived,
  OrganizationLogoChanged,
  OrganizationMailSettingsChanged,
  OrganizationCreated,
  OrganizationLeaderboardsChanged,
  OrganizationMetadata,
  OrganizationMetadataKind,
  OrganizationMetadataUpdated,
  OrganizationSessionRetentionChanged,
  OrganizationUpdated,
  OrganizationVoiceRecordingChanged,
} from './events.js';

const given = DeciderSpecification.for(organizationDecider);
const now = '2026-11-21T10:00:00.000Z';
const later = '2026-11-22T10:00:00.000Z';

const create: CreateOrganization = {
  type: 'CreateOrganization',
  data: { organizationId: 'org-1', name: '  Acme  ', kind: 'customer', createdBy: 'user-1' },
  metadata: { now },
};
const created: OrganizationCreated = {
  type: 'OrganizationCreated',
  data: {
    organizationId: 'org-1',
    name: 'Acme',
    kind: 'customer',
    description: '',
    createdBy: 'user-1',
    createdAt: now,
  },
};
/** As stored before descriptions existed: such events must still fold. */
const createdWithoutDescription: OrganizationCreated = {
  type: 'OrganizationCreated',
  data: { organizationId: 'org-1', name: 'Acme', kind: 'customer', createdBy: 'user-1', createdAt: now },
};
const platformCreated: OrganizationCreated = {
  type: 'OrganizationCreated',
  data: { organizationId: 'org-0', name: 'Platform', kind: 'platform', createdBy: null, createdAt: now },
};

const update: UpdateOrganization = {
  type: 'UpdateOrganization',
  data: { organizationId: 'org-1', name: ' Acme Ltd ', description: ' Rockets and anvils ' },
  metadata: { now: later },
};
const updated: OrganizationUpdated = {
  type: 'OrganizationUpdated',
  data: { organizationId: 'org-1', name: 'Acme Ltd', description: 'Rockets and anvils', updatedAt: later },
};

const updateMetadata = (
  metadata: OrganizationMetadata,
  kind: OrganizationMetadataKind = 'product',
): UpdateOrganizationMetadata => ({
  type: 'UpdateOrganizationMetadata',
  data: { organizationId: 'org-1', kind, metadata },
  metadata: { now: later },
});
const metadataUpdated = (
  metadata: OrganizationMetadata,
  kind: OrganizationMetadataKind = 'product',
): OrganizationMetadataUpdated => ({
  type: 'OrganizationMetadataUpdated',
  data: { organizationId: 'org-1', kind, metadata, updatedAt: later },
});

const archive = (organizationId = 'org-1'): ArchiveOrganization => ({
  type: 'ArchiveOrganization',
  data: { organizationId },
  metadata: { now: later },
});
const archived: OrganizationArchived = {
  type: 'OrganizationArchived',
  data: { organizationId: 'org-1', archivedAt: later },
};

describe('Organizations', () => {
  describe('CreateOrganization', () => {
    it('should create it with its name trimmed and an empty description', () => {
      given([]).when(create).then([created]);
    });

    it('should keep a trimmed description given at creation', () => {
      given([])
        .when({ ...create, data: { ...create.data, description: ' Anvils ' } })
        .then([{ ...created, data: { ...created.data, description: 'Anvils' } }]);
    });

    it.each(['', '   ', 'x'.repeat(ORGANIZATION_NAME_MAX + 1)])('should refuse the name %j', (name) => {
      given([])
        .when({ ...create, data: { ...create.data, name } })
        .thenThrows(ValidationError, isCode('invalid_organization_name'));
    });

    it('should refuse a description that is too long', () => {
      given([])
        .when({ ...create, data: { ...create.data, description: 'x'.repeat(ORGANIZATION_DESCRIPTION_MAX + 1) } })
        .thenThrows(ValidationError, isCode('invalid_organization_description'));
    });

    it('should refuse to create it again', () => {
      given([created]).when(create).thenThrows(ConflictError, isCode('organization_exists'));
    });
  });

  describe('UpdateOrganization', () => {
    it('should record the trimmed name and description', () => {
      given([created]).when(update).then([updated]);
    });

    it('should update an organization recorded before descriptions existed', () => {
      given([createdWithoutDescription]).when(update).then([updated]);
    });

    it('should decide nothing when nothing changes', () => {
      given([created, updated]).when(update).thenNothing();
    });

    it('should refuse an empty name', () => {
      given([created])
        .when({ ...update, data: { ...update.data, name: ' ' } })
        .thenThrows(ValidationError, isCode('invalid_organization_name'));
    });

    it('should refuse a description that is too long', () => {
      given([created])
        .when({ ...update, data: { ...update.data, description: 'x'.repeat(ORGANIZATION_DESCRIPTION_MAX + 1) } })
        .thenThrows(ValidationError, isCode('invalid_organization_description'));
    });

    it('should refuse an organization that does not exist', () => {
      given([]).when(update).thenThrows(NotFoundError, isCode('organization_not_found'));
    });

    it('should refuse an archived organization', () => {
      given([created, archived]).when(update).thenThrows(ConflictError, isCode('organization_archived'));
    });
  });

  describe('UpdateOrganizationMetadata', () => {
    const metadata = { plan: 'gold', seats: 40, trial: false, note: null };

    it('should replace the record of the kind given', () => {
      given([created])
        .when(updateMetadata(metadata))
        .then([metadataUpdated(metadata)]);
    });

    it('should keep each kind apart', () => {
      given([created, metadataUpdated(metadata)])
        .when(updateMetadata(metadata, 'custom'))
        .then([metadataUpdated(metadata, 'custom')]);
    });

    it('should decide nothing when the record is the same, whatever the key order', () => {
      given([created, metadataUpdated(metadata)])
        .when(updateMetadata({ note: null, trial: false, seats: 40, plan: 'gold' }))
        .thenNothing();
    });

    it('should clear the record with an empty one', () => {
      given([created, metadataUpdated(metadata)])
        .when(updateMetadata({}))
        .then([metadataUpdated({})]);
    });

    it('should accept the limits exactly', () => {
      const full = Object.fromEntries(
        Array.from({ length: ORGANIZATION_METADATA_MAX_KEYS }, (_, i) => [
          `${i}`.padStart(ORGANIZATION_METADATA_KEY_MAX, 'k'),
          'v'.repeat(ORGANIZATION_METADATA_VALUE_MAX),
        ]),
      );
      given([created])
        .when(updateMetadata(full))
        .then([metadataUpdated(full)]);
    });

    it('should refuse more keys than allowed', () => {
      const tooMany = Object.fromEntries(
        Array.from({ length: ORGANIZATION_METADATA_MAX_KEYS + 1 }, (_, i) => [`k${i}`, i]),
      );
      given([created]).when(updateMetadata(tooMany)).thenThrows(ValidationError, isCode('metadata_too_many_keys'));
    });

    it.each(['', '  ', 'k'.repeat(ORGANIZATION_METADATA_KEY_MAX + 1)])('should refuse the key %j', (key) => {
      given([created])
        .when(updateMetadata({ [key]: 1 }))
        .thenThrows(ValidationError, isCode('invalid_metadata_key'));
    });

    it.each([
      ['a text that is too long', 'v'.repeat(ORGANIZATION_METADATA_VALUE_MAX + 1)],
      ['an object', { nested: true }],
      ['a list', [1, 2]],
      ['an infinite number', Number.POSITIVE_INFINITY],
    ])('should refuse %s as a value', (_what, value) => {
      given([created])
        .when(updateMetadata({ key: value as never }))
        .thenThrows(ValidationError, isCode('invalid_metadata_value'));
    });

    it('should refuse metadata that is not an object', () => {
      given([created])
        .when(updateMetadata([] as never))
        .thenThrows(ValidationError, isCode('invalid_metadata'));
    });

    it('should refuse an unknown kind', () => {
      given([created])
        .when(updateMetadata({}, 'secret' as OrganizationMetadataKind))
        .thenThrows(ValidationError, isCode('invalid_metadata_kind'));
    });

    it('should refuse an organization that does not exist', () => {
      given([]).when(updateMetadata(metadata)).thenThrows(NotFoundError, isCode('organization_not_found'));
    });

    it('should refuse an archived organization', () => {
      given([created, archived])
        .when(updateMetadata(metadata))
        .thenThrows(ConflictError, isCode('organization_archived'));
    });
  });

  describe('ArchiveOrganization', () => {
    it('should archive a customer organization', () => {
      given([created]).when(archive()).then([archived]);
    });

    it('should decide nothing when it is already archived', () => {
      given([created, archived]).when(archive()).thenNothing();
    });

    it('should refuse the platform organization', () => {
      given([platformCreated])
        .when(archive('org-0'))
        .thenThrows(ForbiddenError, isCode('platform_organization_protected'));
    });

    it('should refuse an organization that does not exist', () => {
      given([]).when(archive()).thenThrows(NotFoundError, isCode('organization_not_found'));
    });

    it('should refuse to create an organization again once archived', () => {
      given([created, archived]).when(create).thenThrows(ConflictError, isCode('organization_exists'));
    });
  });

  describe('ChangeOperatorName', () => {
    const rename = (operatorName: string): ChangeOperatorName => ({
      type: 'ChangeOperatorName',
      data: { organizationId: 'org-1', operatorName },
      metadata: { now: later },
    });
    const renamed = (operatorName: string): OperatorNameChanged => ({
      type: 'OperatorNameChanged',
      data: { organizationId: 'org-1', operatorName, changedAt: later },
    });

    it('should record the trimmed name', () => {
      given([created])
        .when(rename('  Acme HR team '))
        .then([renamed('Acme HR team')]);
    });

    it('should accept the longest name allowed', () => {
      const longest = 'n'.repeat(OPERATOR_NAME_MAX);
      given([created])
        .when(rename(longest))
        .then([renamed(longest)]);
    });

    it('should clear it with an empty name', () => {
      given([created, renamed('Acme HR team')])
        .when(rename('  '))
        .then([renamed('')]);
    });

    it('should decide nothing when the name is the same', () => {
      given([created, renamed('Acme HR team')])
        .when(rename('Acme HR team '))
        .thenNothing();
      given([created]).when(rename('')).thenNothing();
    });

    it.each([
      ['too long', 'n'.repeat(OPERATOR_NAME_MAX + 1)],
      ['on two lines', 'Acme\r\nBcc: victim@example.com'],
      ['with a control character', 'Acme\u0007'],
    ])('should refuse a name %s', (_what, operatorName) => {
      given([created])
        .when(rename(operatorName))
        .thenThrows(
          ValidationError,
          (error) => error.code === 'invalid_operator_name' && error.details?.['field'] === 'operator_name',
        );
    });

    it('should refuse an archived or missing organization', () => {
      given([created, archived]).when(rename('HR')).thenThrows(ConflictError, isCode('organization_archived'));
      given([]).when(rename('HR')).thenThrows(NotFoundError, isCode('organization_not_found'));
    });
  });

  describe('ChangeOrganizationMailSettings', () => {
    const configure = (senderName: string, replyTo: string): ChangeOrganizationMailSettings => ({
      type: 'ChangeOrganizationMailSettings',
      data: { organizationId: 'org-1', senderName, replyTo },
      metadata: { now: later },
    });
    const configured = (senderName: string, replyTo: string): OrganizationMailSettingsChanged => ({
      type: 'OrganizationMailSettingsChanged',
      data: { organizationId: 'org-1', senderName, replyTo, changedAt: later },
    });

    it('should record the trimmed sender name and the normalised reply-to address', () => {
      given([created])
        .when(configure(' Acme Academy ', ' Help@Acme.Example '))
        .then([configured('Acme Academy', 'help@acme.example')]);
    });

    it('should clear both with empty values', () => {
      given([created, configured('Acme Academy', 'help@acme.example')])
        .when(configure('', ''))
        .then([configured('', '')]);
    });

    it('should decide nothing when nothing changes', () => {
      given([created, configured('Acme Academy', 'help@acme.example')])
        .when(configure('Acme Academy', 'HELP@acme.example'))
        .thenNothing();
    });

    it('should refuse a sender name that is too long or spans lines', () => {
      given([created])
        .when(configure('s'.repeat(MAIL_SENDER_NAME_MAX + 1), ''))
        .thenThrows(ValidationError, isCode('invalid_sender_name'));
      given([created])
        .when(configure('Acme\nReply-To: x@evil.example', ''))
        .thenThrows(ValidationError, isCode('invalid_sender_name'));
    });

    it.each(['not-an-address', 'two words@acme.example', `${'a'.repeat(250)}@acme.example`])(
      'should refuse the reply-to address %j',
      (replyTo) => {
        given([created])
          .when(configure('Acme', replyTo))
          .thenThrows(
            ValidationError,
            (error) => error.code === 'invalid_reply_to' && error.details?.['field'] === 'reply_to',
          );
      },
    );

    it('should refuse an archived organization', () => {
      given([created, archived]).when(configure('Acme', '')).thenThrows(ConflictError, isCode('organization_archived'));
    });
  });

  describe('ChangeOrganizationLogo', () => {
    const changeLogo = (logoImageId: string | null): ChangeOrganizationLogo => ({
      type: 'ChangeOrganizationLogo',
      data: { organizationId: 'org-1', logoImageId },
      metadata: { now: later },
    });
    const logoChanged = (logoImageId: string | null, changedAt = later): OrganizationLogoChanged => ({
      type: 'OrganizationLogoChanged',
      data: { organizationId: 'org-1', logoImageId, changedAt },
    });

    it('should record the logo at creation, after the creation itself', () => {
      given([])
        .when({ ...create, data: { ...create.data, logoImageId: 'img-1' } })
        .then([created, logoChanged('img-1', now)]);
      given([])
        .when({ ...create, data: { ...create.data, logoImageId: null } })
        .then([created]);
    });

    it('should set, replace and clear the logo', () => {
      given([created])
        .when(changeLogo('img-1'))
        .then([logoChanged('img-1')]);
      given([created, logoChanged('img-1')])
        .when(changeLogo('img-2'))
        .then([logoChanged('img-2')]);
      given([created, logoChanged('img-1')])
        .when(changeLogo(null))
        .then([logoChanged(null)]);
    });

    it('should decide nothing when the logo is the same', () => {
      given([created, logoChanged('img-1')])
        .when(changeLogo('img-1'))
        .thenNothing();
      given([created]).when(changeLogo(null)).thenNothing();
    });

    it('should refuse an archived or missing organization', () => {
      given([created, archived]).when(changeLogo('img-1')).thenThrows(ConflictError, isCode('organization_archived'));
      given([]).when(changeLogo('img-1')).thenThrows(NotFoundError, isCode('organization_not_found'));
    });
  });

  describe('ChangeSessionRetention', () => {
    const keep = (retentionDays: number | null): ChangeSessionRetention => ({
      type: 'ChangeSessionRetention',
      data: { organizationId: 'org-1', retentionDays },
      metadata: { now: later },
    });
    const kept = (retentionDays: number | null): OrganizationSessionRetentionChanged => ({
      type: 'OrganizationSessionRetentionChanged',
      data: { organizationId: 'org-1', retentionDays, changedAt: later },
    });

    it('should keep sessions until deleted by default, and record a number of days', () => {
      given([created]).when(keep(null)).thenNothing();
      given([created])
        .when(keep(30))
        .then([kept(30)]);
      given([created])
        .when(keep(SESSION_RETENTION_DAYS_MAX))
        .then([kept(SESSION_RETENTION_DAYS_MAX)]);
    });

    it('should turn it off again, and decide nothing when unchanged', () => {
      given([created, kept(30)])
        .when(keep(null))
        .then([kept(null)]);
      given([created, kept(30)])
        .when(keep(30))
        .thenNothing();
    });

    it.each([0, -1, 1.5, SESSION_RETENTION_DAYS_MAX + 1])('should refuse %s days', (days) => {
      given([created])
        .when(keep(days))
        .thenThrows(
          ValidationError,
          (error) =>
            error.code === 'invalid_session_retention' && error.details?.['field'] === 'session_retention_days',
        );
    });

    it('should refuse an archived or missing organization', () => {
      given([created, archived]).when(keep(30)).thenThrows(ConflictError, isCode('organization_archived'));
      given([]).when(keep(30)).thenThrows(NotFoundError, isCode('organization_not_found'));
    });
  });

  describe('ChangeVoiceRecording', () => {
    const record = (enabled: boolean): ChangeVoiceRecording => ({
      type: 'ChangeVoiceRecording',
      data: { organizationId: 'org-1', enabled },
      metadata: { now: later },
    });
    const recording = (enabled: boolean): OrganizationVoiceRecordingChanged => ({
      type: 'OrganizationVoiceRecordingChanged',
      data: { organizationId: 'org-1', enabled, changedAt: later },
    });

    it('should not record voice sessions by default, and turn it on', () => {
      given([created]).when(record(false)).thenNothing();
      given([created])
        .when(record(true))
        .then([recording(true)]);
    });

    it('should turn it off again, and decide nothing when unchanged', () => {
      given([created, recording(true)])
        .when(record(false))
        .then([recording(false)]);
      given([created, recording(true)])
        .when(record(true))
        .thenNothing();
      given([created, recording(true), recording(false)])
        .when(record(false))
        .thenNothing();
    });

    it('should refuse an archived or missing organization', () => {
      given([created, archived]).when(record(true)).thenThrows(ConflictError, isCode('organization_archived'));
      given([]).when(record(true)).thenThrows(NotFoundError, isCode('organization_not_found'));
    });
  });

  describe('ChangeLeaderboards', () => {
    const show = (enabled: boolean): ChangeLeaderboards => ({
      type: 'ChangeLeaderboards',
      data: { organizationId: 'org-1', enabled },
      metadata: { now: later },
    });
    const shown = (enabled: boolean): OrganizationLeaderboardsChanged => ({
      type: 'OrganizationLeaderboardsChanged',
      data: { organizationId: 'org-1', enabled, changedAt: later },
    });

    it('should keep leaderboards off by default, and turn them on', () => {
      given([created]).when(show(false)).thenNothing();
      given([created])
        .when(show(true))
        .then([shown(true)]);
    });

    it('should turn them off again, and decide nothing when unchanged', () => {
      given([created, shown(true)])
        .when(show(false))
        .then([shown(false)]);
      given([created, shown(true)])
        .when(show(true))
        .thenNothing();
      given([created, shown(true), shown(false)])
        .when(show(false))
        .thenNothing();
    });

    it('should refuse an archived or missing organization', () => {
      given([created, archived]).when(show(true)).thenThrows(ConflictError, isCode('organization_archived'));
      given([]).when(show(true)).thenThrows(NotFoundError, isCode('organization_not_found'));
    });
  });
});
