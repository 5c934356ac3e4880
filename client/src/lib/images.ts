import type { ImageUpload, ImageUploadCategory, imageUploadOperations } from '@ai-coaching/contracts';

// Uploaded images (docs/image-uploads.md): where they are served, the default image of each kind, and
// what the upload field needs to know of a category. Values are written here rather than imported from
// the contracts, whose module would bring zod to every page that shows an image; images.unit.spec.ts
// checks them against the contracts.

export type { ImageUpload, ImageUploadCategory };

/** Spec §3: default images exist for avatar, mission and user group. */
export type DefaultImage = 'avatar' | 'mission' | 'usergroup';

export const DEFAULT_IMAGE_URLS: Readonly<Record<DefaultImage, string>> = {
  avatar: '/images/defaults/avatar.svg',
  mission: '/images/defaults/mission.svg',
  usergroup: '/images/defaults/usergroup.svg',
};

type UploadOperation = (typeof imageUploadOperations)['upload'];

/** `POST` multipart: `category`, `file`, optionally the crop rectangle. */
export const IMAGE_UPLOADS_PATH = '/api/image/uploads' satisfies UploadOperation['path'];

/** The server refuses larger files (413 `image_too_large`); the field says so before sending them. */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** What the file picker offers: the formats the server accepts (it checks the bytes, whatever the name says). */
export const IMAGE_UPLOAD_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * The image's address: the uploaded one, else the default image of its kind, else nothing (the caller
 * shows its own placeholder, or a generated avatar).
 */
export const imageUrl = (id: string | null | undefined, fallback?: DefaultImage): string | undefined => {
  if (id) return `${IMAGE_UPLOADS_PATH}/${encodeURIComponent(id)}`;
  return fallback ? DEFAULT_IMAGE_URLS[fallback] : undefined;
};

/** Width ÷ height of the images of a category: missions are 1536×1024, every other category square. */
export const imageAspect = (category: ImageUploadCategory): number => (category === 'missions' ? 3 / 2 : 1);

export type CropArea = { x: number; y: number; width: number; height: number };
export type CropFields = { crop_x: number; crop_y: number; crop_width: number; crop_height: number };

/**
 * The crop rectangle as the server takes it: whole source pixels, inside the image. The cropper answers
 * fractions, and at the right or bottom edge a rounding up would make the server refuse the whole upload
 * (`image_crop_outside`).
 */
export const toCropFields = (area: CropArea, image: { width: number; height: number }): CropFields => {
  const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);
  const x = clamp(Math.round(area.x), 0, image.width - 1);
  const y = clamp(Math.round(area.y), 0, image.height - 1);
  return {
    crop_x: x,
    crop_y: y,
    crop_width: clamp(Math.round(area.width), 1, image.width - x),
    crop_height: clamp(Math.round(area.height), 1, image.height - y),
  };
};
