import { decideByType, type Decider } from '../shared/decider.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors.js';
import { boundedText, textUpTo } from '../shared/text.js';
import { isValidEmail, normalizeEmail } from '../users/rules.js';
import type {
  ArchiveOrganization,
  ChangeOperatorName,
  ChangeOrganizationLogo,
  ChangeOrganizationMailSettings,
  ChangeLeaderboards,
  ChangeSessionRetention,
  ChangeVoiceRecording,
  CreateOrganization,
  OrganizationCommand,
  UpdateOrganization,
  UpdateOrganizationMetadata,
} from './commands.js';
import {
  ORGANIZATION_METADATA_KINDS,
  type OrganizationEvent,
  type OrganizationKind,
  type OrganizationMetadata,
  type OrganizationMetadataKind,
} from './events.js';

export const ORGANIZATION_NAME_MAX = 120;
export const ORGANIZATION_DESCRIPTION_MAX = 2000;
export const ORGANIZATION_METADATA_MAX_KEYS = 100;
export const ORGANIZATION_METADATA_KEY_MAX = 64;
export const ORGANIZATION_METADATA_VALUE_MAX = 2000;
export const OPERATOR_NAME_MAX = 80;
export const MAIL_SENDER_NAME_MAX = 80;
/** Days an organization may keep its ended coaching sessions for: a day to ten years. */
export const SESSION_RETENTION_DAYS_MIN = 1;
export const SESSION_RETENTION_DAYS_MAX = 3650;

/** Line breaks and other control characters: a display name ends up in a mail header. */
const CONTROL_CHARACTER = /\p{Cc}/u;

/** A display name as the operator and mail settings hold it: trimmed, short, on one line; '' for none. */
export const isValidDisplayName = (name: string, max: number): boolean =>
  name.trim().length <= max && !CONTROL_CHARACTER.test(name);

export type OrganizationMailSettings = { senderName: string; replyTo: string };

export type ExistingOrganization = {
  status: 'active' | 'archived';
  organizationId: string;
  kind: OrganizationKind;
  name: string;
  description: string;
  metadata: Record<OrganizationMetadataKind, OrganizationMetadata>;
  /** '' until an operator names it. */
  operatorName: string;
  mailSettings: OrganizationMailSettings;
  /** An uploaded image's id (only a reference: the image is public by its random id), null for none. */
  logoImageId: string | null;
  /** Days ended coaching sessions are kept; null: until deleted by hand. */
  sessionRetentionDays: number | null;
  /** Whether its voice sessions' audio is kept for replay; off unless turned on. */
  recordVoiceSessions: boolean;
  /** Whether its members see leaderboards; off unless turned on. */
  leaderboardsEnabled: boolean;
};

export type OrganizationState = { status: 'none' } | ExistingOrganization;

const validName = (raw: string): string =>
  boundedText(raw, ORGANIZATION_NAME_MAX, {
    code: 'invalid_organization_name',
    message: `An organization name has 1 to ${ORGANIZATION_NAME_MAX} characters.`,
    details: { field: 'name' },
  });

const validDescription = (raw: string): string =>
  textUpTo(raw, ORGANIZATION_DESCRIPTION_MAX, {
    code: 'invalid_organization_description',
    message: `A description has at most ${ORGANIZATION_DESCRIPTION_MAX} characters.`,
    details: { field: 'description' },
  });

const validMetadata = (metadata: OrganizationMetadata): OrganizationMetadata => {
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    throw new ValidationError('invalid_metadata', 'Metadata is an object of keys and values.', { field: 'metadata' });
  }
  const entries = Object.entries(metadata);
  if (entries.length > ORGANIZATION_METADATA_MAX_KEYS) {
    throw new ValidationError(
      'metadata_too_many_keys',
      `Metadata holds at most ${ORGANIZATION_METADATA_MAX_KEYS} keys; remove some.`,
      { field: 'metadata', max: ORGANIZATION_METADATA_MAX_KEYS },
    );
  }
  for (const [key, value] of entries) {
    if (key.trim().length === 0 || key.length > ORGANIZATION_METADATA_KEY_MAX) {
      throw new ValidationError(
        'invalid_metadata_key',
        `A metadata key has 1 to ${ORGANIZATION_METADATA_KEY_MAX} characters.`,
        { field: 'metadata', key },
      );
    }
    const valid =
      value === null ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      (typeof value === 'string' && value.length <= ORGANIZATION_METADATA_VALUE_MAX);
    if (!valid) {
      throw new ValidationError(
        'invalid_metadata_value',
        `A metadata value is text of at most ${ORGANIZATION_METADATA_VALUE_MAX} characters, a number, true, false or null.`,
        { field: 'metadata', key },
      );
    }
  }
  return metadata;
};

const sameMetadata = (a: OrganizationMetadata, b: OrganizationMetadata): boolean => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && a[key] === b[key]);
};

/** Every command but creation needs the organization to exist and, to change it, to be active. */
const existing = (state: OrganizationState): ExistingOrganization => {
  if (state.status === 'none') throw new NotFoundError('organization_not_found', 'This organization does not exist.');
  return state;
};

const changeable = (state: OrganizationState): ExistingOrganization => {
  const organization = existing(state);
  if (organization.status === 'archived') {
    throw new ConflictError('organization_archived', 'This organization is archived and can no longer be changed.');
  }
  return organization;
};

const createOrganization = (command: CreateOrganization, state: OrganizationState): OrganizationEvent[] => {
  if (state.status !== 'none') throw new ConflictError('organization_exists', 'This organization already exists.');
  const { organizationId, kind, createdBy, logoImageId = null } = command.data;
  const now = command.metadata.now;
  return [
    {
      type: 'OrganizationCreated',
      data: {
        organizationId,
        name: validName(command.data.name),
        kind,
        description: validDescription(command.data.description ?? ''),
        createdBy,
        createdAt: now,
      },
    },
    // Its own event, so creation events keep the shape they always had and a replay reads them the same way.
    ...(logoImageId === null
      ? []
      : [{ type: 'OrganizationLogoChanged' as const, data: { organizationId, logoImageId, changedAt: now } }]),
  ];
};

const updateOrganization = (command: UpdateOrganization, state: OrganizationState): OrganizationEvent[] => {
  const organization = changeable(state);
  const name = validName(command.data.name);
  const description = validDescription(command.data.description);
  if (name === organization.name && description === organization.description) return [];
  return [
    {
      type: 'OrganizationUpdated',
      data: { organizationId: organization.organizationId, name, description, updatedAt: command.metadata.now },
    },
  ];
};

const updateOrganizationMetadata = (
  command: UpdateOrganizationMetadata,
  state: OrganizationState,
): OrganizationEvent[] => {
  const organization = changeable(state);
  const { kind } = command.data;
  if (!ORGANIZATION_METADATA_KINDS.includes(kind)) {
    throw new ValidationError(
      'invalid_metadata_kind',
      `The metadata kind is one of ${ORGANIZATION_METADATA_KINDS.join(', ')}.`,
      { field: 'kind' },
    );
  }
  const metadata = validMetadata(command.data.metadata);
  if (sameMetadata(metadata, organization.metadata[kind])) return [];
  return [
    {
      type: 'OrganizationMetadataUpdated',
      data: { organizationId: organization.organizationId, kind, metadata, updatedAt: command.metadata.now },
    },
  ];
};

const archiveOrganization = (command: ArchiveOrganization, state: OrganizationState): OrganizationEvent[] => {
  const organization = existing(state);
  // A repeated archive (a retried request) finds its work done rather than an error.
  if (organization.status === 'archived') return [];
  if (organization.kind === 'platform') {
    throw new ForbiddenError('platform_organization_protected', 'The platform organization cannot be archived.');
  }
  return [
    {
      type: 'OrganizationArchived',
      data: { organizationId: organization.organizationId, archivedAt: command.metadata.now },
    },
  ];
};

const changeOperatorName = (command: ChangeOperatorName, state: OrganizationState): OrganizationEvent[] => {
  const organization = changeable(state);
  if (!isValidDisplayName(command.data.operatorName, OPERATOR_NAME_MAX)) {
    throw new ValidationError(
      'invalid_operator_name',
      `An operator display name has at most ${OPERATOR_NAME_MAX} characters, on one line.`,
      { field: 'operator_name' },
    );
  }
  const operatorName = command.data.operatorName.trim();
  if (operatorName === organization.operatorName) return [];
  return [
    {
      type: 'OperatorNameChanged',
      data: { organizationId: organization.organizationId, operatorName, changedAt: command.metadata.now },
    },
  ];
};

const changeMailSettings = (command: ChangeOrganizationMailSettings, state: OrganizationState): OrganizationEvent[] => {
  const organization = changeable(state);
  if (!isValidDisplayName(command.data.senderName, MAIL_SENDER_NAME_MAX)) {
    throw new ValidationError(
      'invalid_sender_name',
      `A sender name has at most ${MAIL_SENDER_NAME_MAX} characters, on one line.`,
      { field: 'sender_name' },
    );
  }
  const replyTo = normalizeEmail(command.data.replyTo);
  if (replyTo !== '' && !isValidEmail(replyTo)) {
    throw new ValidationError('invalid_reply_to', 'Enter a valid reply-to address, or leave it empty.', {
      field: 'reply_to',
    });
  }
  const senderName = command.data.senderName.trim();
  const current = organization.mailSettings;
  if (senderName === current.senderName && replyTo === current.replyTo) return [];
  return [
    {
      type: 'OrganizationMailSettingsChanged',
      data: { organizationId: organization.organizationId, senderName, replyTo, changedAt: command.metadata.now },
    },
  ];
};

const changeLogo = (command: ChangeOrganizationLogo, state: OrganizationState): OrganizationEvent[] => {
  const organization = changeable(state);
  const { logoImageId } = command.data;
  if (logoImageId === organization.logoImageId) return [];
  return [
    {
      type: 'OrganizationLogoChanged',
      data: { organizationId: organization.organizationId, logoImageId, changedAt: command.metadata.now },
    },
  ];
};

const changeSessionRetention = (command: ChangeSessionRetention, state: OrganizationState): OrganizationEvent[] => {
  const organization = changeable(state);
  const { retentionDays } = command.data;
  if (
    retentionDays !== null &&
    !(
      Number.isInteger(retentionDays) &&
      retentionDays >= SESSION_RETENTION_DAYS_MIN &&
      retentionDays <= SESSION_RETENTION_DAYS_MAX
    )
  ) {
    throw new ValidationError(
      'invalid_session_retention',
      `Sessions are kept for ${SESSION_RETENTION_DAYS_MIN} to ${SESSION_RETENTION_DAYS_MAX} whole days, or until deleted.`,
      { field: 'session_retention_days' },
    );
  }
  if (retentionDays === organization.sessionRetentionDays) return [];
  return [
    {
      type: 'OrganizationSessionRetentionChanged',
      data: { organizationId: organization.organizationId, retentionDays, changedAt: command.metadata.now },
    },
  ];
};

const changeVoiceRecording = (command: ChangeVoiceRecording, state: OrganizationState): OrganizationEvent[] => {
  const organization = changeable(state);
  const { enabled } = command.data;
  if (enabled === organization.recordVoiceSessions) return [];
  return [
    {
      type: 'OrganizationVoiceRecordingChanged',
      data: { organizationId: organization.organizationId, enabled, changedAt: command.metadata.now },
    },
  ];
};

const changeLeaderboards = (command: ChangeLeaderboards, state: OrganizationState): OrganizationEvent[] => {
  const organization = changeable(state);
  const { enabled } = command.data;
  if (enabled === organization.leaderboardsEnabled) return [];
  return [
    {
      type: 'OrganizationLeaderboardsChanged',
      data: { organizationId: organization.organizationId, enabled, changedAt: command.metadata.now },
    },
  ];
};

const emptyMetadata = (): Record<OrganizationMetadataKind, OrganizationMetadata> => ({
  organization: {},
  product: {},
  custom: {},
});

export const organizationDecider: Decider<OrganizationCommand, OrganizationEvent, OrganizationState> = {
  decide: decideByType({
    CreateOrganization: createOrganization,
    UpdateOrganization: updateOrganization,
    UpdateOrganizationMetadata: updateOrganizationMetadata,
    ArchiveOrganization: archiveOrganization,
    ChangeOperatorName: changeOperatorName,
    ChangeOrganizationMailSettings: changeMailSettings,
    ChangeOrganizationLogo: changeLogo,
    ChangeSessionRetention: changeSessionRetention,
    ChangeVoiceRecording: changeVoiceRecording,
    ChangeLeaderboards: changeLeaderboards,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'OrganizationCreated':
        return {
          status: 'active',
          organizationId: event.data.organizationId,
          kind: event.data.kind,
          name: event.data.name,
          description: event.data.description ?? '',
          metadata: emptyMetadata(),
          operatorName: '',
          mailSettings: { senderName: '', replyTo: '' },
          logoImageId: null,
          sessionRetentionDays: null,
          recordVoiceSessions: false,
          leaderboardsEnabled: false,
        };
      case 'OrganizationUpdated':
        return state.status === 'none'
          ? state
          : { ...state, name: event.data.name, description: event.data.description };
      case 'OrganizationMetadataUpdated':
        return state.status === 'none'
          ? state
          : { ...state, metadata: { ...state.metadata, [event.data.kind]: event.data.metadata } };
      case 'OrganizationArchived':
        return state.status === 'none' ? state : { ...state, status: 'archived' };
      case 'OperatorNameChanged':
        return state.status === 'none' ? state : { ...state, operatorName: event.data.operatorName };
      case 'OrganizationMailSettingsChanged':
        return state.status === 'none'
          ? state
          : { ...state, mailSettings: { senderName: event.data.senderName, replyTo: event.data.replyTo } };
      case 'OrganizationLogoChanged':
        return state.status === 'none' ? state : { ...state, logoImageId: event.data.logoImageId };
      case 'OrganizationSessionRetentionChanged':
        return state.status === 'none' ? state : { ...state, sessionRetentionDays: event.data.retentionDays };
      case 'OrganizationVoiceRecordingChanged':
        return state.status === 'none' ? state : { ...state, recordVoiceSessions: event.data.enabled };
      case 'OrganizationLeaderboardsChanged':
        return state.status === 'none' ? state : { ...state, leaderboardsEnabled: event.data.enabled };
    }
  },
  initialState: () => ({ status: 'none' }),
};
