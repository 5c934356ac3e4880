/**
 * The kinds of coaching content and what each allows beyond create, read, update, delete and list (spec §6):
 * personas, missions and observers are copied and forked; scenarios and playlists are shared; programs are assigned
 * (docs/programs.md). One decider, one read model and one set of use cases serve them all (docs/coaching-content.md).
 */
export const COACHING_KINDS = ['persona', 'mission', 'observer', 'scenario', 'playlist', 'program'] as const;
export type CoachingKind = (typeof COACHING_KINDS)[number];

export type CoachingKindRules = {
  /** The permission prefix: `coaching-persona` gives `coaching-persona-create`, … */
  permission: `coaching-${CoachingKind}`;
  /** The field that names an item (missions have a title). */
  titleField: 'name' | 'title';
  /** Copied (`copy_from`) and forked (`POST …/{id}/fork`). */
  forkable: boolean;
  /** Shared with groups, users or (by super-admins) other organizations. */
  shareable: boolean;
};

export const COACHING_KIND_RULES: Record<CoachingKind, CoachingKindRules> = {
  persona: { permission: 'coaching-persona', titleField: 'name', forkable: true, shareable: false },
  mission: { permission: 'coaching-mission', titleField: 'title', forkable: true, shareable: false },
  observer: { permission: 'coaching-observer', titleField: 'name', forkable: true, shareable: false },
  scenario: { permission: 'coaching-scenario', titleField: 'name', forkable: false, shareable: true },
  playlist: { permission: 'coaching-playlist', titleField: 'name', forkable: false, shareable: true },
  program: { permission: 'coaching-program', titleField: 'name', forkable: false, shareable: false },
};

export const COACHING_STATUSES = ['draft', 'published', 'archived'] as const;
export type CoachingStatus = (typeof COACHING_STATUSES)[number];

export const coachingItemStreamId = (itemId: string): string => `coaching-item-${itemId}`;
