import {
  IMAGE_UPLOAD_MAX_PIXELS,
  IMAGE_UPLOAD_SIZES,
  type ImageUpload,
  type ImageUploadFields,
} from '@ai-coaching/contracts';
import { NotFoundError, QuotaExceededError, ValidationError } from '@ai-coaching/domain';
import {
  findImageUpload,
  imageBytesOfOrganization,
  ImageRefusedError,
  insertImageUpload,
  newImageId,
  processImage,
  type AuthRateLimiter,
  type ImageRefusal,
} from '@ai-coaching/platform';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { signedInUser, type UserCaller } from '../tenancy/scope.js';

// Image uploads (docs/image-uploads.md): any signed-in user may upload; the image is checked and
// re-encoded by the platform's pipeline, stored in the blob store, recorded in `image_uploads`, and
// served publicly by its random id.

/** Where an image is served, relative to the API's origin. */
export const imageUrl = (id: string): string => `/api/image/uploads/${id}`;

/** The refusal of the pipeline as the API answers it: a stable code and a message in the catalogue. */
const refusal = (reason: ImageRefusal, details: Readonly<Record<string, number>>): ValidationError => {
  switch (reason) {
    case 'empty':
      return new ValidationError('image_empty', 'The file is empty: choose an image.', { field: 'file' });
    case 'not_image':
      return new ValidationError(
        'image_not_an_image',
        'This file is not an image we accept: upload a JPEG, PNG, GIF or WebP picture.',
        { field: 'file' },
      );
    case 'svg':
      return new ValidationError(
        'image_not_an_image',
        'SVG images are not accepted: upload a JPEG, PNG, GIF or WebP picture.',
        { field: 'file' },
      );
    case 'polyglot':
      return new ValidationError(
        'image_polyglot',
        'This file holds more than a picture (data after the image, or markup or script inside it): export the picture again and upload that.',
        { field: 'file' },
      );
    case 'corrupt':
      return new ValidationError(
        'image_corrupt',
        'This image cannot be read; it may be damaged. Export it again and upload that.',
        { field: 'file' },
      );
    case 'too_many_pixels':
      return new ValidationError(
        'image_too_many_pixels',
        `This image is too large: at most ${details.max_megapixels} megapixels. Make it smaller and try again.`,
        { field: 'file', max_megapixels: details.max_megapixels },
      );
    case 'crop_outside':
      return new ValidationError(
        'image_crop_outside',
        `The crop rectangle goes outside the image (${details.width} × ${details.height} pixels): adjust it.`,
        { width: details.width, height: details.height },
      );
  }
};

export type ImageUploadInput = {
  fields: ImageUploadFields;
  /** The file's bytes (already bounded by the HTTP layer's size limit); its name and declared type are ignored. */
  file: Uint8Array | undefined;
};

export type ImageUploadServices = Pick<AppServices, 'config' | 'db' | 'blobs' | 'clock' | 'logger'> & {
  rateLimiter: AuthRateLimiter;
};

const MB = 1024 * 1024;

/**
 * Whether the caller may upload one more image: the uploads of the caller and of their organization in the last
 * minutes (every upload counted, refused ones too: each costs a decode), then the organization's storage quota.
 * The platform organization of the super-admins has the same quota as any other.
 */
const admitUpload = async (services: ImageUploadServices, caller: UserCaller): Promise<void> => {
  await services.rateLimiter.consume('image-upload', {
    account: caller.userId,
    organization: caller.organizationId,
  });
  const quotaMb = services.config.IMAGE_STORAGE_QUOTA_MB;
  // Checked before the image is made, so its own size is not known yet: the upload that crosses the quota is
  // still stored (at most one image's worth, a few hundred kilobytes), and the next one is refused.
  if ((await imageBytesOfOrganization(services.db, caller.organizationId)) >= quotaMb * MB) {
    throw new QuotaExceededError(
      'image_quota_exceeded',
      `Your organization’s images already take all of its ${quotaMb} MB of storage. Remove pictures you no longer use (an image nothing uses is deleted a day or two later) or ask a platform administrator for more space.`,
      { quota_mb: quotaMb },
    );
  }
};

/**
 * Checks, re-encodes and stores an image. The rate limits and the storage quota are checked before the form is
 * read (`readForm`), so a refused upload costs neither reading nor decoding. Nothing is stored unless every check
 * passed; the row is written after the bytes, and the bytes are removed again if the row cannot be, so no row
 * ever points at nothing.
 */
export const uploadImage = async (
  services: ImageUploadServices,
  origin: Origin,
  readForm: () => Promise<ImageUploadInput>,
): Promise<ImageUpload> => {
  const caller = signedInUser(origin.caller);
  await admitUpload(services, caller);
  const { fields, file } = await readForm();
  if (!file) throw new ValidationError('image_missing', 'Add the image in the form field "file".', { field: 'file' });
  const crop =
    fields.crop_x !== undefined &&
    fields.crop_y !== undefined &&
    fields.crop_width !== undefined &&
    fields.crop_height !== undefined
      ? { left: fields.crop_x, top: fields.crop_y, width: fields.crop_width, height: fields.crop_height }
      : undefined;

  let image;
  try {
    image = await processImage(file, {
      target: IMAGE_UPLOAD_SIZES[fields.category],
      crop,
      maxPixels: IMAGE_UPLOAD_MAX_PIXELS,
    });
  } catch (error) {
    if (error instanceof ImageRefusedError) throw refusal(error.reason, error.details);
    throw error;
  }

  const id = newImageId();
  const key = `images/${fields.category}/${id}.webp`;
  await services.blobs.put(key, image.bytes, { contentType: image.contentType });
  try {
    await insertImageUpload(services.db, {
      id,
      organizationId: caller.organizationId,
      uploadedBy: caller.userId,
      category: fields.category,
      key,
      contentType: image.contentType,
      bytes: image.bytes.byteLength,
      width: image.width,
      height: image.height,
      createdAt: nowIso(services),
    });
  } catch (error) {
    await services.blobs.delete(key).catch(() => {});
    throw error;
  }
  (origin.log ?? services.logger).info(
    { imageId: id, category: fields.category, bytes: image.bytes.byteLength, sourceFormat: image.sourceFormat },
    'image uploaded',
  );
  return {
    id,
    url: imageUrl(id),
    category: fields.category,
    width: image.width,
    height: image.height,
    content_type: image.contentType,
    bytes: image.bytes.byteLength,
  };
};

/** An image's bytes, for anyone who has its id (public: an <img> cannot send a bearer token). */
export const readImage = async (
  services: Pick<AppServices, 'db' | 'blobs'>,
  id: string,
): Promise<{ bytes: Uint8Array; contentType: string }> => {
  const row = await findImageUpload(services.db, id);
  const blob = row && (await services.blobs.get(row.key));
  if (!row || !blob) throw new NotFoundError('image_not_found', 'This image does not exist.');
  // The recorded type, never one read back from storage that someone else could have changed.
  return { bytes: blob.bytes, contentType: row.contentType };
};
