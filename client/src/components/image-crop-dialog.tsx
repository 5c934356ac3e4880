import { useEffect, useId, useRef, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { toCropFields, type CropFields } from '../lib/images';
import { Button } from './ui/button';

export type ImageCropDialogProps = {
  /** An object URL of the chosen file, and its size as the browser shows it (EXIF orientation applied). */
  image: { url: string; width: number; height: number };
  /** Width ÷ height of the crop frame. */
  aspect: number;
  /** A round frame (avatars): only a guide, the stored image stays square. */
  round?: boolean;
  onConfirm: (crop: CropFields) => void;
  onCancel: () => void;
};

const MAX_ZOOM = 4;

/**
 * Chooses the part of an image to keep, in a native modal dialog (focus trap, Escape and the backdrop come from the
 * browser). Loaded on demand by `ImageUploadField`: the crop library is only downloaded once a file is chosen.
 */
export const ImageCropDialog = ({ image, aspect, round = false, onConfirm, onCancel }: ImageCropDialogProps) => {
  const { t } = useTranslation('images');
  const { t: tc } = useTranslation('common');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const instructionsId = useId();
  const zoomId = useId();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={instructionsId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[calc(100%-1rem)] max-w-xl rounded-lg bg-white p-4 text-gray-900 shadow-xl backdrop:bg-gray-950/60 sm:p-6 dark:bg-gray-900 dark:text-gray-100"
      data-testid="image-crop-dialog"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {t('crop.title')}
      </h2>
      <p id={instructionsId} className="mt-1 text-sm text-gray-700 dark:text-gray-300">
        {t('crop.instructions')}
      </p>
      <div className="relative mt-4 h-64 overflow-hidden rounded-md bg-gray-900 sm:h-80">
        <Cropper
          image={image.url}
          crop={crop}
          zoom={zoom}
          maxZoom={MAX_ZOOM}
          aspect={aspect}
          cropShape={round ? 'round' : 'rect'}
          showGrid={false}
          keyboardStep={10}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
          mediaProps={{ alt: '' }}
          // Merged with the library's own class; `cropperProps.className` would replace it.
          classes={{
            cropAreaClassName: 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
          }}
          cropperProps={{ role: 'group', 'aria-label': t('crop.area'), 'aria-describedby': instructionsId }}
        />
      </div>
      <div className="mt-4 flex items-center gap-3">
        <label htmlFor={zoomId} className="text-sm font-medium">
          {t('crop.zoom')}
        </label>
        <input
          id={zoomId}
          type="range"
          min={1}
          max={MAX_ZOOM}
          step={0.05}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
          className="w-full accent-primary-700 dark:accent-primary-300"
        />
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {tc('actions.cancel')}
        </Button>
        <Button disabled={area === null} onClick={() => area && onConfirm(toCropFields(area, image))}>
          {t('crop.confirm')}
        </Button>
      </div>
    </dialog>
  );
};
