import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertBlobKey, type BlobStore } from './blob-store.js';

/**
 * Blobs as files under a directory (`DATA_DIR/blobs` by default): the bytes at `<dir>/<key>`, the content
 * type beside them in `<key>.meta.json`. Written to a temporary name and renamed, so a reader never sees
 * half a file.
 */
export const createFsBlobStore = (options: { dir: string }): BlobStore => {
  const root = path.resolve(options.dir);
  const fileOf = (key: string) => path.join(root, ...assertBlobKey(key).split('/'));
  const metaOf = (file: string) => `${file}.meta.json`;

  const writeAtomically = async (file: string, data: Uint8Array | string) => {
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, file);
  };

  return {
    kind: 'fs',
    async put(key, bytes, { contentType }) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeAtomically(metaOf(file), JSON.stringify({ contentType }));
      await writeAtomically(file, bytes);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const [bytes, meta] = await Promise.all([readFile(file), readFile(metaOf(file), 'utf8')]);
        const { contentType } = JSON.parse(meta) as { contentType?: unknown };
        return {
          bytes: new Uint8Array(bytes),
          contentType: typeof contentType === 'string' ? contentType : 'application/octet-stream',
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      await rm(metaOf(file), { force: true });
    },
    close: async () => {},
  };
};
