import {
  IMAGE_UPLOAD_CATEGORIES,
  IMAGE_UPLOAD_MAX_BYTES as SERVER_MAX_BYTES,
  IMAGE_UPLOAD_SIZES,
  imageUploadOperations,
} from '@ai-coaching/contracts';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IMAGE_URLS,
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOADS_PATH,
  imageAspect,
  imageUrl,
  toCropFields,
} from './images';

// What the build copies from public/: the default images, by the address they are served at.
const publicImages = Object.keys(import.meta.glob('../../public/images/**/*.svg')).map((file) =>
  file.replace('../../public', ''),
);

describe('imageUrl', () => {
  it('answers the uploaded image’s address when there is one', () => {
    expect(imageUrl('Yq3abcDEF_-0123456789xyz')).toBe('/api/image/uploads/Yq3abcDEF_-0123456789xyz');
    expect(imageUrl('Yq3abcDEF_-0123456789xyz', 'avatar')).toBe('/api/image/uploads/Yq3abcDEF_-0123456789xyz');
  });

  it('answers the default image of the kind without one, else nothing', () => {
    expect(imageUrl(null, 'avatar')).toBe('/images/defaults/avatar.svg');
    expect(imageUrl(undefined, 'mission')).toBe('/images/defaults/mission.svg');
    expect(imageUrl('', 'usergroup')).toBe('/images/defaults/usergroup.svg');
    expect(imageUrl(null)).toBeUndefined();
  });

  it('keeps an id that is not one inside the path', () => {
    expect(imageUrl('../../v1/me')).toBe('/api/image/uploads/..%2F..%2Fv1%2Fme');
  });

  it('points at default images that exist', () => {
    expect(publicImages).toEqual(expect.arrayContaining(Object.values(DEFAULT_IMAGE_URLS)));
  });
});

describe('what the client knows of uploads agrees with the contracts', () => {
  it('posts to the upload operation’s path, with its size limit', () => {
    expect(IMAGE_UPLOADS_PATH).toBe(imageUploadOperations.upload.path);
    expect(IMAGE_UPLOAD_MAX_BYTES).toBe(SERVER_MAX_BYTES);
  });

  it('crops each category to the aspect ratio of its stored size', () => {
    for (const category of IMAGE_UPLOAD_CATEGORIES) {
      const { width, height } = IMAGE_UPLOAD_SIZES[category];
      expect(imageAspect(category)).toBeCloseTo(width / height, 10);
    }
  });
});

describe('toCropFields', () => {
  const image = { width: 1200, height: 800 };

  it.each([
    [
      'rounds the cropper’s fractions to whole source pixels',
      { x: 100.4, y: 49.6, width: 600.5, height: 399.49 },
      { crop_x: 100, crop_y: 50, crop_width: 601, crop_height: 399 },
    ],
    [
      'keeps the rectangle inside the image at its right and bottom edges',
      { x: 400.6, y: 0, width: 799.6, height: 800.4 },
      { crop_x: 401, crop_y: 0, crop_width: 799, crop_height: 800 },
    ],
    [
      'never answers a negative origin or an empty rectangle',
      { x: -0.4, y: -3, width: 0.2, height: 0 },
      { crop_x: 0, crop_y: 0, crop_width: 1, crop_height: 1 },
    ],
    [
      'never answers an origin outside the image',
      { x: 1300, y: 900, width: 10, height: 10 },
      { crop_x: 1199, crop_y: 799, crop_width: 1, crop_height: 1 },
    ],
  ])('%s', (_, area, fields) => {
    expect(toCropFields(area, image)).toEqual(fields);
  });
});
