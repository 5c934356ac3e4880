import { createHash } from 'node:crypto';
import http from 'node:http';
import { listenLocally, readBodyBytes } from './support/http-server.js';

/**
 * A small S3-compatible server on loopback, as the AWS SDK v3 speaks to it with path-style addressing
 * (`S3_FORCE_PATH_STYLE=true`, what MinIO uses): `PUT`, `GET`, `HEAD` and `DELETE /{bucket}/{key}`.
 * Every request must carry a SigV4 `Authorization` header (`AWS4-HMAC-SHA256 Credential=<key id>/…`)
 * with the expected access key id; the signature itself is not verified. Errors are S3's XML bodies
 * (`NoSuchKey`, `NoSuchBucket`, `AccessDenied`). Every request is recorded.
 */
export type FakeS3Request = {
  method: string;
  bucket: string;
  key: string;
  authorization: string;
  contentType: string | undefined;
  bytes: number;
};

export type FakeS3Object = { bytes: Buffer; contentType: string; etag: string };

export type FakeS3Server = {
  /** The endpoint (S3_ENDPOINT). */
  endpoint: string;
  requests: FakeS3Request[];
  /** The objects of a bucket, by key. */
  objects(bucket: string): Map<string, FakeS3Object>;
  close(): Promise<void>;
};

const xmlError = (response: http.ServerResponse, status: number, code: string, message: string) => {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>fake</RequestId></Error>`;
  response.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) });
  response.end(body);
};

export const startFakeS3Server = async (options: {
  accessKeyId: string;
  buckets: readonly string[];
}): Promise<FakeS3Server> => {
  const buckets = new Map(options.buckets.map((name) => [name, new Map<string, FakeS3Object>()]));
  const requests: FakeS3Request[] = [];

  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake-s3');
      const [, bucketName = '', ...keyParts] = url.pathname.split('/');
      const key = keyParts.map((part) => decodeURIComponent(part)).join('/');
      const body = await readBodyBytes(request);
      const authorization = request.headers.authorization ?? '';
      requests.push({
        method: request.method ?? '',
        bucket: bucketName,
        key,
        authorization,
        contentType: request.headers['content-type'],
        bytes: body.length,
      });
      const credential = /^AWS4-HMAC-SHA256 Credential=([^/]+)\//.exec(authorization)?.[1];
      if (credential !== options.accessKeyId || !/Signature=[0-9a-f]{64}/.test(authorization)) {
        xmlError(response, 403, 'AccessDenied', 'Access Denied');
        return;
      }
      const bucket = buckets.get(bucketName);
      if (!bucket) {
        xmlError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist');
        return;
      }
      if (!key) {
        xmlError(response, 400, 'InvalidRequest', 'Only object requests are served');
        return;
      }
      const object = bucket.get(key);
      switch (request.method) {
        case 'PUT': {
          const etag = `"${createHash('md5').update(body).digest('hex')}"`;
          bucket.set(key, {
            bytes: body,
            contentType: request.headers['content-type'] ?? 'binary/octet-stream',
            etag,
          });
          response.writeHead(200, { etag, 'content-length': 0 });
          response.end();
          return;
        }
        case 'GET':
        case 'HEAD': {
          if (!object) {
            if (request.method === 'HEAD') {
              response.writeHead(404);
              response.end();
            } else {
              xmlError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
            }
            return;
          }
          response.writeHead(200, {
            'content-type': object.contentType,
            'content-length': object.bytes.length,
            etag: object.etag,
            'last-modified': new Date(0).toUTCString(),
          });
          response.end(request.method === 'GET' ? object.bytes : undefined);
          return;
        }
        case 'DELETE':
          bucket.delete(key);
          response.writeHead(204);
          response.end();
          return;
        default:
          xmlError(response, 405, 'MethodNotAllowed', 'The specified method is not allowed');
      }
    })().catch(() => {
      if (!response.headersSent) xmlError(response, 500, 'InternalError', 'fake failure');
    });
  });
  const { port, close } = await listenLocally(server);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    objects: (bucket) => buckets.get(bucket) ?? new Map(),
    close,
  };
};
