import { existsSync } from 'node:fs';
import path from 'node:path';
import { createTestOrganization, signInAs, startTestServer, type TestServer } from '@ai-coaching/api/testing';
import { imageUploadSchema } from '@ai-coaching/contracts';
import { createS3BlobStore, loadConfig, type BlobStore } from '@ai-coaching/platform';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3Server, type FakeS3Server } from '../fakes/s3-server.js';

const ACCESS_KEY_ID = 'AKIAFAKEUPLOADS0001';
const SECRET_ACCESS_KEY = 'fake-secret-access-key-never-logged-0001';

describe('[UPLOADS]: the S3 blob store through the AWS SDK, against a local S3-compatible server', () => {
  let s3: FakeS3Server;
  let store: BlobStore;

  beforeAll(async () => {
    s3 = await startFakeS3Server({ accessKeyId: ACCESS_KEY_ID, buckets: ['images', 'other'] });
    store = createS3BlobStore({
      endpoint: s3.endpoint,
      bucket: 'images',
      region: 'eu-west-3',
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      forcePathStyle: true,
    });
  });
  afterAll(async () => {
    await store?.close();
    await s3?.close();
  });

  it('puts, gets and deletes an object, path-style and signed', async () => {
    const bytes = new Uint8Array([1, 2, 3, 4, 5]);
    await store.put('images/avatars/abc.webp', bytes, { contentType: 'image/webp' });
    expect(s3.objects('images').get('images/avatars/abc.webp')).toMatchObject({ contentType: 'image/webp' });
    expect(await store.get('images/avatars/abc.webp')).toEqual({ bytes, contentType: 'image/webp' });

    const put = s3.requests.find((request) => request.method === 'PUT')!;
    expect(put).toMatchObject({ bucket: 'images', key: 'images/avatars/abc.webp', bytes: 5 });
    expect(put.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAFAKEUPLOADS0001\/\d{8}\/eu-west-3\/s3\//);
    expect(put.authorization).not.toContain(SECRET_ACCESS_KEY);

    await store.delete('images/avatars/abc.webp');
    expect(s3.objects('images').has('images/avatars/abc.webp')).toBe(false);
    expect(await store.get('images/avatars/abc.webp')).toBeUndefined();
    // Deleting again changes nothing.
    await store.delete('images/avatars/abc.webp');
  });

  it('answers undefined for a missing key, refuses keys that leave the store, and fails on refused credentials', async () => {
    expect(await store.get('images/none.webp')).toBeUndefined();
    await expect(store.put('../escape', new Uint8Array([1]), { contentType: 'x/y' })).rejects.toThrow(
      /Invalid blob key/,
    );
    const stranger = createS3BlobStore({
      endpoint: s3.endpoint,
      bucket: 'images',
      region: 'eu-west-3',
      accessKeyId: 'AKIAWRONG',
      secretAccessKey: 'wrong',
      forcePathStyle: true,
    });
    await expect(stranger.put('images/x.webp', new Uint8Array([1]), { contentType: 'image/webp' })).rejects.toThrow();
    await stranger.close();
  });

  it('refuses BLOB_STORE=s3 without a bucket at start', () => {
    expect(() => loadConfig({ BLOB_STORE: 's3' })).toThrow(/S3_BUCKET/);
  });

  describe('the API with BLOB_STORE=s3', () => {
    let server: TestServer;
    let token: string;
    const logLines: string[] = [];

    beforeAll(async () => {
      server = await startTestServer(
        {
          LOG_LEVEL: 'trace',
          BLOB_STORE: 's3',
          S3_ENDPOINT: s3.endpoint,
          S3_BUCKET: 'other',
          S3_REGION: 'eu-west-3',
          S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
          S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
          S3_FORCE_PATH_STYLE: 'true',
        },
        { logDestination: { write: (line) => void logLines.push(line) } },
      );
      const organizationId = await createTestOrganization(server);
      token = (await signInAs(server, { role: 'editor', organizationId })).token;
    }, 120_000);
    afterAll(() => server?.close());

    it('stores the image in the bucket and serves it from there', async () => {
      const form = new FormData();
      form.set('category', 'organizations');
      const image = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#123456' } })
        .png()
        .toBuffer();
      form.set('file', new Blob([Uint8Array.from(image)]), 'logo.png');
      const response = await fetch(`${server.url}/api/image/uploads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(response.status).toBe(201);
      const body = imageUploadSchema.parse(await response.json());
      const object = s3.objects('other').get(`images/organizations/${body.id}.webp`);
      expect(object?.contentType).toBe('image/webp');
      expect(object?.bytes.length).toBe(body.bytes);
      expect(existsSync(path.join(server.dataDir, 'blobs'))).toBe(false);

      const served = await fetch(`${server.url}${body.url}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(object?.bytes);
      // The keys never reach the log.
      const log = logLines.join('\n');
      expect(log).not.toContain(SECRET_ACCESS_KEY);
      expect(log).not.toContain(ACCESS_KEY_ID);
    });
  });
});
