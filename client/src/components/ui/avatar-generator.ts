import { createAvatar } from '@dicebear/core';
import * as initials from '@dicebear/initials';
import * as thumbs from '@dicebear/thumbs';
import type { AvatarStyle } from './avatar';

/** The spec's avatar generators (§9), kept out of the start-up bundle: see `loadAvatarGenerator` in avatar.tsx. */
export const generatedAvatarUri = (seed: string, style: AvatarStyle): string =>
  createAvatar(style === 'initials' ? initials : thumbs, {
    seed: seed || 'User',
    size: 64,
    ...(style === 'initials' ? { backgroundColor: ['be185d', '9d174d', '831843', 'a21caf'] } : {}),
  }).toDataUri();
