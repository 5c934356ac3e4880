import type { CoachingKind } from './kinds.js';

/**
 * An item's content: the fields of its kind, as the contracts validated them (`name`, `language`, `rubric`, …).
 * The decider compares and versions them without knowing each kind's shape.
 */
export type CoachingFields = Readonly<Record<string, unknown>>;

/** Where a copy or a fork came from: the source and the version it was taken from. */
export type CoachingOrigin = { type: 'copy' | 'fork'; itemId: string; version: number; title: string };

export type CoachingShares = { userGroupIds: string[]; userIds: string[]; organizationIds: string[] };

export type CoachingItemCreated = {
  type: 'CoachingItemCreated';
  data: {
    itemId: string;
    kind: CoachingKind;
    /** null: platform library content (super-admins). */
    organizationId: string | null;
    fields: CoachingFields;
    origin: CoachingOrigin | null;
    createdBy: string | null;
    createdAt: string;
  };
};

/** The working copy changed; `version` is its number (one more than the published version once that exists). */
export type CoachingItemEdited = {
  type: 'CoachingItemEdited';
  data: { itemId: string; fields: CoachingFields; version: number; editedBy: string | null; editedAt: string };
};

/** The working copy became version `version`, kept as it is for the sessions played with it. */
export type CoachingItemPublished = {
  type: 'CoachingItemPublished';
  data: { itemId: string; version: number; fields: CoachingFields; publishedBy: string | null; publishedAt: string };
};

export type CoachingItemArchived = { type: 'CoachingItemArchived'; data: { itemId: string; archivedAt: string } };

export type CoachingItemRestored = { type: 'CoachingItemRestored'; data: { itemId: string; restoredAt: string } };

export type CoachingItemSharesSet = {
  type: 'CoachingItemSharesSet';
  data: { itemId: string; shares: CoachingShares; sharedAt: string };
};

export type CoachingItemDeleted = { type: 'CoachingItemDeleted'; data: { itemId: string; deletedAt: string } };

export type CoachingItemEvent =
  | CoachingItemCreated
  | CoachingItemEdited
  | CoachingItemPublished
  | CoachingItemArchived
  | CoachingItemRestored
  | CoachingItemSharesSet
  | CoachingItemDeleted;
