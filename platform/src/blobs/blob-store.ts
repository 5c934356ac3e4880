/**
 * The file-storage port: bytes under a key, with their content type. Images (and, later, recordings)
 * go through it; which adapter runs is chosen by the environment (`createBlobStore`): a directory
 * under DATA_DIR by default, an S3-compatible bucket with BLOB_STORE=s3.
 */
export type StoredBlob = { bytes: Uint8Array; contentType: string };

export type BlobStoreKind = 'fs' | 's3';

export type BlobStore = {
  readonly kind: BlobStoreKind;
  /** Stores (or replaces) the bytes under the key. */
  put(key: string, bytes: Uint8Array, options: { contentType: string }): Promise<void>;
  /** The bytes and content type under the key; undefined when there are none. */
  get(key: string): Promise<StoredBlob | undefined>;
  /** Forgets the key; deleting a missing key changes nothing. */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
};

const KEY = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)*$/;

/**
 * Keys are relative paths of letters, digits, `-`, `_` and `.` (no `..` segment, no leading `/`), the same
 * on every adapter, so a key can never leave the store's directory or bucket prefix.
 */
export const assertBlobKey = (key: string): string => {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((segment) => segment === '..' || segment === '.')) {
    throw new Error(`Invalid blob key: ${JSON.stringify(key.slice(0, 80))}`);
  }
  return key;
};
