import { EntityImage } from '../../../components/ui/avatar';
import { imageUrl } from '../../../lib/images';
import { KIND_VIEW, imageIdOf, type CoachingKind } from '../utils/coaching-kinds';

/** An item's picture, or its kind's default image: a round avatar for people, a landscape picture otherwise. */
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
  return (
    <EntityImage
      kind={view.fallback}
      src={imageUrl(imageIdOf(item, kind))}
      className={view.round ? `aspect-square rounded-full ${className}` : `aspect-[3/2] ${className}`}
    />
  );
};
