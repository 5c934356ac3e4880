import type { Command } from '../../shared/command.js';
import type { CoachingFields, CoachingShares } from './events.js';
import type { CoachingKind } from './kinds.js';

/** The item a copy or a fork is made from, as the caller may read it (its latest published version, else its draft). */
export type CoachingSource = {
  itemId: string;
  kind: CoachingKind;
  organizationId: string | null;
  version: number;
  title: string;
};

export type CreateCoachingItem = Command<
  'CreateCoachingItem',
  {
    itemId: string;
    kind: CoachingKind;
    organizationId: string | null;
    fields: CoachingFields;
    /** A copy (`copy_from`) or a fork (`POST …/{id}/fork`) of this source. */
    from?: { type: 'copy' | 'fork'; source: CoachingSource; callerMayEditSource: boolean };
    userId: string | null;
  }
>;

export type EditCoachingItem = Command<
  'EditCoachingItem',
  { itemId: string; fields: CoachingFields; userId: string | null }
>;

export type PublishCoachingItem = Command<'PublishCoachingItem', { itemId: string; userId: string | null }>;

export type ArchiveCoachingItem = Command<'ArchiveCoachingItem', { itemId: string }>;

export type RestoreCoachingItem = Command<'RestoreCoachingItem', { itemId: string }>;

export type SetCoachingItemShares = Command<
  'SetCoachingItemShares',
  {
    itemId: string;
    shares: CoachingShares;
    /** Only super-admins share with other organizations. */
    mayShareWithOrganizations: boolean;
  }
>;

/** What still uses an item (scenarios using a persona, playlists using a scenario, sessions): read by the caller. */
export type CoachingItemUser = { kind: CoachingKind | 'session'; id: string; title: string };

export type DeleteCoachingItem = Command<'DeleteCoachingItem', { itemId: string; usedBy: CoachingItemUser[] }>;

export type CoachingItemCommand =
  | CreateCoachingItem
  | EditCoachingItem
  | PublishCoachingItem
  | ArchiveCoachingItem
  | RestoreCoachingItem
  | SetCoachingItemShares
  | DeleteCoachingItem;
