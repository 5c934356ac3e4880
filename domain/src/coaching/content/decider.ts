import { decideByType, type Decider } from '../../shared/decider.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../shared/errors.js';
import type {
  CoachingItemCommand,
  CreateCoachingItem,
  DeleteCoachingItem,
  EditCoachingItem,
  PublishCoachingItem,
  SetCoachingItemShares,
} from './commands.js';
import type { CoachingFields, CoachingItemEvent, CoachingShares } from './events.js';
import { COACHING_KIND_RULES, type CoachingKind, type CoachingStatus } from './kinds.js';

export type ExistingCoachingItem = {
  status: 'active' | 'deleted';
  itemId: string;
  kind: CoachingKind;
  organizationId: string | null;
  /** The working copy. */
  fields: CoachingFields;
  /** The working copy's number: the published version, or one more while it holds unpublished changes. */
  version: number;
  publishedVersion: number | null;
  archived: boolean;
  shares: CoachingShares;
};

export type CoachingItemState = { status: 'none' } | ExistingCoachingItem;

export const NO_SHARES: CoachingShares = { userGroupIds: [], userIds: [], organizationIds: [] };

/** What lists and answers call the item's status: archived wins, then whether a version was ever published. */
export const coachingStatusOf = (item: { archived: boolean; publishedVersion: number | null }): CoachingStatus =>
  item.archived ? 'archived' : item.publishedVersion === null ? 'draft' : 'published';

/** The same content whatever the order of its keys (the JSON a client sends may list them differently). */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
};
const sameFields = (a: CoachingFields, b: CoachingFields) =>
  JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

const existing = (state: CoachingItemState): ExistingCoachingItem => {
  if (state.status !== 'active') throw new NotFoundError('coaching_item_not_found', 'This item does not exist.');
  return state;
};

const notArchived = (item: ExistingCoachingItem) => {
  if (item.archived) {
    throw new ConflictError('coaching_item_archived', 'This item is archived: restore it before changing it.');
  }
  return item;
};

const create = ({ data, metadata }: CreateCoachingItem, state: CoachingItemState): CoachingItemEvent[] => {
  if (state.status !== 'none') throw new ConflictError('coaching_item_exists', 'This item already exists.');
  let origin = null;
  if (data.from) {
    const { type, source, callerMayEditSource } = data.from;
    if (!COACHING_KIND_RULES[data.kind].forkable || source.kind !== data.kind) {
      throw new ValidationError('coaching_copy_not_allowed', `A ${data.kind} cannot be copied or forked.`);
    }
    // A fork is the organization's own editable derivative of what it may only read; its own items are copied.
    if (type === 'fork' && callerMayEditSource) {
      throw new ConflictError('coaching_fork_own_item', 'You can edit this item: copy it instead of forking it.');
    }
    origin = { type, itemId: source.itemId, version: source.version, title: source.title };
  }
  return [
    {
      type: 'CoachingItemCreated',
      data: {
        itemId: data.itemId,
        kind: data.kind,
        organizationId: data.organizationId,
        fields: data.fields,
        origin,
        createdBy: data.userId,
        createdAt: metadata.now,
      },
    },
  ];
};

const edit = ({ data, metadata }: EditCoachingItem, state: CoachingItemState): CoachingItemEvent[] => {
  const item = notArchived(existing(state));
  if (sameFields(item.fields, data.fields)) return [];
  // Editing what was published starts the next version; the published one stays as sessions played it.
  const version = item.publishedVersion === item.version ? item.version + 1 : item.version;
  return [
    {
      type: 'CoachingItemEdited',
      data: { itemId: item.itemId, fields: data.fields, version, editedBy: data.userId, editedAt: metadata.now },
    },
  ];
};

const publish = ({ data, metadata }: PublishCoachingItem, state: CoachingItemState): CoachingItemEvent[] => {
  const item = notArchived(existing(state));
  if (item.publishedVersion === item.version) return [];
  return [
    {
      type: 'CoachingItemPublished',
      data: {
        itemId: item.itemId,
        version: item.version,
        fields: item.fields,
        publishedBy: data.userId,
        publishedAt: metadata.now,
      },
    },
  ];
};

const unique = (ids: readonly string[]) => [...new Set(ids)].sort();

const share = ({ data, metadata }: SetCoachingItemShares, state: CoachingItemState): CoachingItemEvent[] => {
  const item = existing(state);
  if (!COACHING_KIND_RULES[item.kind].shareable) {
    throw new ValidationError('coaching_share_not_allowed', `A ${item.kind} is not shared.`);
  }
  const shares: CoachingShares = {
    userGroupIds: unique(data.shares.userGroupIds),
    userIds: unique(data.shares.userIds),
    // Its own organization sees it anyway.
    organizationIds: unique(data.shares.organizationIds).filter((id) => id !== item.organizationId),
  };
  const widened = shares.organizationIds.filter((id) => !item.shares.organizationIds.includes(id));
  if (widened.length > 0 && !data.mayShareWithOrganizations) {
    throw new ForbiddenError(
      'coaching_share_organizations_forbidden',
      'Only super-admins share with other organizations.',
      { field: 'organization_ids' },
    );
  }
  if (JSON.stringify(shares) === JSON.stringify(item.shares)) return [];
  return [{ type: 'CoachingItemSharesSet', data: { itemId: item.itemId, shares, sharedAt: metadata.now } }];
};

const remove = ({ data, metadata }: DeleteCoachingItem, state: CoachingItemState): CoachingItemEvent[] => {
  if (state.status === 'deleted') return [];
  const item = existing(state);
  if (data.usedBy.length > 0) {
    throw new ConflictError(
      'coaching_item_in_use',
      `Still used by ${data.usedBy.map((user) => user.title).join(', ')}: archive it instead, or remove it from them first.`,
      { used_by: data.usedBy },
    );
  }
  return [{ type: 'CoachingItemDeleted', data: { itemId: item.itemId, deletedAt: metadata.now } }];
};

export const coachingItemDecider: Decider<CoachingItemCommand, CoachingItemEvent, CoachingItemState> = {
  decide: decideByType({
    CreateCoachingItem: create,
    EditCoachingItem: edit,
    PublishCoachingItem: publish,
    ArchiveCoachingItem: (command, state) => {
      const item = existing(state);
      return item.archived
        ? []
        : [{ type: 'CoachingItemArchived', data: { itemId: item.itemId, archivedAt: command.metadata.now } }];
    },
    RestoreCoachingItem: (command, state) => {
      const item = existing(state);
      return item.archived
        ? [{ type: 'CoachingItemRestored', data: { itemId: item.itemId, restoredAt: command.metadata.now } }]
        : [];
    },
    SetCoachingItemShares: share,
    DeleteCoachingItem: remove,
  }),
  evolve(state, event) {
    if (event.type === 'CoachingItemCreated') {
      const { itemId, kind, organizationId, fields } = event.data;
      return {
        status: 'active',
        itemId,
        kind,
        organizationId,
        fields,
        version: 1,
        publishedVersion: null,
        archived: false,
        shares: NO_SHARES,
      };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'CoachingItemEdited':
        return { ...state, fields: event.data.fields, version: event.data.version };
      case 'CoachingItemPublished':
        return { ...state, publishedVersion: event.data.version };
      case 'CoachingItemArchived':
        return { ...state, archived: true };
      case 'CoachingItemRestored':
        return { ...state, archived: false };
      case 'CoachingItemSharesSet':
        return { ...state, shares: event.data.shares };
      case 'CoachingItemDeleted':
        return { ...state, status: 'deleted' };
      default:
        return state;
    }
  },
  initialState: () => ({ status: 'none' }),
};
