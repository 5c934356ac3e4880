import sharp from 'sharp';
import { sniffImage, type SniffedFormat } from './image-sniff.js';

/**
 * The server's image pipeline (sharp, with the libvips its npm packages bring): check what the bytes
 * are, read the header to refuse a decompression bomb before decoding a pixel, turn the image the way
 * its EXIF orientation says, crop, resize to cover the target size, and re-encode as WebP without any
 * metadata (EXIF, XMP, ICC, comments). What comes out is new bytes made from the pixels alone.
 */
export type CropRectangle = { left: number; top: number; width: number; height: number };

export type ImageRefusal = 'empty' | 'not_image' | 'svg' | 'polyglot' | 'corrupt' | 'too_many_pixels' | 'crop_outside';

/** Why the pipeline refused an image; `details` carries what the message needs (sizes, limits). */
export class ImageRefusedError extends Error {
  override readonly name = 'ImageRefusedError';
  constructor(
    readonly reason: ImageRefusal,
    readonly details: Readonly<Record<string, number>> = {},
  ) {
    super(`image refused: ${reason}`);
  }
}

export type ProcessImageOptions = {
  target: { width: number; height: number };
  /** In source pixels of the oriented image. */
  crop?: CropRectangle | undefined;
  /** Width × height of the first frame above which the image is refused without being decoded. */
  maxPixels: number;
  /** WebP quality, 1–100. */
  quality?: number;
};

export type ProcessedImage = {
  bytes: Uint8Array;
  contentType: 'image/webp';
  width: number;
  height: number;
  /** What the upload was, as its bytes say. */
  sourceFormat: SniffedFormat;
  source: { width: number; height: number };
};

const FORMATS: Record<SniffedFormat, string> = { jpeg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp' };

/** EXIF orientations 5–8 turn the image a quarter: width and height swap. */
const orientedSize = (metadata: sharp.Metadata): { width: number; height: number } => {
  const width = metadata.width;
  const height = metadata.pageHeight ?? metadata.height;
  return (metadata.orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
};

export const processImage = async (input: Uint8Array, options: ProcessImageOptions): Promise<ProcessedImage> => {
  if (input.byteLength === 0) throw new ImageRefusedError('empty');
  const sniffed = sniffImage(input);
  if (sniffed.kind === 'refused') throw new ImageRefusedError(sniffed.reason);

  // Only the first frame of an animation; libvips itself also refuses more than maxPixels.
  const open = () => sharp(input, { limitInputPixels: options.maxPixels, failOn: 'error', pages: 1 });
  let metadata: sharp.Metadata;
  try {
    // The header only: a 100 000 × 100 000 PNG of one colour is refused here, before any decoding.
    metadata = await sharp(input, { limitInputPixels: false, pages: 1 }).metadata();
  } catch {
    throw new ImageRefusedError('corrupt');
  }
  if (metadata.format !== FORMATS[sniffed.format] || !metadata.width || !metadata.height) {
    throw new ImageRefusedError('corrupt');
  }
  const frameHeight = metadata.pageHeight ?? metadata.height;
  if (metadata.width * frameHeight > options.maxPixels) {
    throw new ImageRefusedError('too_many_pixels', { max_megapixels: Math.floor(options.maxPixels / 1_000_000) });
  }
  const source = orientedSize(metadata);
  const crop = options.crop;
  if (crop && (crop.left + crop.width > source.width || crop.top + crop.height > source.height)) {
    throw new ImageRefusedError('crop_outside', { width: source.width, height: source.height });
  }

  try {
    let pipeline = open().rotate();
    if (crop) pipeline = pipeline.extract(crop);
    const { data, info } = await pipeline
      .resize(options.target.width, options.target.height, { fit: 'cover', position: 'centre' })
      .webp({ quality: options.quality ?? 82 })
      .toBuffer({ resolveWithObject: true });
    return {
      bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      contentType: 'image/webp',
      width: info.width,
      height: info.height,
      sourceFormat: sniffed.format,
      source,
    };
  } catch (error) {
    if (error instanceof ImageRefusedError) throw error;
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) {
      throw new ImageRefusedError('too_many_pixels', { max_megapixels: Math.floor(options.maxPixels / 1_000_000) });
    }
    throw new ImageRefusedError('corrupt');
  }
};
