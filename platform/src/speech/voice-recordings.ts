import type { BlobStore } from '../blobs/blob-store.js';
import { decryptBytes, encryptBytes, type EncryptionKey } from '../crypto/encryption.js';
import { ensureDataKey, loadDataKeys } from '../crypto/personal-data-keys.js';
import type { Migration } from '../sql/migrations.js';
import type { SqlExecutor } from '../sql/sql-database.js';

/**
 * Voice recordings (docs/voice.md, "Recordings"): one side's audio of one turn, a WAVE file in the blob store sealed
 * with its session's data key (ADR 0015), so destroying that key when the session is deleted shreds the audio as it
 * shreds the transcript, whatever copies of the blob store exist. This table lists them, with ids and durations only.
 */
export const voiceRecordingMigrations: Migration[] = [
  {
    id: '0203_voice_recordings',
    sql: `CREATE TABLE voice_recordings (
      recording_id text PRIMARY KEY,
      session_id text NOT NULL,
      organization_id text NOT NULL,
      turn_id text NOT NULL,
      role text NOT NULL CHECK (role IN ('learner', 'persona')),
      duration_ms integer NOT NULL,
      byte_count integer NOT NULL,
      recorded_at timestamptz NOT NULL,
      UNIQUE (session_id, turn_id, role)
    );
    CREATE INDEX voice_recordings_session_idx ON voice_recordings (organization_id, session_id, recorded_at);`,
  },
];

export type VoiceRecordingRole = 'learner' | 'persona';

export type VoiceRecording = {
  recordingId: string;
  sessionId: string;
  organizationId: string;
  turnId: string;
  role: VoiceRecordingRole;
  durationMs: number;
  byteCount: number;
  recordedAt: string;
};

export type VoiceRecordingDeps = {
  db: SqlExecutor;
  blobs: BlobStore;
  masterKeys: () => Promise<readonly EncryptionKey[]>;
};

const blobKeyOf = (recording: Pick<VoiceRecording, 'organizationId' | 'sessionId' | 'recordingId'>) =>
  `voice-recordings/${recording.organizationId}/${recording.sessionId}/${recording.recordingId}.wav.sealed`;

/** Binds a sealed file to its recording: moved under another id, session or tenant, it does not open. */
const sealContext = (recording: Pick<VoiceRecording, 'organizationId' | 'sessionId' | 'recordingId'>) =>
  `voice_recording:${recording.organizationId}:${recording.sessionId}:${recording.recordingId}`;

/**
 * Keeps a recording. The same turn and side again keeps the first (a retry). A session whose key was destroyed (it is
 * being deleted) keeps nothing. The blob is written before its row: a crash in between leaves a sealed file no row
 * lists, which its session's shredded key makes unreadable anyway.
 */
export const saveVoiceRecording = async (
  deps: VoiceRecordingDeps,
  recording: Omit<VoiceRecording, 'byteCount'>,
  wav: Uint8Array,
): Promise<'saved' | 'exists' | 'shredded'> => {
  const { rows } = await deps.db.query(
    `SELECT 1 FROM voice_recordings WHERE session_id = $1 AND turn_id = $2 AND role = $3`,
    [recording.sessionId, recording.turnId, recording.role],
  );
  if (rows.length > 0) return 'exists';
  const key = await ensureDataKey(deps.db, await deps.masterKeys(), {
    subjectId: recording.sessionId,
    organizationId: recording.organizationId,
  });
  if (key === 'destroyed') return 'shredded';
  const sealed = encryptBytes(key, wav, sealContext(recording));
  await deps.blobs.put(blobKeyOf(recording), sealed, { contentType: 'application/octet-stream' });
  const { rowCount } = await deps.db.query(
    `INSERT INTO voice_recordings (recording_id, session_id, organization_id, turn_id, role, duration_ms, byte_count,
       recorded_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
    [
      recording.recordingId,
      recording.sessionId,
      recording.organizationId,
      recording.turnId,
      recording.role,
      Math.round(recording.durationMs),
      wav.byteLength,
      recording.recordedAt,
    ],
  );
  if (rowCount === 0) {
    // A racing writer kept the same turn first: this copy is not listed, so it goes.
    await deps.blobs.delete(blobKeyOf(recording));
    return 'exists';
  }
  return 'saved';
};

type RecordingRow = {
  recording_id: string;
  session_id: string;
  organization_id: string;
  turn_id: string;
  role: VoiceRecordingRole;
  duration_ms: number;
  byte_count: number;
  recorded_at: Date | string;
};

const recordingOf = (row: RecordingRow): VoiceRecording => ({
  recordingId: row.recording_id,
  sessionId: row.session_id,
  organizationId: row.organization_id,
  turnId: row.turn_id,
  role: row.role,
  durationMs: Number(row.duration_ms),
  byteCount: Number(row.byte_count),
  recordedAt: new Date(row.recorded_at).toISOString(),
});

/** A session's recordings within its organization, in the order they were spoken. */
export const voiceRecordingsOf = async (
  db: SqlExecutor,
  organizationId: string,
  sessionId: string,
): Promise<VoiceRecording[]> => {
  const { rows } = await db.query<RecordingRow>(
    `SELECT recording_id, session_id, organization_id, turn_id, role, duration_ms, byte_count, recorded_at
     FROM voice_recordings WHERE organization_id = $1 AND session_id = $2
     ORDER BY recorded_at, role, recording_id`,
    [organizationId, sessionId],
  );
  return rows.map(recordingOf);
};

/**
 * A recording's WAVE bytes, opened with its session's key; undefined when there is no such recording of this session
 * in this organization, its file is gone, or the session's key was destroyed.
 */
export const openVoiceRecording = async (
  deps: VoiceRecordingDeps,
  organizationId: string,
  sessionId: string,
  recordingId: string,
): Promise<Uint8Array | undefined> => {
  const { rows } = await deps.db.query<RecordingRow>(
    `SELECT recording_id, session_id, organization_id, turn_id, role, duration_ms, byte_count, recorded_at
     FROM voice_recordings WHERE organization_id = $1 AND session_id = $2 AND recording_id = $3`,
    [organizationId, sessionId, recordingId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const recording = recordingOf(row);
  const key = (await loadDataKeys(deps.db, await deps.masterKeys(), [sessionId])).get(sessionId);
  if (!key || key === 'destroyed') return undefined;
  const stored = await deps.blobs.get(blobKeyOf(recording));
  if (!stored) return undefined;
  return decryptBytes([key], stored.bytes, sealContext(recording));
};

/**
 * Deletes a session's recordings, files then rows, so a failure part-way leaves rows that a later deletion finds
 * again. Answers how many there were.
 */
export const deleteVoiceRecordings = async (
  deps: Pick<VoiceRecordingDeps, 'db' | 'blobs'>,
  organizationId: string,
  sessionId: string,
): Promise<number> => {
  const recordings = await voiceRecordingsOf(deps.db, organizationId, sessionId);
  for (const recording of recordings) await deps.blobs.delete(blobKeyOf(recording));
  await deps.db.query(`DELETE FROM voice_recordings WHERE organization_id = $1 AND session_id = $2`, [
    organizationId,
    sessionId,
  ]);
  return recordings.length;
};
