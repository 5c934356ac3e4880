import { COACHING_KIND_RULES, type CoachingKind } from '@ai-coaching/domain';
import type { DEFAULT_IMAGES } from '../../../components/ui/avatar';

export type { CoachingKind } from '@ai-coaching/domain';
export type ForkableKind = 'persona' | 'mission' | 'observer';
export type ShareableKind = 'scenario' | 'playlist';

export const isForkable = (kind: CoachingKind): kind is ForkableKind => COACHING_KIND_RULES[kind].forkable;
export const isShareable = (kind: CoachingKind): kind is ShareableKind => COACHING_KIND_RULES[kind].shareable;

type ImageCategory = 'avatars' | 'missions' | 'playlists' | 'default';

/** What the screens need of each kind besides the API: its picture and the field that holds it. */
export const KIND_VIEW: Record<
  CoachingKind,
  { imageField: string; category: ImageCategory; fallback: keyof typeof DEFAULT_IMAGES; round: boolean }
> = {
  persona: { imageField: 'avatar_image_id', category: 'avatars', fallback: 'avatar', round: true },
  mission: { imageField: 'image_id', category: 'missions', fallback: 'mission', round: false },
  observer: { imageField: 'avatar_image_id', category: 'avatars', fallback: 'avatar', round: true },
  scenario: { imageField: 'image_id', category: 'missions', fallback: 'mission', round: false },
  playlist: { imageField: 'image_id', category: 'playlists', fallback: 'mission', round: false },
  program: { imageField: 'image_id', category: 'playlists', fallback: 'mission', round: false },
};

export const COACHING_BASE = '/apps/ai-coaching';
export const listPath = (kind: CoachingKind) => `${COACHING_BASE}/${kind}/list`;
export const createPath = (kind: CoachingKind, copyId?: string) =>
  `${COACHING_BASE}/${kind}/create${copyId ? `/${copyId}` : ''}`;
export const editPath = (kind: CoachingKind, id: string) => `${COACHING_BASE}/${kind}/edit/${id}`;
export const forkPath = (kind: CoachingKind, id: string) => `${COACHING_BASE}/${kind}/fork/${id}`;
/** Where a learner plays a playlist's scenarios in order (docs/coaching-sessions.md, "Playlists in play"). */
export const playlistPlayPath = (id: string) => `${COACHING_BASE}/playlist/play-${id}`;

/** The item's name, whichever field holds it. */
export const titleOf = (item: Record<string, unknown>, kind: CoachingKind): string =>
  String(item[COACHING_KIND_RULES[kind].titleField] ?? '');

export const imageIdOf = (item: Record<string, unknown>, kind: CoachingKind): string | null => {
  const value = item[KIND_VIEW[kind].imageField];
  return typeof value === 'string' ? value : null;
};
