import {
  apiClient,
  createTestOrganization,
  describeApi,
  signIn,
  signInAs,
  TEST_PASSWORD,
  type TestUser,
} from '@ai-coaching/api/testing';
import {
  imageUploadOperations as images,
  missionContent,
  organizationOperations as organizations,
  personaContent,
  playlistContent,
  userGroupOperations as groups,
  userOperations as users,
} from '@ai-coaching/contracts';
import { shiftedClock } from '@ai-coaching/platform';
import { createImageCleanupHandler } from '@ai-coaching/workers';
import { expect, it } from 'vitest';
import { blobFiles, storedImageId } from './uploading.js';

// The daily `images.unreferenced-cleanup` job (docs/image-uploads.md, "Cleanup"): an image nothing has pointed at
// for a day goes, its bytes and its row; an image in use, or uploaded less than a day ago, stays. The server runs on
// a clock the spec moves forward by days, and the job's handler is run as the queue runs it.

const HOUR = 60 * 60 * 1000;

const clock = shiftedClock();

await describeApi(
  '[UPLOADS]: the cleanup of unused images',
  (context) => {
    const { api } = context;
    /** A token valid at the server's current time (the clock moves past the ones issued before). */
    const tokenOf = (user: TestUser) => signIn(context.server, user.email, TEST_PASSWORD);

    const runCleanup = () =>
      createImageCleanupHandler(context.server.platform)(
        {},
        { jobId: 'spec', attempt: 1, signal: new AbortController().signal },
      );
    const exists = async (id: string) => {
      const served = await apiClient(context.server).call(images.read, { params: { id } });
      const row = await context.server.platform.db.query('SELECT 1 FROM image_uploads WHERE id = $1', [id]);
      const file = (await blobFiles(context.server)).some((path) => path.includes(id));
      // Row and bytes go together: never one without the other.
      expect({ row: row.rows.length === 1, file }).toEqual({
        row: served.status === 200,
        file: served.status === 200,
      });
      return served.status === 200;
    };

    it('deletes what nothing has used for a day, and keeps what entities use or was uploaded less than a day ago', async () => {
      const organizationId = await createTestOrganization(context.server);
      const operator = await signInAs(context.server, { role: 'operator', organizationId });
      const editor = await signInAs(context.server, { role: 'editor', organizationId });
      const learner = await signInAs(context.server, { role: 'user', organizationId });

      // Every kind of entity that points at an image.
      const dropped = await storedImageId(context.server, learner.token);
      await api(learner.token).call(users.update, {
        params: { id: learner.userId },
        body: { avatar_image_id: dropped },
      });
      const avatar = await storedImageId(context.server, learner.token);
      await api(learner.token).call(users.update, {
        params: { id: learner.userId },
        body: { avatar_image_id: avatar },
      });
      const logo = await storedImageId(context.server, operator.token, 'organizations');
      await api(operator.token).call(organizations.update, {
        params: { id: organizationId },
        body: { logo_image_id: logo },
      });
      const groupPicture = await storedImageId(context.server, operator.token, 'usergroups');
      await api(operator.token).call(groups.create, {
        body: { name: 'Sales team', organization_id: organizationId, image_id: groupPicture },
      });
      const personaPicture = await storedImageId(context.server, editor.token);
      const persona = await api(editor.token).call(personaContent.operations.create, {
        body: { name: 'Alex', language: 'en-GB', avatar_image_id: personaPicture },
      });
      // A mission's first picture stays in its first published version only, which sessions may still show.
      const firstMissionPicture = await storedImageId(context.server, editor.token, 'missions');
      const mission = await api(editor.token).call(missionContent.operations.create, {
        body: { title: 'Hold the price', image_id: firstMissionPicture },
      });
      const missions = missionContent.operations;
      await api(editor.token).call(missions.publish, { params: { id: mission.body.id } });
      const secondMissionPicture = await storedImageId(context.server, editor.token, 'missions');
      await api(editor.token).call(missions.update, {
        params: { id: mission.body.id },
        body: { image_id: secondMissionPicture },
      });
      await api(editor.token).call(missions.publish, { params: { id: mission.body.id } });
      // An archived item can be restored with its picture.
      const playlistPicture = await storedImageId(context.server, editor.token, 'playlists');
      const playlist = await api(editor.token).call(playlistContent.operations.create, {
        body: { name: 'Onboarding', image_id: playlistPicture },
      });
      await api(editor.token).call(playlistContent.operations.publish, { params: { id: playlist.body.id } });
      const archived = await api(editor.token).call(playlistContent.operations.archive, {
        params: { id: playlist.body.id },
      });
      expect(archived.body.status).toBe('archived');
      const orphan = await storedImageId(context.server, learner.token);
      const used = [
        avatar,
        logo,
        groupPicture,
        personaPicture,
        firstMissionPicture,
        secondMissionPicture,
        playlistPicture,
      ];

      // The same day: nothing is a day old yet.
      await runCleanup();
      for (const id of [...used, dropped, orphan]) expect(await exists(id), id).toBe(true);

      // A day and an hour later: what nothing uses goes; a new upload waits for its form.
      clock.shift(25 * HOUR);
      const fresh = await storedImageId(context.server, await tokenOf(learner));
      const editorNow = await tokenOf(editor);
      await api(editorNow).call(personaContent.operations.update, {
        params: { id: persona.body.id },
        body: { avatar_image_id: null },
      });
      await runCleanup();
      expect(await exists(orphan)).toBe(false);
      expect(await exists(dropped)).toBe(false);
      for (const id of [...used, fresh]) expect(await exists(id), id).toBe(true);

      // The persona's picture, dropped a day ago less an hour, and the new upload stay a little longer…
      clock.shift(23 * HOUR);
      await runCleanup();
      expect(await exists(personaPicture)).toBe(true);
      expect(await exists(fresh)).toBe(true);
      // …and go once a day has passed since the cleanup first found them unused.
      clock.shift(2 * HOUR);
      await runCleanup();
      expect(await exists(personaPicture)).toBe(false);
      expect(await exists(fresh)).toBe(false);
      for (const id of used.filter((id) => id !== personaPicture)) expect(await exists(id), id).toBe(true);
    });
  },
  { server: { clock } },
);
