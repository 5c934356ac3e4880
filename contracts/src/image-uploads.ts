import { z } from 'zod';
import { rule } from './i18n/messages.js';
import { idParams, text } from './http/fields.js';
import { defineOperations } from './http/operation.js';

// Image uploads (issue 11 item 5): avatars, mission pictures and the other images of the product.
// The upload is multipart; the image is decoded, cropped, resized to its category's size and
// re-encoded on the server, so what is served is never the bytes that were sent. docs/image-uploads.md.

/** The categories of the spec, each with the size its images are made to. */
export const IMAGE_UPLOAD_CATEGORIES = [
  'default',
  'playlists',
  'avatars',
  'missions',
  'users',
  'organizations',
  'usergroups',
] as const;
export type ImageUploadCategory = (typeof IMAGE_UPLOAD_CATEGORIES)[number];

/** Width × height of the stored image, by category: missions are landscape, every other category square. */
export const IMAGE_UPLOAD_SIZES: Readonly<Record<ImageUploadCategory, { width: number; height: number }>> = {
  default: { width: 1024, height: 1024 },
  playlists: { width: 1024, height: 1024 },
  avatars: { width: 1024, height: 1024 },
  missions: { width: 1536, height: 1024 },
  users: { width: 1024, height: 1024 },
  organizations: { width: 1024, height: 1024 },
  usergroups: { width: 1024, height: 1024 },
};

/** The largest file accepted: reading stops there (413 `image_too_large`). */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** The largest image accepted, in pixels (width × height of the first frame): above, a decompression bomb. */
export const IMAGE_UPLOAD_MAX_PIXELS = 50_000_000;
/** The largest crop coordinate accepted, in source pixels. */
const CROP_MAX = 100_000;

const cropNumber = (min: number) =>
  z.coerce
    .number()
    .int()
    .min(min)
    .max(CROP_MAX)
    .optional()
    .meta({ description: 'Source pixels, after the image is turned the way its EXIF orientation says.' });

/**
 * The form fields of an upload besides `file`: the category, and an optional crop rectangle in
 * source pixels, given whole (all four) or not at all.
 */
export const imageUploadFieldsSchema = z
  .strictObject({
    category: z.enum(IMAGE_UPLOAD_CATEGORIES),
    crop_x: cropNumber(0),
    crop_y: cropNumber(0),
    crop_width: cropNumber(1),
    crop_height: cropNumber(1),
  })
  .superRefine((fields, context) => {
    const given = (['crop_x', 'crop_y', 'crop_width', 'crop_height'] as const).filter((k) => fields[k] !== undefined);
    if (given.length === 0 || given.length === 4) return;
    for (const key of ['crop_x', 'crop_y', 'crop_width', 'crop_height'] as const) {
      if (fields[key] === undefined) {
        context.addIssue({ code: 'custom', path: [key], ...rule('crop_all_or_none') });
      }
    }
  });
export type ImageUploadFields = z.output<typeof imageUploadFieldsSchema>;

/** The multipart body as the OpenAPI document shows it (the server reads the stream itself). */
export const imageUploadFormSchema = z.object({
  category: z.enum(IMAGE_UPLOAD_CATEGORIES),
  file: z.string().meta({ format: 'binary', description: 'JPEG, PNG, GIF or WebP; at most 10 MB.' }),
  crop_x: z.number().int().min(0).optional(),
  crop_y: z.number().int().min(0).optional(),
  crop_width: z.number().int().min(1).optional(),
  crop_height: z.number().int().min(1).optional(),
});

export const imageUploadSchema = z.strictObject({
  /** Random, at least 128 bits: the public address of the image cannot be guessed. */
  id: text(),
  /** Where the image is served, relative to the API's origin. */
  url: text(),
  category: z.enum(IMAGE_UPLOAD_CATEGORIES),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  content_type: text(),
  bytes: z.number().int().positive(),
});
export type ImageUpload = z.infer<typeof imageUploadSchema>;

export const imageUploadOperations = defineOperations(
  { name: 'imageUploads', tag: 'Images' },
  {
    upload: {
      method: 'POST',
      path: '/api/image/uploads',
      summary:
        'Upload an image (multipart/form-data: `category`, `file`, optionally `crop_x`, `crop_y`, `crop_width`, `crop_height` in source pixels). The image is cropped, resized to cover its category’s size (1536×1024 for missions, 1024×1024 for the others), re-encoded as WebP without its metadata, and stored; the answer says where it is served.',
      bodyEncoding: 'multipart',
      multipart: imageUploadFormSchema,
      responses: {
        201: { description: 'The stored image.', schema: imageUploadSchema },
        400: {
          description:
            '`invalid_request` (a field: unknown `category`, a crop coordinate, an unknown field), `image_missing`, `image_empty`, `image_not_an_image` (not JPEG, PNG, GIF or WebP whatever its name or declared type, SVG included), `image_polyglot` (bytes after the image’s end, or markup or script inside it), `image_corrupt`, `image_too_many_pixels` (a decompression bomb), `image_crop_outside`, `upload_malformed`. Nothing is stored.',
        },
        413: {
          description:
            '`image_too_large`: the file is over 10 MB (10,485,760 bytes; exactly that is accepted); reading stopped there. `image_quota_exceeded`: the organization’s images already take its storage quota (`IMAGE_STORAGE_QUOTA_MB`, `details.quota_mb`); checked before the body is read. Nothing is stored.',
        },
        415: { description: '`unsupported_media_type`: the body is not multipart/form-data.' },
        429: {
          description:
            '`too_many_requests`: more than 30 uploads by the caller, or 300 by their organization, in 10 minutes (`details.limited`: `user` or `organization`); wait for `Retry-After` seconds. Checked before the body is read; nothing is stored.',
        },
      },
    },
    read: {
      method: 'GET',
      path: '/api/image/uploads/:id',
      summary:
        'The image, public (an <img> sends no bearer token; the id is random and cannot be guessed), with its stored content type, `X-Content-Type-Options: nosniff` and a year-long immutable cache.',
      params: idParams,
      responses: {
        200: { description: 'The image bytes.' },
        404: { description: '`image_not_found`.' },
      },
    },
  },
);
