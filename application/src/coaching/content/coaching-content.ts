import { COACHING_DEFAULTS, COACHING_TITLE_MAX, type Page } from '@ai-coaching/contracts';
import {
  COACHING_KIND_RULES,
  coachingItemDecider,
  coachingItemStreamId,
  coachingReferences,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  type CoachingFields,
  type CoachingItemCommand,
  type CoachingKind,
  type CoachingStatus,
  type ListParams,
  type Permission,
  programItemsOf,
} from '@ai-coaching/domain';
import {
  coachingItemsReferring,
  findAiModel,
  findAiSpeechVoice,
  findCoachingItem,
  findCoachingItemVersion,
  findUser,
  findUserGroup,
  listCoachingItems,
  listCoachingItemVersions,
  listGroupsOfUser,
  type CoachingAudience,
  type CoachingItemView,
} from '@ai-coaching/projections';
import type { AppServices, Origin } from '../../app-services.js';
import { streamCommandRunner, type WithoutTime } from '../../commands/stream-commands.js';
import { isSuperAdmin, signedInUser, type UserCaller } from '../../tenancy/scope.js';

// The use cases of the five kinds of coaching content, written once (docs/coaching-content.md). A kind brings
// only its own rules: its fields (contracts), its references (domain `coachingReferences`) and its defaults.

/** An item as the API answers it: the envelope, the kind's fields, and the shares of the kinds that have them. */
export type CoachingItemAnswer = Record<string, unknown> & { id: string; version: number };

const itemNotFound = () => new NotFoundError('coaching_item_not_found', 'This item does not exist.');

const may = (caller: UserCaller, kind: CoachingKind, action: 'update' | 'read') =>
  caller.permissions.includes(`${COACHING_KIND_RULES[kind].permission}-${action}` as Permission);

const isLive = (item: CoachingItemView) => item.publishedVersion !== null && item.status !== 'archived';

/** Whether the caller may change the item: super-admins anything, editors their organization's. */
const editable = (caller: UserCaller, item: CoachingItemView): boolean =>
  isSuperAdmin(caller) || (item.organizationId === caller.organizationId && may(caller, item.kind, 'update'));

const sharedWith = async (services: Pick<AppServices, 'db'>, caller: UserCaller, item: CoachingItemView) => {
  const { shares } = item;
  if (shares.organizationIds.includes(caller.organizationId) || shares.userIds.includes(caller.userId)) return true;
  if (shares.userGroupIds.length === 0) return false;
  const groups = await listGroupsOfUser(services.db, caller.userId);
  return groups.some((group) => shares.userGroupIds.includes(group.userGroupId));
};

/** Who sees an item: as `listCoachingItems` says for lists, for one item. Anything else answers 404. */
const visibleItem = async (
  services: Pick<AppServices, 'db'>,
  caller: UserCaller,
  kind: CoachingKind,
  itemId: string,
): Promise<CoachingItemView> => {
  const item = await findCoachingItem(services.db, itemId);
  if (!item || item.kind !== kind) throw itemNotFound();
  if (editable(caller, item)) return item;
  const ownOrganization = item.organizationId === caller.organizationId;
  if (isLive(item) && (ownOrganization || item.organizationId === null || (await sharedWith(services, caller, item)))) {
    return item;
  }
  throw itemNotFound();
};

/** For the features that use content (sessions start from a scenario): the same visibility rules, the same 404. */
export const visibleCoachingItem = visibleItem;

/**
 * For the features about sessions already played (re-running their reports): an item the caller's organization may
 * have played, whatever its status now (archived or a draft again): its own, the library's, or one shared with the
 * caller, their organization or a group of theirs. Anything else, another organization's item included (even for a
 * super-admin: the sessions are their own organization's), answers 404 naming `field`.
 */
export const playedCoachingItem = async (
  services: Pick<AppServices, 'db'>,
  caller: UserCaller,
  kind: CoachingKind,
  itemId: string,
  field: string,
): Promise<CoachingItemView> => {
  const item = await findCoachingItem(services.db, itemId);
  const known =
    item !== undefined &&
    item.kind === kind &&
    (item.organizationId === caller.organizationId ||
      item.organizationId === null ||
      (await sharedWith(services, caller, item)));
  if (!known) throw new NotFoundError('coaching_item_not_found', 'This item does not exist.', { field });
  return item;
};

const editableItem = async (
  services: Pick<AppServices, 'db'>,
  caller: UserCaller,
  kind: CoachingKind,
  itemId: string,
): Promise<CoachingItemView> => {
  const item = await visibleItem(services, caller, kind, itemId);
  // Library content is read, and forked, not edited: 404 as for what is not there to change.
  if (!editable(caller, item)) throw itemNotFound();
  return item;
};

/**
 * An item as this caller sees it: those who edit it see the working copy, everyone else the published version
 * (unpublished changes are nobody else's business).
 */
export const toCoachingAnswer = (caller: UserCaller, item: CoachingItemView): CoachingItemAnswer => {
  const mayEdit = editable(caller, item);
  return answerOf(item, shownTo(item, mayEdit), mayEdit);
};

const shownTo = (item: CoachingItemView, mayEdit: boolean) =>
  mayEdit || item.publishedFields === null
    ? { fields: item.fields, version: item.version }
    : { fields: item.publishedFields, version: item.publishedVersion ?? item.version };

/** The fields of an item as this caller sees it (`toCoachingAnswer`). */
export const fieldsSeenBy = (caller: UserCaller, item: CoachingItemView): CoachingFields =>
  shownTo(item, editable(caller, item)).fields;

/**
 * The fields as the contracts describe them today: a field added since the item was saved (a scenario's
 * `voice_settings`) reads as its default, so older content answers in the current shape without being rewritten.
 */
const withDefaults = (kind: CoachingKind, fields: CoachingFields): CoachingFields => ({
  ...COACHING_DEFAULTS[kind],
  ...fields,
});

const answerOf = (
  item: CoachingItemView,
  shown: { fields: CoachingFields; version: number },
  mayEdit: boolean,
): CoachingItemAnswer => ({
  id: item.itemId,
  organization_id: item.organizationId,
  status: item.status,
  version: shown.version,
  published_version: item.publishedVersion,
  origin: item.origin && {
    type: item.origin.type,
    id: item.origin.itemId,
    version: item.origin.version,
    title: item.origin.title,
  },
  editable: mayEdit,
  created_by: item.createdBy,
  created_at: item.createdAt,
  updated_at: item.updatedAt,
  ...withDefaults(item.kind, shown.fields),
  ...(COACHING_KIND_RULES[item.kind].shareable
    ? {
        shares: {
          user_group_ids: item.shares.userGroupIds,
          user_ids: item.shares.userIds,
          organization_ids: item.shares.organizationIds,
        },
      }
    : {}),
});

const referenceNotFound = (field: string) =>
  new NotFoundError('coaching_reference_not_found', 'Nothing with this id can be used here.', { field });

/** The fields that hold each kind of reference, for a 404 that names its field. */
const REFERENCE_FIELDS: Record<string, string> = {
  persona: 'persona_id',
  mission: 'mission_id',
  observer: 'observer_ids',
  scenario: 'scenario_ids',
  ai_model: 'model_id',
  ai_voice: 'voice_id',
};

const RECOGNITION_MODEL_FIELD = 'voice_settings.recognition_model_id';

/** Every reference of the content exists and the caller may use it (coaching items: not archived). */
const checkReferences = async (
  services: Pick<AppServices, 'db'>,
  caller: UserCaller,
  kind: CoachingKind,
  fields: CoachingFields,
) => {
  for (const reference of coachingReferences(kind, fields)) {
    const field = reference.field ?? REFERENCE_FIELDS[reference.kind] ?? reference.kind;
    if (reference.kind === 'ai_model' || reference.kind === 'ai_voice') {
      const found =
        reference.kind === 'ai_model'
          ? await findAiModel(services.db, reference.id)
          : await findAiSpeechVoice(services.db, reference.id);
      // A scenario's recognition model must transcribe; its other models are checked when a session plays them.
      const fit =
        reference.field !== RECOGNITION_MODEL_FIELD ||
        (found !== undefined && 'capabilities' in found && found.capabilities.includes('transcription'));
      const usable =
        found &&
        fit &&
        (found.organizationId === null || found.organizationId === caller.organizationId || isSuperAdmin(caller));
      if (!usable) throw referenceNotFound(field);
      continue;
    }
    const item = await visibleItem(services, caller, reference.kind, reference.id).catch(() => undefined);
    if (!item || item.status === 'archived') throw referenceNotFound(field);
  }
};

/** A command of the item's stream, without its time: `run` asks it now. */
type ItemCommand = WithoutTime<CoachingItemCommand>;

const run = streamCommandRunner(coachingItemStreamId, coachingItemDecider);

/** Runs a command on the item and answers the item as the caller then sees it. */
const change = async (
  services: AppServices,
  origin: Origin,
  caller: UserCaller,
  itemId: string,
  command: ItemCommand,
): Promise<CoachingItemAnswer> => {
  await run(services, origin, itemId, command);
  return reread(services, caller, itemId);
};

const reread = async (services: AppServices, caller: UserCaller, itemId: string) => {
  const item = await findCoachingItem(services.db, itemId);
  if (!item) throw itemNotFound();
  return toCoachingAnswer(caller, item);
};

export type CoachingListQuery = ListParams & {
  status?: CoachingStatus;
  source?: 'own' | 'library' | 'shared';
  organization_id?: string;
};

export const listCoachingContent = async (
  services: AppServices,
  origin: Origin,
  kind: CoachingKind,
  query: CoachingListQuery,
): Promise<Page<CoachingItemAnswer>> => {
  const caller = signedInUser(origin.caller);
  let audience: CoachingAudience;
  if (isSuperAdmin(caller)) {
    const organizationId = query.organization_id === 'platform' ? null : query.organization_id;
    audience = { everything: true, ...(organizationId === undefined ? {} : { organizationId }) };
  } else {
    const groups = await listGroupsOfUser(services.db, caller.userId);
    audience = {
      organizationId: caller.organizationId,
      userId: caller.userId,
      userGroupIds: groups.map((group) => group.userGroupId),
      seesDrafts: may(caller, kind, 'update'),
    };
  }
  const { organization_id: _organization, ...params } = query;
  const page = await listCoachingItems(services.db, { ...params, kind, audience });
  return { ...page, items: page.items.map((item) => toCoachingAnswer(caller, item)) };
};

export const readCoachingContent = async (
  services: AppServices,
  origin: Origin,
  kind: CoachingKind,
  itemId: string,
) => {
  const caller = signedInUser(origin.caller);
  return toCoachingAnswer(caller, await visibleItem(services, caller, kind, itemId));
};

/** The fields a copy or fork starts from: what the caller sees of the source (see `toCoachingAnswer`). */
const sourceFields = (caller: UserCaller, source: CoachingItemView) =>
  editable(caller, source) || source.publishedFields === null
    ? { fields: source.fields, version: source.version }
    : { fields: source.publishedFields, version: source.publishedVersion ?? source.version };

const titleField = (kind: CoachingKind) => COACHING_KIND_RULES[kind].titleField;

/**
 * What a copy's or a fork's title gets after its source's, in the caller's language, so a picker never lists two
 * items of the same name ("Margaret Hughes (fork)").
 */
const DERIVED_SUFFIX = {
  'en-GB': { copy: 'copy', fork: 'fork' },
  'fr-FR': { copy: 'copie', fork: 'duplicata' },
} as const;
const derivedTitle = (origin: Origin, type: 'copy' | 'fork', title: unknown) =>
  `${String(title)} (${DERIVED_SUFFIX[origin.locale === 'fr-FR' ? 'fr-FR' : 'en-GB'][type]})`.slice(
    0,
    COACHING_TITLE_MAX,
  );

/** A copy or a fork of `source`: the fields the caller sees of it, and where they came from. */
const derivedFrom = (type: 'copy' | 'fork', caller: UserCaller, source: CoachingItemView) => {
  const taken = sourceFields(caller, source);
  return {
    fields: taken.fields,
    from: {
      type,
      source: {
        itemId: source.itemId,
        kind: source.kind,
        organizationId: source.organizationId,
        version: taken.version,
        title: source.title,
      },
      callerMayEditSource: editable(caller, source),
    },
  };
};

type CreateData = Extract<CoachingItemCommand, { type: 'CreateCoachingItem' }>['data'];

const createItem = async (
  services: AppServices,
  origin: Origin,
  caller: UserCaller,
  data: Omit<CreateData, 'itemId' | 'userId'>,
): Promise<CoachingItemAnswer> => {
  const itemId = services.ids.newId();
  return change(services, origin, caller, itemId, {
    type: 'CreateCoachingItem',
    data: { itemId, ...data, userId: caller.userId },
  });
};

export const createCoachingContent = async (
  services: AppServices,
  origin: Origin,
  kind: CoachingKind,
  body: Record<string, unknown> & { copy_from?: string },
): Promise<CoachingItemAnswer> => {
  const caller = signedInUser(origin.caller);
  const { copy_from: copyFrom, ...given } = body;
  let fields: CoachingFields = { ...COACHING_DEFAULTS[kind], ...given };
  let from: CreateData['from'];
  if (copyFrom !== undefined) {
    const copy = derivedFrom('copy', caller, await visibleItem(services, caller, kind, copyFrom));
    const title = titleField(kind);
    fields = { ...copy.fields, [title]: derivedTitle(origin, 'copy', copy.fields[title]), ...given };
    from = copy.from;
  }
  await checkReferences(services, caller, kind, fields);
  return createItem(services, origin, caller, {
    kind,
    // Super-admins write the platform library; everyone else their organization's content.
    organizationId: isSuperAdmin(caller) ? null : caller.organizationId,
    fields,
    ...(from ? { from } : {}),
  });
};

export const forkCoachingContent = async (
  services: AppServices,
  origin: Origin,
  kind: CoachingKind,
  sourceId: string,
): Promise<CoachingItemAnswer> => {
  const caller = signedInUser(origin.caller);
  const fork = derivedFrom('fork', caller, await visibleItem(services, caller, kind, sourceId));
  const title = titleField(kind);
  return createItem(services, origin, caller, {
    kind,
    organizationId: caller.organizationId,
    ...fork,
    fields: { ...fork.fields, [title]: derivedTitle(origin, 'fork', fork.fields[title]) },
  });
};

export const updateCoachingContent = async (
  services: AppServices,
  origin: Origin,
  kind: CoachingKind,
  itemId: string,
  patch: Record<string, unknown>,
): Promise<CoachingItemAnswer> => {
  const caller = signedInUser(origin.caller);
  const item = await editableItem(services, caller, kind, itemId);
  const fields = { ...item.fields, ...patch };
  await checkReferences(services, caller, kind, fields);
  return change(services, origin, caller, itemId, {
    type: 'EditCoachingItem',
    data: { itemId, fields, userId: caller.userId },
  });
};

/**
 * A scenario, playlist or program is published only once what it plays is: a learner could not start it otherwise;
 * and a program only with something to play.
 */
const checkPublishable = async (services: AppServices, item: CoachingItemView) => {
  if (item.kind === 'program' && programItemsOf(item.fields).length === 0) {
    throw new ConflictError('coaching_program_empty', 'Add a scenario or a playlist before publishing this program.', {
      field: 'items',
    });
  }
  for (const reference of coachingReferences(item.kind, item.fields)) {
    if (reference.kind === 'ai_model' || reference.kind === 'ai_voice') continue;
    const used = await findCoachingItem(services.db, reference.id);
    if (!used || used.publishedVersion === null || used.status === 'archived') {
      throw new ConflictError(
        'coaching_reference_unpublished',
        `Publish “${used?.title ?? reference.id}” first: this ${item.kind} uses it.`,
        { field: reference.field ?? REFERENCE_FIELDS[reference.kind] ?? reference.kind, id: reference.id },
      );
    }
  }
};

type LifecycleAction = 'publish' | 'archive' | 'restore';

export const changeCoachingContentLifecycle = async (
  services: AppServices,
  origin: Origin,
  kind: CoachingKind,
  itemId: string,
  action: LifecycleAction,
): Promise<CoachingItemAnswer> => {
  const caller = signedInUser(origin.caller);
  const item = await editableItem(services, caller, kind, itemId);
  if (action === 'publish') {
    await checkPublishable(services, item);
    return change(services, origin, caller, itemId, {
      type: 'PublishCoachingItem',
      data: { itemId, userId: caller.userId },
    });
  }
  return change(services, origin, caller, itemId, {
    type: action === 'archive' ? 'ArchiveCoachingItem' : 'RestoreCoachingItem',
    data: { itemId },
  });
};

/** A scenario and the content it plays, published together: what `publishScenarioWithItsContent` answers. */
export type PublishedScenarioContent = {
  scenario_id: string;
  items: { kind: Exclude<CoachingKind, 'playlist' | 'program'>; id: string; version: number; published_now: boolean }[];
};

/**
 * Publishes a scenario with the persona, mission and observers it plays (a session generator's draft,
 * docs/coaching-session-generators.md), all or nothing: every item is checked first (the caller may edit it, with its
 * kind's `-update` permission, and it is not archived; what the caller may not edit must be published already), and
 * only then published, what it uses before the scenario, so a refusal publishes nothing and a scenario is never
 * published before what it plays. Publishing an item without unpublished changes records nothing, so a retry (or a
 * try cut short and run again) answers the same and finishes what was left.
 */
export const publishScenarioWithItsContent = async (
  services: AppServices,
  origin: Origin,
  scenarioId: string,
): Promise<PublishedScenarioContent> => {
  const caller = signedInUser(origin.caller);
  const scenario = await editableItem(services, caller, 'scenario', scenarioId);
  const toPublish: CoachingItemView[] = [];
  for (const reference of coachingReferences('scenario', scenario.fields)) {
    if (reference.kind === 'ai_model' || reference.kind === 'ai_voice') continue;
    const field = REFERENCE_FIELDS[reference.kind] ?? reference.kind;
    const used = await findCoachingItem(services.db, reference.id);
    if (!used || used.kind !== reference.kind) throw referenceNotFound(field);
    const ownOrganization = used.organizationId === caller.organizationId;
    if (editable(caller, used)) {
      if (used.status === 'archived') {
        throw new ConflictError('coaching_item_archived', `“${used.title}” is archived: restore it first.`, {
          field,
          id: used.itemId,
        });
      }
      if (!toPublish.some((item) => item.itemId === used.itemId)) toPublish.push(used);
    } else if (ownOrganization && !isLive(used)) {
      // Their organization's draft, but the caller may not publish its kind: as the separate publish would answer.
      throw new ForbiddenError('forbidden', `You may not publish “${used.title}”.`, { field, id: used.itemId });
    } else if (!isLive(used)) {
      throw new ConflictError(
        'coaching_reference_unpublished',
        `Publish “${used.title}” first: this scenario uses it.`,
        {
          field,
          id: used.itemId,
        },
      );
    }
  }
  if (scenario.status === 'archived') {
    throw new ConflictError('coaching_item_archived', 'This item is archived: restore it before changing it.');
  }
  // Persona and mission first, then the observers, then the scenario that plays them.
  const order: Record<string, number> = { persona: 0, mission: 1, observer: 2 };
  toPublish.sort((a, b) => (order[a.kind] ?? 3) - (order[b.kind] ?? 3));
  const items: PublishedScenarioContent['items'] = [];
  for (const item of [...toPublish, scenario]) {
    const publishedNow = item.publishedVersion !== item.version;
    await run(services, origin, item.itemId, {
      type: 'PublishCoachingItem',
      data: { itemId: item.itemId, userId: caller.userId },
    });
    // A scenario plays personas, missions and observers only.
    const kind = item.kind as Exclude<CoachingKind, 'playlist' | 'program'>;
    items.push({ kind, id: item.itemId, version: item.version, published_now: publishedNow });
  }
  return { scenario_id: scenario.itemId, items };
};

export const deleteCoachingContent = async (
  services: AppServices,
  origin: Origin,
  kind: CoachingKind,
  itemId: string,
): Promise<void> => {
  const caller = signedInUser(origin.caller);
  await editableItem(services, caller, kind, itemId);
  const usedBy = await coachingItemsReferring(services.db, kind, itemId);
  await run(services, origin, itemId, { type: 'DeleteCoachingItem', data: { itemId, usedBy } });
};

export const setCoachingContentShares = async (
  services: AppServices,
  origin: Origin,
  kind: CoachingKind,
  itemId: string,
  body: { user_group_ids: string[]; user_ids: string[]; organization_ids?: string[] | undefined },
): Promise<CoachingItemAnswer> => {
  const caller = signedInUser(origin.caller);
  const item = await editableItem(services, caller, kind, itemId);
  // Groups and users of the item's own organization only (library items are shared with organizations).
  for (const userGroupId of body.user_group_ids) {
    const group = await findUserGroup(services.db, userGroupId);
    if (!group || group.organizationId !== item.organizationId) {
      throw new NotFoundError('user_group_not_found', 'This user group does not exist.', { field: 'user_group_ids' });
    }
  }
  for (const userId of body.user_ids) {
    const user = await findUser(services.db, userId);
    if (!user || user.organizationId !== item.organizationId) {
      throw new NotFoundError('user_not_found', 'This user does not exist.', { field: 'user_ids' });
    }
  }
  return change(services, origin, caller, itemId, {
    type: 'SetCoachingItemShares',
    data: {
      itemId,
      shares: {
        userGroupIds: body.user_group_ids,
        userIds: body.user_ids,
        organizationIds: body.organization_ids ?? item.shares.organizationIds,
      },
      mayShareWithOrganizations: isSuperAdmin(caller),
    },
  });
};

export const listCoachingContentVersions = async (
  services: AppServices,
  origin: Origin,
  kind: CoachingKind,
  itemId: string,
) => {
  const caller = signedInUser(origin.caller);
  await visibleItem(services, caller, kind, itemId);
  const versions = await listCoachingItemVersions(services.db, itemId);
  return {
    items: versions.map((version) => ({
      version: version.version,
      published_at: version.publishedAt,
      published_by: version.publishedBy,
    })),
  };
};

export const readCoachingContentVersion = async (
  services: AppServices,
  origin: Origin,
  kind: CoachingKind,
  itemId: string,
  version: number,
) => {
  const caller = signedInUser(origin.caller);
  await visibleItem(services, caller, kind, itemId);
  const found = await findCoachingItemVersion(services.db, itemId, version);
  if (!found) throw new NotFoundError('coaching_version_not_found', 'This version was never published.');
  return { id: itemId, version, published_at: found.publishedAt, ...withDefaults(kind, found.fields) };
};
