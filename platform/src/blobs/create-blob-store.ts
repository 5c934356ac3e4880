import path from 'node:path';
import type { Config } from '../config/config.js';
import type { Logger } from '../logging/logger.js';
import type { BlobStore } from './blob-store.js';
import { createFsBlobStore } from './fs-blob-store.js';
import { createS3BlobStore } from './s3-blob-store.js';

/** The blob store the environment selects (the `files` column of the topology table). */
export const createBlobStore = (config: Config, logger: Logger): BlobStore => {
  if (config.BLOB_STORE === 's3') {
    // The configuration check guarantees the bucket; the endpoint is logged, never the keys.
    logger.info(
      { component: 'blobs', endpoint: config.S3_ENDPOINT ?? 'aws', bucket: config.S3_BUCKET },
      'files are stored in an S3-compatible bucket',
    );
    return createS3BlobStore({
      bucket: config.S3_BUCKET ?? '',
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
      ...(config.S3_ACCESS_KEY_ID ? { accessKeyId: config.S3_ACCESS_KEY_ID } : {}),
      ...(config.S3_SECRET_ACCESS_KEY ? { secretAccessKey: config.S3_SECRET_ACCESS_KEY } : {}),
    });
  }
  return createFsBlobStore({ dir: path.resolve(config.DATA_DIR, 'blobs') });
};
