import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFsBlobStore } from '../blobs/fs-blob-store.js';
import { deriveEncryptionKey } from '../crypto/encryption.js';
import { destroyDataKey, personalDataKeyMigrations } from '../crypto/personal-data-keys.js';
import { newId } from '../crypto/ids.js';
import { migrate } from '../sql/migrations.js';
import { createPgliteDatabase } from '../sql/pglite-database.js';
import type { SqlDatabase } from '../sql/sql-database.js';
import {
  deleteVoiceRecordings,
  openVoiceRecording,
  saveVoiceRecording,
  voiceRecordingMigrations,
  voiceRecordingsOf,
  type VoiceRecordingDeps,
} from './voice-recordings.js';

// The adapter under the recordings use cases: sealed files named by tenant and session, listed per tenant, idempotent
// per turn and side, and nothing kept or opened once the session's key is destroyed. The PostgreSQL engine runs the
// same SQL through the whole-session integration spec (tests/src/coaching/session-voice-recordings.int.spec.ts).

const master = deriveEncryptionKey('an-auth-secret-of-at-least-32-characters');
const wav = new Uint8Array(Array.from({ length: 2000 }, (_, i) => i % 251));

describe('voice recordings on PGlite with a directory blob store', () => {
  let db: SqlDatabase;
  let dir = '';
  let deps: VoiceRecordingDeps;

  const recording = (sessionId: string, organizationId: string, turnId = 'turn-1') => ({
    recordingId: newId(),
    sessionId,
    organizationId,
    turnId,
    role: 'learner' as const,
    durationMs: 1234.4,
    recordedAt: '2026-11-25T10:00:00.000Z',
  });

  beforeAll(async () => {
    db = await createPgliteDatabase();
    await migrate(db, [...personalDataKeyMigrations, ...voiceRecordingMigrations]);
    dir = await mkdtemp(path.join(os.tmpdir(), 'recordings-'));
    deps = { db, blobs: createFsBlobStore({ dir }), masterKeys: async () => [master] };
  });
  afterAll(async () => {
    await db?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('keeps the first recording of a turn and side, and opens it in its own organization only', async () => {
    const first = recording('session-a', 'org-a');
    expect(await saveVoiceRecording(deps, first, wav)).toBe('saved');
    expect(await saveVoiceRecording(deps, recording('session-a', 'org-a'), new Uint8Array(10))).toBe('exists');

    const listed = await voiceRecordingsOf(db, 'org-a', 'session-a');
    expect(listed).toEqual([{ ...first, durationMs: 1234, byteCount: wav.byteLength }]);
    expect(await voiceRecordingsOf(db, 'org-b', 'session-a')).toEqual([]);
    expect(Buffer.from((await openVoiceRecording(deps, 'org-a', 'session-a', first.recordingId))!)).toEqual(
      Buffer.from(wav),
    );
    expect(await openVoiceRecording(deps, 'org-b', 'session-a', first.recordingId)).toBeUndefined();
    expect(await openVoiceRecording(deps, 'org-a', 'session-b', first.recordingId)).toBeUndefined();
  });

  it('keeps nothing for a session whose key was destroyed, and opens nothing it kept before', async () => {
    const before = recording('session-c', 'org-a');
    expect(await saveVoiceRecording(deps, before, wav)).toBe('saved');
    await destroyDataKey(db, { subjectId: 'session-c', organizationId: 'org-a' }, new Date());
    expect(await openVoiceRecording(deps, 'org-a', 'session-c', before.recordingId)).toBeUndefined();
    expect(await saveVoiceRecording(deps, recording('session-c', 'org-a', 'turn-2'), wav)).toBe('shredded');
    expect((await voiceRecordingsOf(db, 'org-a', 'session-c')).map((kept) => kept.turnId)).toEqual(['turn-1']);
  });

  it('deletes a session’s files and rows, within its organization only', async () => {
    const kept = recording('session-d', 'org-a');
    await saveVoiceRecording(deps, kept, wav);
    const blobKey = `voice-recordings/org-a/session-d/${kept.recordingId}.wav.sealed`;
    expect(await deps.blobs.get(blobKey)).toBeDefined();

    expect(await deleteVoiceRecordings(deps, 'org-b', 'session-d')).toBe(0);
    expect(await voiceRecordingsOf(db, 'org-a', 'session-d')).toHaveLength(1);
    expect(await deleteVoiceRecordings(deps, 'org-a', 'session-d')).toBe(1);
    expect(await voiceRecordingsOf(db, 'org-a', 'session-d')).toEqual([]);
    expect(await deps.blobs.get(blobKey)).toBeUndefined();
  });
});
