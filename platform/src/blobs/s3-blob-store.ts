import type * as S3Sdk from '@aws-sdk/client-s3';
import { assertBlobKey, type BlobStore } from './blob-store.js';

export type S3BlobStoreOptions = {
  /** S3_ENDPOINT: an S3-compatible server (MinIO, …); absent: AWS's endpoint for the region. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `http://host/bucket/key` rather than `http://bucket.host/key`: what MinIO and most others need. */
  forcePathStyle: boolean;
  /** Prepended to every key (no leading or trailing `/`). */
  prefix?: string;
};

/**
 * Blobs as objects of an S3-compatible bucket, through the AWS SDK v3. Checksums are computed only where
 * the operation requires them, which S3-compatible servers that do not know the newer checksum headers accept.
 * The credentials stay inside the client: nothing here logs them.
 */
export const createS3BlobStore = (options: S3BlobStoreOptions): BlobStore => {
  // The SDK (hundreds of modules, seconds to load) loads with the first call, so that a process storing its files on
  // disk never loads it (every integration file did, through the platform's index).
  let connected: Promise<{ s3: typeof S3Sdk; client: S3Sdk.S3Client }> | undefined;
  const connect = () =>
    (connected ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: options.region,
        forcePathStyle: options.forcePathStyle,
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        ...(options.accessKeyId && options.secretAccessKey
          ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
          : {}),
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const Bucket = options.bucket;
  const keyOf = (key: string) => (options.prefix ? `${options.prefix}/${assertBlobKey(key)}` : assertBlobKey(key));

  return {
    kind: 's3',
    async put(key, bytes, { contentType }) {
      const { s3, client } = await connect();
      await client.send(
        new s3.PutObjectCommand({
          Bucket,
          Key: keyOf(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
    },
    async get(key) {
      const { s3, client } = await connect();
      try {
        const answer = await client.send(new s3.GetObjectCommand({ Bucket, Key: keyOf(key) }));
        if (!answer.Body) return undefined;
        return {
          bytes: await answer.Body.transformToByteArray(),
          contentType: answer.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (error instanceof s3.NoSuchKey) return undefined;
        if (error instanceof s3.S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined;
        throw error;
      }
    },
    async delete(key) {
      const { s3, client } = await connect();
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async close() {
      if (connected) (await connected).client.destroy();
    },
  };
};
