import type { CoachingSessionAnswer } from '@ai-coaching/contracts';
import {
  ConflictError,
  isTerminalCoachingSessionStatus,
  NotFoundError,
  type VoiceTurnDetectionMode,
} from '@ai-coaching/domain';
import { findAiSpeechVoice } from '@ai-coaching/projections';
import type { AppServices, Origin } from '../../app-services.js';
import { reread } from '../sessions/answers.js';
import { runAndSettle } from '../sessions/session-stream.js';
import { sessionCaller, visibleSession } from '../sessions/visibility.js';

/**
 * The player changes the voice, speed or turn detection of their own voice session (docs/voice.md, "Voice settings"):
 * its player, or the guest its token names, as for a turn; anyone else 404. A voice must be a speech voice of the
 * platform or of the session's organization. The same settings again change nothing and answer the session as it is.
 */
export const changeCoachingSessionVoiceSettings = async (
  services: AppServices,
  origin: Origin,
  sessionId: string,
  body: {
    voice_id?: string | null | undefined;
    speed?: number | undefined;
    turn_detection?: VoiceTurnDetectionMode | undefined;
  },
): Promise<CoachingSessionAnswer> => {
  const caller = sessionCaller(origin.caller);
  const session = await visibleSession(services, caller, sessionId, 'play');
  if (body.voice_id !== undefined && body.voice_id !== null && body.voice_id !== session.voiceSettings.voiceId) {
    const voice = await findAiSpeechVoice(services.db, body.voice_id);
    if (!voice || (voice.organizationId !== null && voice.organizationId !== session.organizationId)) {
      throw new NotFoundError('ai_voice_not_found', 'This speech voice does not exist.', { field: 'voice_id' });
    }
  }
  const result = await runAndSettle(services, origin, sessionId, {
    type: 'ChangeCoachingSessionVoiceSettings',
    data: {
      sessionId,
      change: {
        ...(body.voice_id === undefined ? {} : { voiceId: body.voice_id }),
        ...(body.speed === undefined ? {} : { speed: body.speed }),
        ...(body.turn_detection === undefined ? {} : { turnDetection: body.turn_detection }),
      },
    },
  });
  // Its time was up: the command ended it instead, so the settings were not changed.
  if (result.state.status !== 'none' && isTerminalCoachingSessionStatus(result.state.status)) {
    throw new ConflictError('coaching_session_ended', `This session has already ended (${result.state.status}).`, {
      status: result.state.status,
    });
  }
  return reread(services, sessionId);
};
