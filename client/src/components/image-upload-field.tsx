import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadNamespaces } from '../lib/i18n/i18n';
import {
  IMAGE_UPLOAD_ACCEPT,
  IMAGE_UPLOAD_MAX_BYTES,
  imageAspect,
  imageUrl,
  type CropFields,
  type DefaultImage,
  type ImageUploadCategory,
} from '../lib/images';
import { uploadImage } from '../lib/http/upload-image';
import { useErrorMessage } from '../lib/http/use-error-message';
import type { SchemaForm } from '../hooks/use-schema-form';
import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

export type ImageUploadFieldProps = {
  label: string;
  category: ImageUploadCategory;
  /** The uploaded image's id, or null for none. */
  value: string | null;
  onChange: (id: string | null) => void;
  /** The default image shown while there is none (spec §3: avatar, mission, user group). */
  fallback?: DefaultImage;
  /** A message of the surrounding form about this field (the API's, when saving refused the id). */
  error?: string | null;
  /** Given to the "Choose an image" button, the field's first control. */
  id?: string;
  hint?: string;
};

/** The fields of a form that hold an image id (or none). */
type ImageIdName<Input> = {
  [Name in keyof Input & string]: string | null extends Input[Name] ? Name : never;
}[keyof Input & string];

/** `ImageUploadField`'s value, change and error, bound to a schema form's image id field (none is null). */
export const imageFieldOf = <Input extends Record<string, unknown>>(
  form: SchemaForm<Input>,
  name: ImageIdName<Input>,
): Pick<ImageUploadFieldProps, 'value' | 'onChange' | 'error'> => ({
  value: (form.values[name] as string | null | undefined) ?? null,
  onChange: (id) => form.setValue(name, id as Input[typeof name]),
  error: form.errorOf(name),
});

// The crop library loads when a file is chosen (or the button is pressed), never with the page that shows the field.
const loadCropDialog = () => import('./image-crop-dialog');
const ImageCropDialog = lazy(() => loadCropDialog().then((module) => ({ default: module.ImageCropDialog })));

// Whichever page imports the field asks for its texts at once, beside its own catalogues, rather than when the field
// first renders.
void loadNamespaces(['images']).catch(() => undefined);

const MAX_MEGABYTES = IMAGE_UPLOAD_MAX_BYTES / (1024 * 1024);

type Chosen = { file: File; url: string; width: number; height: number };
type Phase =
  | { kind: 'idle' }
  | { kind: 'cropping'; chosen: Chosen }
  | { kind: 'uploading'; percent: number | null; controller: AbortController };

/** The size the browser decodes the file to, or null when it is not an image the browser can show. */
const decoded = (url: string) =>
  new Promise<{ width: number; height: number } | null>((resolve) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => resolve(null);
    image.src = url;
  });

const previewSize = (category: ImageUploadCategory) =>
  `${category === 'missions' ? 'h-24 w-36' : 'size-24'} ${category === 'avatars' ? 'rounded-full' : 'rounded-md'}`;

const Placeholder = ({ category, text }: { category: ImageUploadCategory; text?: string }) => (
  <span
    className={`flex shrink-0 items-center justify-center border border-dashed border-gray-400 bg-gray-50 p-2 text-center text-xs text-gray-700 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-300 ${previewSize(category)}`}
  >
    {text}
  </span>
);

/**
 * Choosing a file (checked for size, decoded to be cropped) and uploading it with its progress; what the field
 * announces to screen readers, and the upload's error in the user's language.
 */
const useImageUpload = (category: ImageUploadCategory, onChange: (id: string | null) => void) => {
  const { t } = useTranslation('images');
  const errorMessage = useErrorMessage();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [opening, setOpening] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // A file chosen and then left (the page changes) must not keep its memory or its upload.
  const chosenUrl = phase.kind === 'cropping' ? phase.chosen.url : null;
  useEffect(() => (chosenUrl ? () => URL.revokeObjectURL(chosenUrl) : undefined), [chosenUrl]);
  const controller = phase.kind === 'uploading' ? phase.controller : null;
  useEffect(() => (controller ? () => controller.abort() : undefined), [controller]);

  const upload = async (file: File, crop: CropFields | null) => {
    const controller = new AbortController();
    setPhase({ kind: 'uploading', percent: null, controller });
    setAnnouncement(t('uploading', { percent: 0 }));
    try {
      const stored = await uploadImage(file, category, crop, {
        signal: controller.signal,
        onProgress: (sent, total) =>
          setPhase((current) =>
            current.kind === 'uploading' && current.controller === controller
              ? { ...current, percent: Math.round((sent / total) * 100) }
              : current,
          ),
      });
      onChange(stored.id);
      setAnnouncement(t('uploaded'));
    } catch (failure) {
      if (controller.signal.aborted) return;
      setUploadError(errorMessage(failure));
      setAnnouncement('');
    } finally {
      setPhase((current) =>
        current.kind === 'uploading' && current.controller === controller ? { kind: 'idle' } : current,
      );
    }
  };

  const choose = async (file: File) => {
    setUploadError(null);
    setAnnouncement('');
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) {
      setUploadError(t('tooLarge', { max: MAX_MEGABYTES }));
      return;
    }
    setOpening(true);
    const url = URL.createObjectURL(file);
    const size = await decoded(url);
    setOpening(false);
    if (!size) {
      URL.revokeObjectURL(url);
      // Nothing to crop: the server decides, and says in the user's language what is wrong with the file.
      await upload(file, null);
      return;
    }
    setPhase({ kind: 'cropping', chosen: { file, url, ...size } });
  };

  return { phase, setPhase, opening, uploadError, setUploadError, announcement, setAnnouncement, upload, choose };
};

type UploadProgressProps = { label: string; percent: number | null; onCancel: () => void };

const UploadProgress = ({ label, percent, onCancel }: UploadProgressProps) => {
  const { t } = useTranslation('images');
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
      <Spinner size={16} />
      <span>{(percent ?? 0) >= 100 ? t('processing') : t('uploading', { percent: percent ?? 0 })}</span>
      <progress
        max={100}
        value={percent ?? undefined}
        aria-label={label}
        className="h-2 w-32 accent-primary-700 dark:accent-primary-300"
      />
      <Button variant="ghost" className="px-2" onClick={onCancel}>
        {t('cancelUpload')}
      </Button>
    </div>
  );
};

const Field = ({ label, category, value, onChange, fallback, error, id, hint }: ImageUploadFieldProps) => {
  const { t } = useTranslation('images');
  const ownId = useId();
  const buttonId = id ?? `${ownId}-choose`;
  const labelId = `${ownId}-label`;
  const hintId = `${ownId}-hint`;
  const errorId = `${ownId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  // The Button component takes no ref; its id finds it.
  const focusChoose = () => document.getElementById(buttonId)?.focus();
  const { phase, setPhase, opening, uploadError, setUploadError, announcement, setAnnouncement, upload, choose } =
    useImageUpload(category, onChange);
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);

  // Back to the button once the dialog is gone: while it is open, the rest of the page cannot take the focus.
  const refocus = useRef(false);
  useEffect(() => {
    if (phase.kind === 'cropping' || !refocus.current) return;
    refocus.current = false;
    focusChoose();
  });
  const closeCrop = () => {
    refocus.current = true;
    setPhase({ kind: 'idle' });
  };

  const src = imageUrl(value, fallback);
  const shown = src && src === brokenSrc ? imageUrl(null, fallback) : src;
  const busy = phase.kind === 'uploading' || opening;
  const message = uploadError ?? error ?? null;
  const describedBy = message ? `${hintId} ${errorId}` : hintId;

  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-col gap-2" data-testid="image-upload-field">
      <span id={labelId} className="text-sm font-medium text-gray-900 dark:text-gray-100">
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-4">
        {shown ? (
          <img
            src={shown}
            alt={t('preview', { label })}
            onError={() => setBrokenSrc(src ?? null)}
            className={`shrink-0 bg-gray-200 object-cover dark:bg-gray-700 ${previewSize(category)}`}
          />
        ) : (
          <Placeholder category={category} text={t('none')} />
        )}
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            <Button
              id={buttonId}
              variant="secondary"
              icon={opening ? <Spinner size={16} /> : undefined}
              // Not `disabled`: it keeps the focus it has when the crop dialog closes and the upload starts.
              aria-disabled={busy || undefined}
              aria-describedby={describedBy}
              aria-invalid={message ? true : undefined}
              onClick={() => {
                if (busy) return;
                void loadCropDialog().catch(() => undefined);
                inputRef.current?.click();
              }}
            >
              {t('choose')}
            </Button>
            {value !== null ? (
              <Button
                variant="ghost"
                disabled={busy}
                onClick={() => {
                  setUploadError(null);
                  onChange(null);
                  setAnnouncement(t('removed'));
                  // The button goes away with the image.
                  focusChoose();
                }}
              >
                {t('remove')}
                <span className="sr-only"> {label}</span>
              </Button>
            ) : null}
          </div>
          {phase.kind === 'uploading' ? (
            <UploadProgress label={label} percent={phase.percent} onCancel={() => phase.controller.abort()} />
          ) : null}
          <input
            ref={inputRef}
            type="file"
            accept={IMAGE_UPLOAD_ACCEPT}
            hidden
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Cleared so that choosing the same file again still counts as a choice.
              event.target.value = '';
              if (file) void choose(file);
            }}
          />
        </div>
      </div>
      <div id={hintId} className="text-xs text-gray-700 dark:text-gray-300">
        {hint ?? t('formats', { max: MAX_MEGABYTES })}
      </div>
      {message ? (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {message}
        </p>
      ) : null}
      <span role="status" className="sr-only">
        {announcement}
      </span>
      {phase.kind === 'cropping' ? (
        <Suspense fallback={null}>
          <ImageCropDialog
            image={phase.chosen}
            aspect={imageAspect(category)}
            round={category === 'avatars'}
            onCancel={closeCrop}
            onConfirm={(crop) => {
              const { file } = phase.chosen;
              closeCrop();
              void upload(file, crop);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
};

/**
 * An image of an entity (avatar, logo, picture): shows it (or the default image of its kind), lets the user choose
 * a file, crop it to the category's shape and upload it with its progress, and answers the stored image's id; or
 * removes it. Errors of the upload are the server's, in the user's language, next to the field.
 */
export const ImageUploadField = (props: ImageUploadFieldProps) => (
  // Its texts are a catalogue of their own: until they arrive (a page that did not list it), the field keeps its place.
  <Suspense fallback={<Placeholder category={props.category} />}>
    <Field {...props} />
  </Suspense>
);
