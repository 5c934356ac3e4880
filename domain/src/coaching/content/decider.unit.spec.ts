import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { DeciderSpecification, isCode } from '../../testing/decider-specification.js';
import type { CoachingItemCommand, CreateCoachingItem } from './commands.js';
import { coachingItemDecider, coachingStatusOf } from './decider.js';
import type { CoachingItemEvent } from './events.js';

const given = DeciderSpecification.for(coachingItemDecider);
const t0 = '2026-11-24T10:00:00.000Z';
const t1 = '2026-11-24T11:00:00.000Z';
const meta = { metadata: { now: t1 } };

const persona = { name: 'Alex Martin', language: 'en-GB', personality: 'Sceptical buyer' };
const create: CreateCoachingItem = {
  type: 'CreateCoachingItem',
  data: { itemId: 'p1', kind: 'persona', organizationId: 'org-1', fields: persona, userId: 'ada' },
  metadata: { now: t0 },
};
const created: CoachingItemEvent = {
  type: 'CoachingItemCreated',
  data: {
    itemId: 'p1',
    kind: 'persona',
    organizationId: 'org-1',
    fields: persona,
    origin: null,
    createdBy: 'ada',
    createdAt: t0,
  },
};
const edit = (fields: Record<string, unknown>): CoachingItemCommand => ({
  type: 'EditCoachingItem',
  data: { itemId: 'p1', fields, userId: 'ada' },
  ...meta,
});
const edited = (fields: Record<string, unknown>, version: number): CoachingItemEvent => ({
  type: 'CoachingItemEdited',
  data: { itemId: 'p1', fields, version, editedBy: 'ada', editedAt: t1 },
});
const publish: CoachingItemCommand = { type: 'PublishCoachingItem', data: { itemId: 'p1', userId: 'ada' }, ...meta };
const published = (version: number, fields: Record<string, unknown> = persona): CoachingItemEvent => ({
  type: 'CoachingItemPublished',
  data: { itemId: 'p1', version, fields, publishedBy: 'ada', publishedAt: t1 },
});
const archive: CoachingItemCommand = { type: 'ArchiveCoachingItem', data: { itemId: 'p1' }, ...meta };
const archived: CoachingItemEvent = { type: 'CoachingItemArchived', data: { itemId: 'p1', archivedAt: t1 } };
const restore: CoachingItemCommand = { type: 'RestoreCoachingItem', data: { itemId: 'p1' }, ...meta };
const calmer = { ...persona, personality: 'Calm buyer' };

describe('Coaching items', () => {
  describe('versions', () => {
    it('should create a draft whose working copy is version 1, never published', () => {
      given([]).when(create).then([created]);
      const state = coachingItemDecider.evolve(coachingItemDecider.initialState(), created);
      expect(state).toMatchObject({ version: 1, publishedVersion: null });
      expect(coachingStatusOf({ archived: false, publishedVersion: null })).toBe('draft');
    });

    it('should edit a draft in place: it stays version 1', () => {
      given([created])
        .when(edit(calmer))
        .then([edited(calmer, 1)]);
    });

    it('should publish the working copy as its version', () => {
      given([created, edited(calmer, 1)])
        .when(publish)
        .then([published(1, calmer)]);
    });

    it('should start version 2 when a published item is edited, keeping version 1 as it was', () => {
      given([created, published(1)])
        .when(edit(calmer))
        .then([edited(calmer, 2)]);
      given([created, published(1), edited(calmer, 2)])
        .when(publish)
        .then([published(2, calmer)]);
    });

    it('should record nothing for an edit that changes nothing, whatever the order of its keys', () => {
      given([created])
        .when(edit({ personality: persona.personality, language: 'en-GB', name: 'Alex Martin' }))
        .thenNothing();
    });

    it('should record nothing when the working copy is already published', () => {
      given([created, published(1)])
        .when(publish)
        .thenNothing();
    });

    it('should refuse a second creation and anything on an item that does not exist', () => {
      given([created]).when(create).thenThrows(ConflictError, isCode('coaching_item_exists'));
      given([]).when(edit(calmer)).thenThrows(NotFoundError, isCode('coaching_item_not_found'));
    });
  });

  describe('copy and fork', () => {
    const source = { itemId: 'lib-1', kind: 'persona' as const, organizationId: null, version: 3, title: 'Alex' };
    const from = (type: 'copy' | 'fork', callerMayEditSource: boolean): CreateCoachingItem => ({
      ...create,
      data: { ...create.data, from: { type, source, callerMayEditSource } },
    });

    it('should record where a fork comes from: the source and the version it was taken from', () => {
      given([])
        .when(from('fork', false))
        .then([
          {
            ...created,
            data: { ...created.data, origin: { type: 'fork', itemId: 'lib-1', version: 3, title: 'Alex' } },
          },
        ] as CoachingItemEvent[]);
    });

    it('should copy an item the caller may edit, and refuse to fork it', () => {
      given([])
        .when(from('copy', true))
        .then([
          {
            ...created,
            data: { ...created.data, origin: { type: 'copy', itemId: 'lib-1', version: 3, title: 'Alex' } },
          },
        ] as CoachingItemEvent[]);
      given([]).when(from('fork', true)).thenThrows(ConflictError, isCode('coaching_fork_own_item'));
    });

    it('should refuse to copy or fork scenarios and playlists, or a source of another kind', () => {
      const scenario: CreateCoachingItem = {
        ...from('fork', false),
        data: {
          ...from('fork', false).data,
          kind: 'scenario',
          from: { type: 'fork', source: { ...source, kind: 'scenario' }, callerMayEditSource: false },
        },
      };
      given([]).when(scenario).thenThrows(ValidationError, isCode('coaching_copy_not_allowed'));
      const mismatch: CreateCoachingItem = {
        ...create,
        data: {
          ...create.data,
          from: { type: 'copy', source: { ...source, kind: 'mission' }, callerMayEditSource: true },
        },
      };
      given([]).when(mismatch).thenThrows(ValidationError, isCode('coaching_copy_not_allowed'));
    });
  });

  describe('archive', () => {
    it('should archive, and then refuse edits and publishing until restored', () => {
      given([created, published(1)])
        .when(archive)
        .then([archived]);
      given([created, archived]).when(edit(calmer)).thenThrows(ConflictError, isCode('coaching_item_archived'));
      given([created, archived]).when(publish).thenThrows(ConflictError, isCode('coaching_item_archived'));
      given([created, archived])
        .when(restore)
        .then([{ type: 'CoachingItemRestored', data: { itemId: 'p1', restoredAt: t1 } }]);
      expect(coachingStatusOf({ archived: true, publishedVersion: 1 })).toBe('archived');
    });

    it('should archive and restore once: again changes nothing', () => {
      given([created, archived]).when(archive).thenNothing();
      given([created]).when(restore).thenNothing();
    });
  });

  describe('delete', () => {
    const remove = (usedBy: { kind: 'scenario'; id: string; title: string }[]): CoachingItemCommand => ({
      type: 'DeleteCoachingItem',
      data: { itemId: 'p1', usedBy },
      ...meta,
    });

    it('should refuse to delete an item in use, naming what uses it', () => {
      given([created])
        .when(remove([{ kind: 'scenario', id: 's1', title: 'Cold call' }]))
        .thenThrows(
          ConflictError,
          (error) =>
            error.code === 'coaching_item_in_use' &&
            JSON.stringify(error.details) ===
              JSON.stringify({ used_by: [{ kind: 'scenario', id: 's1', title: 'Cold call' }] }),
        );
    });

    it('should delete an unused item once', () => {
      given([created])
        .when(remove([]))
        .then([{ type: 'CoachingItemDeleted', data: { itemId: 'p1', deletedAt: t1 } }]);
      given([created, { type: 'CoachingItemDeleted', data: { itemId: 'p1', deletedAt: t1 } }])
        .when(remove([]))
        .thenNothing();
    });
  });

  describe('share', () => {
    const scenarioCreated: CoachingItemEvent = {
      type: 'CoachingItemCreated',
      data: { ...(created.data as object), kind: 'scenario', fields: { name: 'Cold call' } } as never,
    };
    const share = (
      shares: { userGroupIds?: string[]; userIds?: string[]; organizationIds?: string[] },
      mayShareWithOrganizations = false,
    ): CoachingItemCommand => ({
      type: 'SetCoachingItemShares',
      data: {
        itemId: 'p1',
        shares: { userGroupIds: [], userIds: [], organizationIds: [], ...shares },
        mayShareWithOrganizations,
      },
      ...meta,
    });

    it('should share a scenario with groups and users, each once and in order', () => {
      given([scenarioCreated])
        .when(share({ userGroupIds: ['g2', 'g1', 'g2'], userIds: ['u1'] }))
        .then([
          {
            type: 'CoachingItemSharesSet',
            data: {
              itemId: 'p1',
              shares: { userGroupIds: ['g1', 'g2'], userIds: ['u1'], organizationIds: [] },
              sharedAt: t1,
            },
          },
        ]);
    });

    it('should let only super-admins share with other organizations, and not count the own organization', () => {
      given([scenarioCreated])
        .when(share({ organizationIds: ['org-2'] }))
        .thenThrows(ForbiddenError, isCode('coaching_share_organizations_forbidden'));
      given([scenarioCreated])
        .when(share({ organizationIds: ['org-2', 'org-1'] }, true))
        .then([
          {
            type: 'CoachingItemSharesSet',
            data: { itemId: 'p1', shares: { userGroupIds: [], userIds: [], organizationIds: ['org-2'] }, sharedAt: t1 },
          },
        ]);
      given([scenarioCreated])
        .when(share({ organizationIds: ['org-1'] }))
        .thenNothing();
    });

    it('should let an editor keep the organizations a super-admin shared with while changing the groups', () => {
      const sharedWithOrg: CoachingItemEvent = {
        type: 'CoachingItemSharesSet',
        data: { itemId: 'p1', shares: { userGroupIds: [], userIds: [], organizationIds: ['org-2'] }, sharedAt: t1 },
      };
      given([scenarioCreated, sharedWithOrg])
        .when(share({ userGroupIds: ['g1'], organizationIds: ['org-2'] }))
        .then([
          {
            type: 'CoachingItemSharesSet',
            data: {
              itemId: 'p1',
              shares: { userGroupIds: ['g1'], userIds: [], organizationIds: ['org-2'] },
              sharedAt: t1,
            },
          },
        ]);
    });

    it('should refuse to share personas, missions and observers', () => {
      given([created])
        .when(share({ userIds: ['u1'] }))
        .thenThrows(ValidationError, isCode('coaching_share_not_allowed'));
    });
  });
});
