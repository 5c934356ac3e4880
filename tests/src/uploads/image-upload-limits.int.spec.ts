import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import { newId, newImageId } from '@ai-coaching/platform';
import { expect, it } from 'vitest';
import { blobFiles, imageRowCount, postImage } from './uploading.js';

// The limits of image uploads (docs/image-uploads.md, "Limits"): uploads per user and per organization in
// 10 minutes (429), and each organization's storage quota (413), both checked before the file is read, so a refusal
// stores nothing. The rate limits run here with small numbers; the quota with its default of 1024 MB.

const GIB = 1024 * 1024 * 1024;

const limit = (max: number) => ({ max, windowSeconds: 600, blockSeconds: 600 });

await describeApi(
  '[UPLOADS]: upload rate limits and storage quota',
  (context) => {
    const tenant = async () => {
      const organizationId = await createTestOrganization(context.server);
      return { organizationId, token: (await signInAs(context.server, { role: 'user', organizationId })).token };
    };

    /** The refusal, and that nothing was stored for it: no row, no file. */
    const refused = async (token: string, status: number, headers?: Record<string, string>) => {
      const rows = await imageRowCount(context.server);
      const files = await blobFiles(context.server);
      const answer = await postImage(context.server, token, headers ? { headers } : {});
      expect(answer.status, JSON.stringify(answer)).toBe(status);
      expect(await imageRowCount(context.server)).toBe(rows);
      expect(await blobFiles(context.server)).toEqual(files);
      if (!('error' in answer)) throw new Error('not refused');
      return answer;
    };

    /** Images an organization already keeps, as rows only: what the quota adds up. */
    const alreadyStored = (organizationId: string, bytes: number) =>
      context.server.platform.db.query(
        `INSERT INTO image_uploads (id, organization_id, uploaded_by, category, key, content_type, bytes, width,
         height, created_at)
       VALUES ($1, $2, 'someone', 'missions', $3, 'image/webp', $4, 1536, 1024, now())`,
        [newImageId(), organizationId, `images/missions/${newId()}.webp`, bytes],
      );

    it('refuses a user’s uploads past their limit with 429 and Retry-After, then their organization’s', async () => {
      const acme = await tenant();
      for (let i = 0; i < 3; i += 1) expect((await postImage(context.server, acme.token)).status).toBe(201);
      const mine = await refused(acme.token, 429);
      // The 10 minutes' block, less the moments the uploads took.
      const retryAfter = Number(mine.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(540);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(mine.error).toEqual({
        code: 'too_many_requests',
        message: 'You have uploaded too many images in the last few minutes. Wait 10 minutes and try again.',
        details: { retry_after_seconds: retryAfter, limited: 'user' },
      });
      // Refused before the file is read: what it holds does not matter any more.
      const unread = await postImage(context.server, acme.token, { bytes: Buffer.from('not an image') });
      expect(unread.status).toBe(429);
      const inFrench = await refused(acme.token, 429, { 'accept-language': 'fr-FR' });
      expect(inFrench.error.message).toBe(
        'Vous avez envoyé trop d’images ces dernières minutes. Patientez 10 minutes puis réessayez.',
      );

      // A colleague still may, until the organization's 5 in 10 minutes are reached.
      const colleague = (await signInAs(context.server, { role: 'editor', organizationId: acme.organizationId })).token;
      for (let i = 0; i < 2; i += 1) expect((await postImage(context.server, colleague)).status).toBe(201);
      const ours = await refused(colleague, 429);
      expect(ours.error).toMatchObject({
        message:
          'Your organization has uploaded too many images in the last few minutes. Wait 10 minutes and try again.',
        details: { limited: 'organization' },
      });
      const third = (await signInAs(context.server, { role: 'operator', organizationId: acme.organizationId })).token;
      expect((await refused(third, 429)).error.details).toMatchObject({ limited: 'organization' });

      // Another organization's users are not held back.
      expect((await postImage(context.server, (await tenant()).token)).status).toBe(201);
    });

    it('refuses an upload once the organization’s images take its 1024 MB, with 413 and what to do', async () => {
      const full = await tenant();
      await alreadyStored(full.organizationId, GIB - 1);
      // Under the quota by a byte: this upload is stored, and takes the organization over it.
      expect((await postImage(context.server, full.token)).status).toBe(201);

      const over = await refused(full.token, 413);
      expect(over.error).toEqual({
        code: 'image_quota_exceeded',
        message:
          'Your organization’s images already take all of its 1024 MB of storage. Remove pictures you no longer use (an image nothing uses is deleted a day or two later) or ask a platform administrator for more space.',
        details: { quota_mb: 1024 },
      });
      const inFrench = await refused(full.token, 413, { 'accept-language': 'fr-FR' });
      expect(inFrench.error.message).toMatch(
        /^Les images de votre organisation occupent déjà tout son espace de 1024\u00a0Mo\./,
      );

      // Another organization is not concerned.
      expect((await postImage(context.server, (await tenant()).token)).status).toBe(201);
    });

    it('holds the super-admins’ platform organization to the same quota', async () => {
      const admin = await signInAs(context.server, { role: 'super-admin' });
      await alreadyStored(admin.organizationId, GIB);
      expect((await refused(admin.token, 413)).error.code).toBe('image_quota_exceeded');
    });
  },
  {
    server: { authLimits: { 'image-upload': { account: limit(3), organization: limit(5) } } },
  },
);
