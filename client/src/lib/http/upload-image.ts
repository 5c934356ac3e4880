import { IMAGE_UPLOADS_PATH, type CropFields, type ImageUpload, type ImageUploadCategory } from '../images';
import { api } from './api';
import type { UploadOptions } from './http-client';

/**
 * Stores an image (`POST /api/image/uploads`): the server crops it to `crop` (source pixels) when given, resizes
 * it to its category's size and answers where it is served. Refusals come back as an ApiError whose message is in
 * the interface language.
 */
export const uploadImage = (
  file: Blob,
  category: ImageUploadCategory,
  crop: CropFields | null,
  options: UploadOptions = {},
): Promise<ImageUpload> => {
  const form = new FormData();
  form.set('category', category);
  if (crop) for (const [name, value] of Object.entries(crop)) form.set(name, String(value));
  form.set('file', file);
  return api.upload<ImageUpload>(IMAGE_UPLOADS_PATH, form, options);
};
