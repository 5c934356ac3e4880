import type { CoachingFields, CoachingItemEvent } from '@ai-coaching/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { at, listParams, runningReadModel } from '../../testing/read-model-spec.js';
import {
  coachingContentProjection,
  coachingItemsReferring,
  findCoachingItem,
  findCoachingItemVersion,
  listCoachingItems,
  listCoachingItemVersions,
  type CoachingAudience,
  type CoachingMemberAudience,
} from './index.js';

const created = (
  itemId: string,
  kind: 'persona' | 'scenario',
  organizationId: string | null,
  fields: CoachingFields,
  day: number,
): CoachingItemEvent => ({
  type: 'CoachingItemCreated',
  data: { itemId, kind, organizationId, fields, origin: null, createdBy: 'ada', createdAt: at(day) },
});
const published = (itemId: string, version: number, fields: CoachingFields, day: number): CoachingItemEvent => ({
  type: 'CoachingItemPublished',
  data: { itemId, version, fields, publishedBy: 'ada', publishedAt: at(day) },
});
const edited = (itemId: string, version: number, fields: CoachingFields, day: number): CoachingItemEvent => ({
  type: 'CoachingItemEdited',
  data: { itemId, fields, version, editedBy: 'ada', editedAt: at(day) },
});

const alex = { name: 'Alex', language: 'en-GB' };
const alexCalmer = { name: 'Alex (calm)', language: 'en-GB' };
const coldCall = { name: 'Cold call', persona_id: 'p1', mission_id: null, observer_ids: ['o1'], model_id: 'm1' };

const learner = (organizationId: string, userGroupIds: string[] = []): CoachingMemberAudience => ({
  organizationId,
  userId: 'u1',
  userGroupIds,
  seesDrafts: false,
});

describe('coaching-content read model', () => {
  const { db, append, rebuild } = runningReadModel<CoachingItemEvent>(coachingContentProjection);
  const tables = async () => ({
    items: (await db.query('SELECT * FROM rm_coaching_items ORDER BY item_id')).rows,
    versions: (await db.query('SELECT * FROM rm_coaching_item_versions ORDER BY item_id, version')).rows,
    references: (
      await db.query('SELECT * FROM rm_coaching_item_references ORDER BY item_id, version, ref_kind, ref_id')
    ).rows,
  });

  beforeAll(async () => {
    await append('coaching-item-p1', created('p1', 'persona', 'org-1', alex, 1), published('p1', 1, alex, 2));
    await append('coaching-item-p1', edited('p1', 2, alexCalmer, 3));
    await append('coaching-item-d1', created('d1', 'persona', 'org-1', { name: 'Draft Dana', language: 'fr-FR' }, 4));
    await append(
      'coaching-item-lib',
      created('lib', 'persona', null, { name: 'Library Lee' }, 5),
      published('lib', 1, { name: 'Library Lee' }, 5),
    );
    await append('coaching-item-s1', created('s1', 'scenario', 'org-1', coldCall, 6), published('s1', 1, coldCall, 6));
    await append(
      'coaching-item-s2',
      created('s2', 'scenario', 'org-2', { ...coldCall, name: 'Shared call', persona_id: 'p9' }, 7),
      published('s2', 1, { ...coldCall, name: 'Shared call', persona_id: 'p9' }, 7),
      {
        type: 'CoachingItemSharesSet',
        data: { itemId: 's2', shares: { userGroupIds: ['g1'], userIds: [], organizationIds: [] }, sharedAt: at(8) },
      },
    );
  });

  it('holds the working copy and each published version as it was published', async () => {
    expect(await findCoachingItem(db, 'p1')).toMatchObject({
      kind: 'persona',
      title: 'Alex (calm)',
      fields: alexCalmer,
      version: 2,
      publishedVersion: 1,
      status: 'published',
    });
    expect((await findCoachingItemVersion(db, 'p1', 1))?.fields).toEqual(alex);
    expect(await findCoachingItemVersion(db, 'p1', 2)).toBeUndefined();
    expect((await listCoachingItemVersions(db, 'p1')).map((version) => version.version)).toEqual([1]);
  });

  it('lists what each audience may see: drafts only to those who edit, the library, and what is shared', async () => {
    const names = async (audience: CoachingAudience, kind: 'persona' | 'scenario' = 'persona') =>
      (await listCoachingItems(db, { ...listParams({ sort: 'name' }), kind, audience })).items.map(
        (item) => item.itemId,
      );
    expect(await names(learner('org-1'))).toEqual(['p1', 'lib']);
    expect(await names({ ...learner('org-1'), seesDrafts: true })).toEqual(['p1', 'd1', 'lib']);
    expect(await names(learner('org-2'))).toEqual(['lib']);
    expect(await names(learner('org-1'), 'scenario')).toEqual(['s1']);
    expect(await names(learner('org-1', ['g1']), 'scenario')).toEqual(['s1', 's2']);
    expect(await names({ everything: true, organizationId: null })).toEqual(['lib']);
    const drafts = await listCoachingItems(db, {
      ...listParams(),
      kind: 'persona',
      audience: { ...learner('org-1'), seesDrafts: true },
      status: 'draft',
    });
    expect(drafts.items.map((item) => item.itemId)).toEqual(['d1']);
    const searched = await listCoachingItems(db, {
      ...listParams({ q: 'calm' }),
      kind: 'persona',
      audience: learner('org-1'),
    });
    expect(searched.items.map((item) => item.itemId)).toEqual(['p1']);
  });

  it('names what refers to an item, whichever version does', async () => {
    expect(await coachingItemsReferring(db, 'persona', 'p1')).toEqual([
      { kind: 'scenario', id: 's1', title: 'Cold call' },
    ]);
    expect(await coachingItemsReferring(db, 'ai_model', 'm1')).toEqual([
      { kind: 'scenario', id: 's1', title: 'Cold call' },
      { kind: 'scenario', id: 's2', title: 'Shared call' },
    ]);
    expect(await coachingItemsReferring(db, 'persona', 'lib')).toEqual([]);
  });

  it('forgets a deleted item, its versions and its references', async () => {
    await append('coaching-item-s1', { type: 'CoachingItemDeleted', data: { itemId: 's1', deletedAt: at(9) } });
    expect(await findCoachingItem(db, 's1')).toBeUndefined();
    expect(await coachingItemsReferring(db, 'persona', 'p1')).toEqual([]);
    expect(await findCoachingItemVersion(db, 's1', 1)).toBeUndefined();
  });

  it('rebuilds to the very same rows as it built event by event', async () => {
    const incremental = await tables();
    await rebuild();
    expect(await tables()).toEqual(incremental);
  });
});
