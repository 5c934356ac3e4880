import { createAvatar } from '@dicebear/core';
import * as initials from '@dicebear/initials';
import * as thumbs from '@dicebear/thumbs';
import { useMemo, useState } from 'react';

/** The spec's avatar generator styles (§9). Generated locally: no request leaves the browser. */
export type AvatarStyle = 'initials' | 'thumbs';

/** Spec §3: default images exist for avatar, mission and user group. */
export const DEFAULT_IMAGES = {
  avatar: '/images/default-avatar.svg',
  mission: '/images/default-mission.svg',
  usergroup: '/images/default-usergroup.svg',
} as const;

export const generatedAvatarUri = (seed: string, style: AvatarStyle): string =>
  createAvatar(style === 'initials' ? initials : thumbs, {
    seed: seed || 'User',
    size: 64,
    ...(style === 'initials' ? { backgroundColor: ['be185d', '9d174d', '831843', 'a21caf'] } : {}),
  }).toDataUri();

export type AvatarProps = {
  /** An uploaded image; when missing or broken the generated avatar shows, then the default image. */
  src?: string | null;
  /** Usually the display name; decorative when a visible name sits next to the avatar. */
  name: string;
  style?: AvatarStyle;
  size?: number;
  decorative?: boolean;
};

export const Avatar = ({ src, name, style = 'initials', size = 40, decorative = true }: AvatarProps) => {
  const generated = useMemo(() => generatedAvatarUri(name, style), [name, style]);
  const candidates = [src, generated, DEFAULT_IMAGES.avatar].filter((value): value is string => Boolean(value));
  const [failed, setFailed] = useState(0);
  return (
    <img
      src={candidates[Math.min(failed, candidates.length - 1)]}
      alt={decorative ? '' : name}
      width={size}
      height={size}
      onError={() => setFailed((count) => count + 1)}
      className="shrink-0 rounded-full bg-gray-200 object-cover dark:bg-gray-700"
    />
  );
};

/** An entity image (mission, user group) that falls back to the default image of its kind. */
export const EntityImage = ({
  src,
  kind,
  alt = '',
  className = '',
}: {
  src?: string | null;
  kind: keyof typeof DEFAULT_IMAGES;
  alt?: string;
  className?: string;
}) => {
  const [broken, setBroken] = useState(false);
  return (
    <img
      src={!src || broken ? DEFAULT_IMAGES[kind] : src}
      alt={alt}
      onError={() => setBroken(true)}
      className={`object-cover ${className}`}
    />
  );
};
