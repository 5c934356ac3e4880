import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_IMAGE_URLS } from '../../lib/images';
import { generatedAvatarUri as initialsAvatarUri } from './avatar-generator';

/** The spec's avatar generator styles (§9). Generated locally: no request leaves the browser. */
export type AvatarStyle = 'initials' | 'thumbs';

/** Spec §3: default images exist for avatar, mission and user group. */
export const DEFAULT_IMAGES = DEFAULT_IMAGE_URLS;

type AvatarGenerator = (seed: string) => string;
// Initials are drawn at once (a few lines of SVG, on every signed-in page); thumbs come from dicebear, which weighs
// more than the rest of the app shell and loads with the first avatar of that style (docs/performance.md).
const generators: Partial<Record<AvatarStyle, AvatarGenerator>> = { initials: initialsAvatarUri };
let loadingThumbs: Promise<AvatarGenerator | undefined> | undefined;

const loadAvatarGenerator = (style: AvatarStyle): Promise<AvatarGenerator | undefined> => {
  if (style === 'initials') return Promise.resolve(initialsAvatarUri);
  return (loadingThumbs ??= import('./avatar-generator-thumbs').then(
    (module) => (generators.thumbs = module.generatedAvatarUri),
    () => {
      // Offline or a stale deployment: the default image stays, and the next avatar tries again.
      loadingThumbs = undefined;
      return undefined;
    },
  ));
};

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
  // undefined while the generator loads, null when it could not be loaded.
  const [loaded, setLoaded] = useState<{ style: AvatarStyle; generate: AvatarGenerator | null } | undefined>();
  // The style's generator when this avatar (or an earlier one) loaded it; null when it could not be loaded.
  const generate = generators[style] ?? (loaded?.style === style ? loaded.generate : undefined);
  useEffect(() => {
    if (generate !== undefined) return;
    let mounted = true;
    void loadAvatarGenerator(style).then((result) => {
      if (mounted) setLoaded({ style, generate: result ?? null });
    });
    return () => {
      mounted = false;
    };
  }, [generate, style]);
  const generated = useMemo(() => (generate ? generate(name) : undefined), [generate, name]);
  const candidates = [src, generated, generate === undefined ? undefined : DEFAULT_IMAGES.avatar].filter(
    (value): value is string => Boolean(value),
  );
  const [failed, setFailed] = useState(0);
  const className = 'shrink-0 rounded-full bg-gray-200 object-cover dark:bg-gray-700';
  // Until the generator arrives (a few milliseconds once cached), a placeholder of the same size and colour, so
  // nothing moves and the default image is not fetched only to be replaced.
  if (candidates.length === 0) {
    return (
      <span
        {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
        style={{ width: size, height: size }}
        className={`inline-block ${className}`}
      />
    );
  }
  return (
    <img
      src={candidates[Math.min(failed, candidates.length - 1)]}
      alt={decorative ? '' : name}
      width={size}
      height={size}
      onError={() => setFailed((count) => count + 1)}
      className={className}
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
