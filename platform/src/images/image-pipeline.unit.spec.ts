import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRefusedError, processImage } from './image-pipeline.js';
import { sniffImage } from './image-sniff.js';

const solid = (width: number, height: number, background = '#e91e63') =>
  sharp({ create: { width, height, channels: 3, background } });

const jpeg = (width = 64, height = 48) => solid(width, height).jpeg().toBuffer();
const png = (width = 64, height = 48) => solid(width, height).png().toBuffer();
const gif = (width = 64, height = 48) => solid(width, height).gif().toBuffer();
const webp = (width = 64, height = 48) => solid(width, height).webp().toBuffer();

/** A JPEG with a COM segment right after SOI. */
const withJpegComment = (image: Buffer, comment: string) => {
  const text = Buffer.from(comment, 'latin1');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(text.length + 2);
  return Buffer.concat([image.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, text, image.subarray(2)]);
};

const refusal = async (bytes: Uint8Array, crop?: { left: number; top: number; width: number; height: number }) => {
  try {
    await processImage(bytes, { target: { width: 32, height: 32 }, maxPixels: 1_000_000, crop });
  } catch (error) {
    if (error instanceof ImageRefusedError) return error.reason;
    throw error;
  }
  return 'accepted';
};

describe('sniffImage: what the bytes are, whatever the name says', () => {
  it('knows JPEG, PNG, GIF and WebP by their magic and walks each to its end', async () => {
    for (const [bytes, format] of [
      [await jpeg(), 'jpeg'],
      [await png(), 'png'],
      [await gif(), 'gif'],
      [await webp(), 'webp'],
    ] as const) {
      expect(sniffImage(bytes)).toEqual({ kind: 'image', format });
    }
  });

  it('refuses text, SVG and HTML', () => {
    expect(sniffImage(Buffer.from('hello, this is not a picture'))).toMatchObject({ reason: 'not_image' });
    expect(
      sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toMatchObject({ reason: 'svg' });
    expect(sniffImage(Buffer.from('\ufeff  <?xml version="1.0"?><svg/>'))).toMatchObject({ reason: 'svg' });
    expect(sniffImage(Buffer.from('<!doctype html><p>hi'))).toMatchObject({ reason: 'svg' });
  });

  it('refuses polyglots: data after the end, markup inside, the GIF/JavaScript header trick', async () => {
    const zip = Buffer.from('PK\u0003\u0004\u0014\u0000\u0000\u0000payload', 'latin1');
    expect(sniffImage(Buffer.concat([await jpeg(), zip]))).toMatchObject({ reason: 'polyglot' });
    expect(sniffImage(Buffer.concat([await png(), Buffer.from('<html><script>x</script>')]))).toMatchObject({
      reason: 'polyglot',
    });
    expect(sniffImage(Buffer.concat([await gif(), Buffer.from('alert(document.cookie)')]))).toMatchObject({
      reason: 'polyglot',
    });
    expect(sniffImage(Buffer.concat([await webp(), Buffer.from('<?php echo 1; ?>')]))).toMatchObject({
      reason: 'polyglot',
    });
    expect(sniffImage(withJpegComment(await jpeg(), '<script>alert(1)</script>'))).toMatchObject({
      reason: 'polyglot',
    });
    expect(sniffImage(withJpegComment(await jpeg(), 'eval(atob("x"))'))).toMatchObject({ reason: 'polyglot' });
    const header = Buffer.from(await gif());
    header.write('/*', 6, 'latin1');
    expect(sniffImage(header)).toMatchObject({ reason: 'polyglot' });
  });

  it('tolerates padding after the end, and an ordinary comment', async () => {
    expect(sniffImage(Buffer.concat([await jpeg(), Buffer.alloc(16)]))).toMatchObject({ kind: 'image' });
    expect(sniffImage(withJpegComment(await jpeg(), 'Made with a camera'))).toMatchObject({ kind: 'image' });
  });

  it('calls a file cut short corrupt', async () => {
    const whole = await jpeg(200, 200);
    expect(sniffImage(whole.subarray(0, whole.length >> 1))).toMatchObject({ reason: 'corrupt' });
  });
});

describe('processImage', () => {
  it('covers the target size, re-encodes as WebP and keeps no metadata', async () => {
    const input = await solid(300, 200)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'secret-place' } })
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const out = await processImage(input, { target: { width: 128, height: 64 }, maxPixels: 1_000_000 });
    expect(out).toMatchObject({ contentType: 'image/webp', width: 128, height: 64, sourceFormat: 'jpeg' });
    const metadata = await sharp(out.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 128, height: 64 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(Buffer.from(out.bytes).includes('secret-owner')).toBe(false);
  });

  it('turns the image the way its EXIF says before cropping', async () => {
    const input = await solid(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const out = await processImage(input, {
      target: { width: 10, height: 10 },
      maxPixels: 1_000_000,
      crop: { left: 0, top: 0, width: 200, height: 300 },
    });
    expect(out.source).toEqual({ width: 200, height: 300 });
  });

  it('crops in source pixels', async () => {
    // Left half pink, right half blue.
    const input = await solid(200, 100, '#ff0000')
      .composite([{ input: await solid(100, 100, '#0000ff').png().toBuffer(), left: 100, top: 0 }])
      .png()
      .toBuffer();
    const out = await processImage(input, {
      target: { width: 32, height: 32 },
      maxPixels: 1_000_000,
      crop: { left: 110, top: 10, width: 80, height: 80 },
    });
    const { channels } = await sharp(out.bytes).stats();
    expect(channels[2]!.mean).toBeGreaterThan(200);
    expect(channels[0]!.mean).toBeLessThan(40);
  });

  it('refuses empty files, bombs, crops outside and broken images', async () => {
    expect(await refusal(new Uint8Array())).toBe('empty');
    expect(await refusal(await png(1001, 1000))).toBe('too_many_pixels');
    expect(await refusal(await png(100, 100), { left: 50, top: 0, width: 60, height: 10 })).toBe('crop_outside');
    const broken = Buffer.from(await png(100, 100));
    broken.fill(0x41, 40, 80);
    expect(await refusal(broken)).toBe('corrupt');
    expect(await refusal(Buffer.from('GIF89a not really'))).toBe('corrupt');
  });
});
