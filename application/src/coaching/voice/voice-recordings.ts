import type { CoachingSessionRecordings } from '@ai-coaching/contracts';
import { NotFoundError, toWav, type Pcm16 } from '@ai-coaching/domain';
import {
  openVoiceRecording,
  saveVoiceRecording,
  secretEncryptionKeys,
  voiceRecordingsOf,
  type VoiceRecordingRole,
} from '@ai-coaching/platform';
import type { AppServices, Origin } from '../../app-services.js';
import { sessionCaller, visibleSession } from '../sessions/visibility.js';

// Voice recordings (docs/voice.md, "Recordings"): when the session's organization records voice sessions, the
// gateway keeps each side's audio of each turn here, sealed with the session's key (ADR 0015, ADR 0018); whoever may
// read the session's result replays them; deleting the session shreds them with its transcript.

/** Shorter than this is a click or a breath, not a turn worth replaying. */
const SHORTEST_RECORDING_MS = 200;

const recordingDeps = (services: AppServices) => ({
  db: services.db,
  blobs: services.blobs,
  masterKeys: () => secretEncryptionKeys(services),
});

const recordingNotFound = () =>
  new NotFoundError('coaching_recording_not_found', 'This recording does not exist, or was deleted with its session.');

/**
 * Keeps one side's audio of a turn. The gateway calls it only for a session whose organization records voice
 * sessions; the same turn and side again keeps the first; a session being deleted keeps nothing.
 */
export const keepCoachingVoiceRecording = async (
  services: AppServices,
  recording: { sessionId: string; organizationId: string; turnId: string; role: VoiceRecordingRole; audio: Pcm16 },
): Promise<'saved' | 'exists' | 'shredded' | 'too_short'> => {
  const durationMs = (recording.audio.samples.length / recording.audio.sampleRate) * 1000;
  if (durationMs < SHORTEST_RECORDING_MS) return 'too_short';
  return saveVoiceRecording(
    recordingDeps(services),
    {
      recordingId: services.ids.newId(),
      sessionId: recording.sessionId,
      organizationId: recording.organizationId,
      turnId: recording.turnId,
      role: recording.role,
      durationMs,
      recordedAt: services.clock.now().toISOString(),
    },
    toWav(recording.audio),
  );
};

/** A session's recordings, for whoever may read the session (its player, a reviewer, a guest through their link). */
export const listCoachingSessionRecordings = async (
  services: AppServices,
  origin: Origin,
  sessionId: string,
): Promise<CoachingSessionRecordings> => {
  const session = await visibleSession(services, sessionCaller(origin.caller), sessionId, 'read');
  const recordings = await voiceRecordingsOf(services.db, session.organizationId, session.sessionId);
  return {
    items: recordings.map((recording) => ({
      id: recording.recordingId,
      turn_id: recording.turnId,
      role: recording.role,
      duration_ms: recording.durationMs,
      recorded_at: recording.recordedAt,
    })),
    duration_ms: recordings.reduce((sum, recording) => sum + recording.durationMs, 0),
  };
};

/** One recording's WAVE bytes, opened with the session's key. */
export const readCoachingSessionRecording = async (
  services: AppServices,
  origin: Origin,
  sessionId: string,
  recordingId: string,
): Promise<{ wav: Uint8Array }> => {
  const session = await visibleSession(services, sessionCaller(origin.caller), sessionId, 'read');
  const wav = await openVoiceRecording(recordingDeps(services), session.organizationId, session.sessionId, recordingId);
  if (!wav) throw recordingNotFound();
  return { wav };
};
