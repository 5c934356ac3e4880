import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { apiClient, createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  errorBodySchema,
  IMAGE_UPLOAD_MAX_BYTES,
  imageUploadOperations as images,
  imageUploadSchema,
} from '@ai-coaching/contracts';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

const solid = (width: number, height: number, background = '#e91e63') =>
  sharp({ create: { width, height, channels: 3, background } });

type Upload = { bytes: Uint8Array; name?: string; type?: string };

/** Every file under a directory, recursively (none when it does not exist). */
const filesUnder = async (dir: string): Promise<string[]> => {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
};

// This file uploads more than a person would in 10 minutes; the limits have their own spec (image-upload-limits).
const plenty = { max: 1000, windowSeconds: 600, blockSeconds: 600 };

await describeApi(
  '[UPLOADS]: image uploads',
  (context) => {
    let token: string;
    let organizationId: string;
    let userId: string;

    /** POST /api/image/uploads as a browser's FormData sends it. */
    const upload = async (
      fields: Record<string, string | number>,
      file: Upload | Upload[] | undefined,
      options: { token?: string | undefined; headers?: Record<string, string> } = { token: '' },
    ) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, String(value));
      for (const part of file === undefined ? [] : Array.isArray(file) ? file : [file]) {
        form.append(
          'file',
          new Blob([Uint8Array.from(part.bytes)], { type: part.type ?? 'application/octet-stream' }),
          part.name ?? 'picture.bin',
        );
      }
      const bearer = options.token === '' ? token : options.token;
      const response = await fetch(`${context.server.url}/api/image/uploads`, {
        method: 'POST',
        headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...options.headers },
        body: form,
      });
      const body: unknown = await response.json();
      if (response.status === 201)
        return { status: 201, body: imageUploadSchema.parse(body), headers: response.headers };
      return { status: response.status, error: errorBodySchema.parse(body), headers: response.headers };
    };

    const rowCount = async () =>
      Number(
        (await context.server.platform.db.query<{ count: string }>('SELECT count(*) AS count FROM image_uploads'))
          .rows[0]!.count,
      );
    const blobDir = () => path.join(context.server.dataDir, 'blobs');

    /** The refusal, and that nothing at all was stored for it. */
    const refused = async (
      fields: Record<string, string | number>,
      file: Upload | Upload[] | undefined,
      status: number,
      code: string,
      headers?: Record<string, string>,
    ) => {
      const rowsBefore = await rowCount();
      const filesBefore = await filesUnder(blobDir());
      const answer = await upload(fields, file, { token: '', ...(headers ? { headers } : {}) });
      expect(answer.status, JSON.stringify(answer)).toBe(status);
      expect(answer.error?.code).toBe(code);
      expect(await rowCount()).toBe(rowsBefore);
      expect(await filesUnder(blobDir())).toEqual(filesBefore);
      return answer.error!;
    };

    beforeAll(async () => {
      organizationId = await createTestOrganization(context.server);
      const user = await signInAs(context.server, { role: 'user', organizationId });
      token = user.token;
      userId = user.userId;
    }, 120_000);

    it('stores an avatar at 1024×1024 as WebP, records it, and serves it publicly', async () => {
      const source = await solid(300, 200).jpeg().toBuffer();
      const answer = await upload({ category: 'avatars' }, { bytes: source, name: 'me.jpg', type: 'image/jpeg' });
      expect(answer.status).toBe(201);
      const body = answer.body!;
      expect(body).toMatchObject({ category: 'avatars', width: 1024, height: 1024, content_type: 'image/webp' });
      expect(body.id).toMatch(/^[A-Za-z0-9_-]{24,}$/);
      expect(Buffer.from(body.id, 'base64url').length).toBeGreaterThanOrEqual(16);
      expect(body.url).toBe(`/api/image/uploads/${body.id}`);
      expect(answer.headers.get('location')).toBe(body.url);

      const rows = await context.server.platform.db.query<Record<string, unknown>>(
        'SELECT * FROM image_uploads WHERE id = $1',
        [body.id],
      );
      expect(rows.rows[0]).toMatchObject({
        organization_id: organizationId,
        uploaded_by: userId,
        category: 'avatars',
        key: `images/avatars/${body.id}.webp`,
        content_type: 'image/webp',
        bytes: body.bytes,
        width: 1024,
        height: 1024,
      });

      // No token: an <img> sends none.
      const served = await fetch(`${context.server.url}${body.url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.length).toBe(body.bytes);
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 1024, height: 1024 });
      expect(await filesUnder(blobDir())).toContain(path.join(blobDir(), 'images', 'avatars', `${body.id}.webp`));
    });

    it('makes mission images 1536×1024', async () => {
      const source = await solid(2000, 1000).png().toBuffer();
      const answer = await upload({ category: 'missions' }, { bytes: source, type: 'image/png' });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ category: 'missions', width: 1536, height: 1024 });
      const served = Buffer.from(await (await fetch(`${context.server.url}${answer.body!.url}`)).arrayBuffer());
      expect(await sharp(served).metadata()).toMatchObject({ width: 1536, height: 1024 });
    });

    it('applies the crop rectangle, in source pixels', async () => {
      // Left half red, right half blue: the crop keeps blue only.
      const source = await solid(400, 200, '#ff0000')
        .composite([{ input: await solid(200, 200, '#0000ff').png().toBuffer(), left: 200, top: 0 }])
        .png()
        .toBuffer();
      const answer = await upload(
        { category: 'users', crop_x: 220, crop_y: 20, crop_width: 160, crop_height: 160 },
        { bytes: source },
      );
      expect(answer.status).toBe(201);
      const served = Buffer.from(await (await fetch(`${context.server.url}${answer.body!.url}`)).arrayBuffer());
      const { channels } = await sharp(served).stats();
      expect(channels[2]!.mean).toBeGreaterThan(200);
      expect(channels[0]!.mean).toBeLessThan(40);
    });

    it('strips EXIF and every other metadata', async () => {
      const source = await solid(320, 240)
        .jpeg()
        .withExif({ IFD0: { Copyright: 'exif-owner-secret', ImageDescription: 'exif-place-secret' } })
        .toBuffer();
      expect((await sharp(source).metadata()).exif).toBeDefined();
      const answer = await upload({ category: 'default' }, { bytes: source, type: 'image/jpeg' });
      expect(answer.status).toBe(201);
      const served = Buffer.from(await (await fetch(`${context.server.url}${answer.body!.url}`)).arrayBuffer());
      const metadata = await sharp(served).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(served.includes('exif-owner-secret')).toBe(false);
    });

    it('accepts a file of exactly 10 MB (10,485,760 bytes), as documented', async () => {
      // A real JPEG followed by zeros up to the limit: padding after the image's end is allowed.
      const exact = Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES);
      (await solid(64, 64).jpeg().toBuffer()).copy(exact);
      expect(exact.length).toBe(10_485_760);
      const answer = await upload({ category: 'avatars' }, { bytes: exact, type: 'image/jpeg' });
      expect(answer.status, JSON.stringify(answer.error)).toBe(201);
      expect(answer.body).toMatchObject({ width: 1024, height: 1024, content_type: 'image/webp' });
    });

    describe('refusals: a 4xx with its code, and nothing stored', () => {
      let jpeg: Buffer;
      beforeEach(async () => {
        jpeg ??= await solid(64, 64).jpeg().toBuffer();
      });

      it('SVG, whatever its name and declared type', async () => {
        const svg = Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        );
        const error = await refused(
          { category: 'avatars' },
          { bytes: svg, name: 'x.png', type: 'image/png' },
          400,
          'image_not_an_image',
        );
        expect(error.message).toMatch(/SVG/);
        expect(error.details?.issues).toEqual([{ path: 'file', message: error.message }]);
      });

      it('a file that is not an image', async () => {
        await refused(
          { category: 'avatars' },
          { bytes: Buffer.from('just some text, not a picture'), name: 'photo.jpg', type: 'image/jpeg' },
          400,
          'image_not_an_image',
        );
      });

      it('polyglots: a GIF that is also JavaScript, a JPEG with a ZIP or HTML appended, a script in a comment', async () => {
        const gif = Buffer.from(await solid(16, 16).gif().toBuffer());
        gif.write('/*', 6, 'latin1');
        await refused(
          { category: 'avatars' },
          { bytes: Buffer.concat([gif, Buffer.from('*/=alert(1)//')]), type: 'image/gif' },
          400,
          'image_polyglot',
        );
        const zip = Buffer.from('PK\u0003\u0004\u0014\u0000\u0000\u0000\u0008\u0000evil.js', 'latin1');
        await refused({ category: 'avatars' }, { bytes: Buffer.concat([jpeg, zip]) }, 400, 'image_polyglot');
        await refused(
          { category: 'avatars' },
          { bytes: Buffer.concat([jpeg, Buffer.from('<html><body><script>alert(1)</script>')]) },
          400,
          'image_polyglot',
        );
        const comment = Buffer.from('<script>alert(1)</script>', 'latin1');
        const withComment = Buffer.concat([
          jpeg.subarray(0, 2),
          Buffer.from([0xff, 0xfe, 0, comment.length + 2]),
          comment,
          jpeg.subarray(2),
        ]);
        await refused({ category: 'avatars' }, { bytes: withComment }, 400, 'image_polyglot');
      });

      it('an empty file, and no file at all', async () => {
        await refused({ category: 'avatars' }, { bytes: new Uint8Array() }, 400, 'image_empty');
        await refused({ category: 'avatars' }, undefined, 400, 'image_missing');
      });

      it('a file over 10 MB: refused before reading when the length says so, and at the limit otherwise', async () => {
        const big = Buffer.alloc(12 * 1024 * 1024, 1);
        jpeg.copy(big);
        const error = await refused({ category: 'avatars' }, { bytes: big }, 413, 'image_too_large');
        expect(error.message).toBe('The file is larger than 10 MB: choose a smaller image.');
        // One byte over (10,485,761): the request passes the length check, the stream stops after 10 MB.
        await refused(
          { category: 'avatars' },
          { bytes: big.subarray(0, IMAGE_UPLOAD_MAX_BYTES + 1) },
          413,
          'image_too_large',
        );
      });

      it('a decompression bomb: a single-colour PNG of 64 megapixels that weighs little', async () => {
        const bomb = await solid(8000, 8000, '#ffffff').png({ compressionLevel: 9 }).toBuffer();
        expect(bomb.length).toBeLessThan(1024 * 1024);
        const error = await refused({ category: 'avatars' }, { bytes: bomb }, 400, 'image_too_many_pixels');
        expect(error.message).toBe('This image is too large: at most 50 megapixels. Make it smaller and try again.');
      }, 60_000);

      it('an unknown category, a partial or outside crop, an unknown field', async () => {
        const category = await refused({ category: 'wallpapers' }, { bytes: jpeg }, 400, 'invalid_request');
        expect(category.details?.issues).toEqual([{ path: 'category', message: expect.stringMatching(/avatars/) }]);
        const partial = await refused({ category: 'avatars', crop_x: 0 }, { bytes: jpeg }, 400, 'invalid_request');
        expect((partial.details?.issues as { path: string }[]).map((issue) => issue.path).sort()).toEqual([
          'crop_height',
          'crop_width',
          'crop_y',
        ]);
        await refused(
          { category: 'avatars', crop_x: 10, crop_y: 0, crop_width: 60, crop_height: 10 },
          { bytes: jpeg },
          400,
          'image_crop_outside',
        );
        await refused({ category: 'avatars', colour: 'red' }, { bytes: jpeg }, 400, 'invalid_request');
      });

      it('a damaged image, two files, a body that is not multipart', async () => {
        await refused({ category: 'avatars' }, { bytes: jpeg.subarray(0, jpeg.length - 40) }, 400, 'image_corrupt');
        await refused({ category: 'avatars' }, [{ bytes: jpeg }, { bytes: jpeg }], 400, 'upload_malformed');
        const json = await apiClient(context.server, token).send('POST', '/api/image/uploads', {
          body: { category: 'avatars' },
        });
        expect(json.status).toBe(415);
        expect(json.body.code).toBe('unsupported_media_type');
      });

      it('answers in the caller’s language', async () => {
        const error = await refused({ category: 'avatars' }, { bytes: new Uint8Array() }, 400, 'image_empty', {
          'accept-language': 'fr-FR',
        });
        expect(error.message).toBe('Le fichier est vide\u00a0: choisissez une image.');
      });
    });

    it('refuses callers without a valid token with 401, before reading anything', async () => {
      const source = await solid(32, 32).jpeg().toBuffer();
      const before = await rowCount();
      const anonymous = await upload({ category: 'avatars' }, { bytes: source }, { token: undefined });
      expect(anonymous.status).toBe(401);
      expect(anonymous.error?.code).toBe('unauthorized');
      const forged = await upload({ category: 'avatars' }, { bytes: source }, { token: 'not-a-token' });
      expect(forged.status).toBe(401);
      expect(await rowCount()).toBe(before);
    });

    it('answers 404 for an unknown image, and lists both operations in the OpenAPI document', async () => {
      const missing = await apiClient(context.server).call(images.read, { params: { id: 'AAAAAAAAAAAAAAAAAAAAAAAA' } });
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('image_not_found');
      const document = await apiClient(context.server).send<{ paths: Record<string, Record<string, unknown>> }>(
        'GET',
        '/openapi.json',
      );
      expect(document.body.paths['/api/image/uploads']?.post).toMatchObject({
        operationId: 'imageUploads.upload',
        requestBody: { content: { 'multipart/form-data': expect.anything() } },
      });
      expect(document.body.paths['/api/image/uploads/{id}']?.get).toMatchObject({ operationId: 'imageUploads.read' });
    });
  },
  {
    server: { authLimits: { 'image-upload': { account: plenty, organization: plenty } } },
  },
);
