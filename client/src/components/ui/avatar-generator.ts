import { createAvatar } from '@dicebear/core';
import * as initials from '@dicebear/initials';

/**
 * The initials generator (spec §9), kept out of the start-up bundle: see `loadAvatarGenerator` in avatar.tsx. The
 * thumbs style is a module of its own (avatar-generator-thumbs.ts): it weighs twice the rest, and no page of the
 * first visits uses it.
 */
export const generatedAvatarUri = (seed: string): string =>
  createAvatar(initials, {
    seed: seed || 'User',
    size: 64,
    backgroundColor: ['be185d', '9d174d', '831843', 'a21caf'],
  }).toDataUri();
