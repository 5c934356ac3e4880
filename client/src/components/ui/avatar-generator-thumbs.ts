import { createAvatar } from '@dicebear/core';
import * as thumbs from '@dicebear/thumbs';

/** The thumbs generator (spec §9), loaded by the first avatar of this style (avatar.tsx). */
export const generatedAvatarUri = (seed: string): string =>
  createAvatar(thumbs, { seed: seed || 'User', size: 64 }).toDataUri();
