import type { CSSProperties } from 'react';
import { Avatar, EntityImage } from '../../../components/ui/avatar';
import { imageUrl } from '../../../lib/images';
import { KIND_VIEW, imageIdOf, titleOf, type CoachingKind } from '../utils/coaching-kinds';

/** A hue of its own for each item: the same item always, neighbours rarely alike. */
const hueOf = (seed: string) => {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return Math.abs(hash) % 360;
};

/**
 * The picture of an item without one: a soft field of its own hue with a generated face (the spec's "thumbs" avatar
 * style) seeded by its name, so cards side by side differ, and muted in the dark theme rather than glaring white.
 */
const GeneratedCover = ({ seed, name, className }: { seed: string; name: string; className: string }) => (
  <span
    aria-hidden="true"
    style={{ '--cover-hue': hueOf(seed) } as CSSProperties}
    className={`flex aspect-[3/2] items-center justify-center bg-[hsl(var(--cover-hue)_60%_90%)] dark:bg-[hsl(var(--cover-hue)_25%_20%)] ${className}`}
  >
    <Avatar name={name || seed} style="thumbs" size={72} />
  </span>
);

/** An item's picture, or its kind's default: a round avatar for people, a generated cover for the others. */
export const CoachingImage = ({
  kind,
  item,
  className = '',
}: {
  kind: CoachingKind;
  item: Record<string, unknown>;
  className?: string;
}) => {
  const view = KIND_VIEW[kind];
  const src = imageUrl(imageIdOf(item, kind));
  if (!src && !view.round) {
    return <GeneratedCover seed={String(item['id'] ?? '')} name={titleOf(item, kind)} className={className} />;
  }
  return (
    <EntityImage
      kind={view.fallback}
      src={src}
      className={view.round ? `aspect-square rounded-full ${className}` : `aspect-[3/2] ${className}`}
    />
  );
};
