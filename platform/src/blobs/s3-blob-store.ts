import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
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
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const keyOf = (key: string) => (options.prefix ? `${options.prefix}/${assertBlobKey(key)}` : assertBlobKey(key));

  return {
    kind: 's3',
    async put(key, bytes, { contentType }) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        if (!answer.Body) return undefined;
        return {
          bytes: await answer.Body.transformToByteArray(),
          contentType: answer.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    close: async () => client.destroy(),
  };
};
