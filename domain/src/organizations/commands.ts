import type { Command } from '../shared/command.js';
import type { OrganizationKind, OrganizationMetadata, OrganizationMetadataKind } from './events.js';

export type CreateOrganization = Command<
  'CreateOrganization',
  {
    organizationId: string;
    name: string;
    kind: OrganizationKind;
    description?: string;
    /** An uploaded image's id; left out or null: no logo. */
    logoImageId?: string | null;
    createdBy: string | null;
  }
>;

export type UpdateOrganization = Command<
  'UpdateOrganization',
  { organizationId: string; name: string; description: string }
>;

export type UpdateOrganizationMetadata = Command<
  'UpdateOrganizationMetadata',
  { organizationId: string; kind: OrganizationMetadataKind; metadata: OrganizationMetadata }
>;

export type ArchiveOrganization = Command<'ArchiveOrganization', { organizationId: string }>;

export type ChangeOperatorName = Command<'ChangeOperatorName', { organizationId: string; operatorName: string }>;

export type ChangeOrganizationMailSettings = Command<
  'ChangeOrganizationMailSettings',
  { organizationId: string; senderName: string; replyTo: string }
>;

export type ChangeOrganizationLogo = Command<
  'ChangeOrganizationLogo',
  { organizationId: string; logoImageId: string | null }
>;

export type ChangeSessionRetention = Command<
  'ChangeSessionRetention',
  { organizationId: string; retentionDays: number | null }
>;

export type ChangeVoiceRecording = Command<'ChangeVoiceRecording', { organizationId: string; enabled: boolean }>;

export type ChangeLeaderboards = Command<'ChangeLeaderboards', { organizationId: string; enabled: boolean }>;

export type OrganizationCommand =
  | CreateOrganization
  | UpdateOrganization
  | UpdateOrganizationMetadata
  | ArchiveOrganization
  | ChangeOperatorName
  | ChangeOrganizationMailSettings
  | ChangeOrganizationLogo
  | ChangeSessionRetention
  | ChangeVoiceRecording
  | ChangeLeaderboards;
