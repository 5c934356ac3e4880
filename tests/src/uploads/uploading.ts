import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { TestServer } from '@ai-coaching/api/testing';
import { errorBodySchema, imageUploadSchema, type ImageUpload, type ImageUploadCategory } from '@ai-coaching/contracts';
import sharp from 'sharp';

/** A small PNG of one colour. */
export const png = (background = '#0f766e', width = 64, height = 48): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

export type PostedImage =
  | { status: 201; image: ImageUpload; headers: Headers }
  | { status: number; error: ReturnType<typeof errorBodySchema.parse>; headers: Headers };

/** `POST /api/image/uploads` as a browser's FormData sends it, the answer checked against its contract. */
export const postImage = async (
  server: TestServer,
  token: string,
  options: { category?: ImageUploadCategory; bytes?: Uint8Array; headers?: Record<string, string> } = {},
): Promise<PostedImage> => {
  const form = new FormData();
  form.set('category', options.category ?? 'avatars');
  const bytes = options.bytes ?? (await png());
  form.append('file', new Blob([Uint8Array.from(bytes)], { type: 'image/png' }), 'picture.png');
  const response = await fetch(`${server.url}/api/image/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...options.headers },
    body: form,
  });
  const body: unknown = await response.json();
  return response.status === 201
    ? { status: 201, image: imageUploadSchema.parse(body), headers: response.headers }
    : { status: response.status, error: errorBodySchema.parse(body), headers: response.headers };
};

/** The id of an image stored as the client stores one; fails the test otherwise. */
export const storedImageId = async (server: TestServer, token: string, category?: ImageUploadCategory) => {
  const posted = await postImage(server, token, category ? { category } : {});
  if (posted.status !== 201 || !('image' in posted)) throw new Error(`upload refused: ${JSON.stringify(posted)}`);
  return posted.image.id;
};

/** Every file under the server's blob directory (none when it does not exist yet). */
export const blobFiles = async (server: TestServer): Promise<string[]> => {
  try {
    const dir = path.join(server.dataDir, 'blobs');
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
};

export const imageRowCount = async (server: TestServer): Promise<number> =>
  Number(
    (await server.platform.db.query<{ count: string }>('SELECT count(*) AS count FROM image_uploads')).rows[0]!.count,
  );
