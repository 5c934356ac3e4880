import { readImage, uploadImage } from '@ai-coaching/application';
import {
  IMAGE_UPLOAD_MAX_BYTES,
  imageUploadFieldsSchema,
  imageUploadOperations as images,
} from '@ai-coaching/contracts';
import { readMultipart } from '../http/multipart.js';
import { defineRoute, publicAccess, signedIn } from '../http/route.js';

/**
 * Image uploads (docs/image-uploads.md). Uploading: any signed-in user, whatever their role (guests
 * are refused): an image by itself changes nothing until an entity the caller may change points at it.
 * Reading: public, because an <img> sends no bearer token; the id is 144 random bits.
 */
export const imageUploadRoutes = [
  defineRoute(images.upload, {
    access: signedIn,
    handler: async ({ ctx, origin, services }) => {
      // The use case reads the form only once the caller's rate limits and quota allow one more image.
      const body = await uploadImage(services, origin, () =>
        readMultipart(ctx, imageUploadFieldsSchema, {
          fileField: 'file',
          maxFileBytes: IMAGE_UPLOAD_MAX_BYTES,
          maxFields: 8,
          maxFieldBytes: 256,
        }),
      );
      return { status: 201, body, headers: { Location: body.url } };
    },
  }),
  defineRoute(images.read, {
    access: publicAccess,
    handler: async ({ params, services }) => {
      const image = await readImage(services, params.id);
      return {
        body: Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength),
        headers: {
          'Content-Type': image.contentType,
          // An id names one image forever: its bytes never change.
          'Cache-Control': 'public, max-age=31536000, immutable',
          'X-Content-Type-Options': 'nosniff',
          // Served as an image only, never as a document a browser would run anything in.
          'Content-Security-Policy': "default-src 'none'; sandbox",
          'Cross-Origin-Resource-Policy': 'cross-origin',
        },
      };
    },
  }),
];
