export const organizationStreamId = (organizationId: string): string => `organization-${organizationId}`;

/** 'platform' is the operator's own organization, created at the first start; all others are 'customer'. */
export type OrganizationKind = 'platform' | 'customer';

/** Each kind is edited under its own permission (`organization-metadata-{kind}-update`). */
export const ORGANIZATION_METADATA_KINDS = ['organization', 'product', 'custom'] as const;
export type OrganizationMetadataKind = (typeof ORGANIZATION_METADATA_KINDS)[number];

/** Flat on purpose: screens render it as a key/value table, and the read model stores it as jsonb. */
export type OrganizationMetadataValue = string | number | boolean | null;
export type OrganizationMetadata = Record<string, OrganizationMetadataValue>;

export type OrganizationCreated = {
  type: 'OrganizationCreated';
  data: {
    organizationId: string;
    name: string;
    kind: OrganizationKind;
    /** Absent from events recorded before descriptions existed: read it as ''. */
    description?: string;
    createdBy: string | null;
    createdAt: string;
  };
};

export type OrganizationUpdated = {
  type: 'OrganizationUpdated';
  data: { organizationId: string; name: string; description: string; updatedAt: string };
};

/** Replaces the whole record of one kind; the other kinds are untouched. */
export type OrganizationMetadataUpdated = {
  type: 'OrganizationMetadataUpdated';
  data: {
    organizationId: string;
    kind: OrganizationMetadataKind;
    metadata: OrganizationMetadata;
    updatedAt: string;
  };
};

export type OrganizationArchived = {
  type: 'OrganizationArchived';
  data: { organizationId: string; archivedAt: string };
};

/**
 * The name under which the organization's administrators appear to its users: the inviter of its
 * invitation mails and, unless mail settings name one, the sender name of its mails. '' clears it.
 */
export type OperatorNameChanged = {
  type: 'OperatorNameChanged';
  data: { organizationId: string; operatorName: string; changedAt: string };
};

/**
 * What the organization's mails carry besides the platform's own From address: the sender's display
 * name and the Reply-To address ('' for none). The platform organization's are the platform defaults.
 */
export type OrganizationMailSettingsChanged = {
  type: 'OrganizationMailSettingsChanged';
  data: { organizationId: string; senderName: string; replyTo: string; changedAt: string };
};

/** The organization's logo: an uploaded image (docs/image-uploads.md), or null for none. */
export type OrganizationLogoChanged = {
  type: 'OrganizationLogoChanged';
  data: { organizationId: string; logoImageId: string | null; changedAt: string };
};

/**
 * How long the organization keeps its coaching sessions: a session ended more than `retentionDays` days ago is
 * deleted (its key destroyed, docs/coaching-sessions.md "Personal data") by the retention job. null: kept until
 * someone deletes them, the default.
 */
export type OrganizationSessionRetentionChanged = {
  type: 'OrganizationSessionRetentionChanged';
  data: { organizationId: string; retentionDays: number | null; changedAt: string };
};

/**
 * Whether the organization's voice sessions are recorded: both sides' audio kept for replay on the session's result
 * page, sealed with the session's key and so deleted with it (docs/coaching-sessions.md "Personal data"). Off until
 * an administrator turns it on.
 */
export type OrganizationVoiceRecordingChanged = {
  type: 'OrganizationVoiceRecordingChanged';
  data: { organizationId: string; enabled: boolean; changedAt: string };
};

/**
 * Whether the organization's members see leaderboards (docs/programs.md "Leaderboards"): who ranks first by programs
 * passed, average best score or practice time. Off until an administrator turns it on.
 */
export type OrganizationLeaderboardsChanged = {
  type: 'OrganizationLeaderboardsChanged';
  data: { organizationId: string; enabled: boolean; changedAt: string };
};

export type OrganizationEvent =
  | OrganizationCreated
  | OrganizationUpdated
  | OrganizationMetadataUpdated
  | OrganizationArchived
  | OperatorNameChanged
  | OrganizationMailSettingsChanged
  | OrganizationLogoChanged
  | OrganizationSessionRetentionChanged
  | OrganizationVoiceRecordingChanged
  | OrganizationLeaderboardsChanged;
