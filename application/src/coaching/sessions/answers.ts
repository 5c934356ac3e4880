import type { CoachingSessionAnswer } from '@ai-coaching/contracts';
import { coachingSessionEndsAt, sessionPriceCredits, UnavailableError } from '@ai-coaching/domain';
import {
  findAiModel,
  findCoachingSession,
  listCoachingSessionTurns,
  type CoachingSessionView,
} from '@ai-coaching/projections';
import { voiceLatencyOfSession } from '@ai-coaching/platform';
import { BUILTIN_AI_PROVIDER_ID } from '../../ai/builtin-provider.js';
import { nowIso, type AppServices } from '../../app-services.js';
import { playedPersonaOf } from './persona-brief.js';

// A session as the contracts answer it: its summary in lists, the whole session with its transcript when read.

/** Whole seconds played so far, as the decider counts them. */
const secondsSoFar = (session: CoachingSessionView, now: string) =>
  Math.min(session.timeLimitSeconds, Math.max(0, Math.floor((Date.parse(now) - Date.parse(session.startedAt)) / 1000)));

/** Captured once ended; while playing, what ending now would capture, so the learner sees the credits used. */
const costOf = (session: CoachingSessionView, now: string) => {
  if (session.capturedCredits !== null) return session.capturedCredits;
  if (!session.personaSpoke) return 0;
  return Math.min(session.reservedCredits, sessionPriceCredits(session.creditsPerMinute, secondsSoFar(session, now)));
};

/** A voice session's settings as it plays now; a text session has none. */
const voiceSettingsAnswerOf = (session: CoachingSessionView): CoachingSessionAnswer['voice_settings'] => {
  if (session.content.mode !== 'voice') return null;
  const settings = session.voiceSettings;
  return {
    voice_id: settings.voiceId,
    speed: settings.speed,
    turn_detection: settings.turnDetection,
    silence_ms: settings.silenceMs,
    recognition_model_id: settings.recognitionModelId,
  };
};

export const summaryOf = (
  session: CoachingSessionView,
  now: string,
): Omit<CoachingSessionAnswer, 'turns' | 'mission_goal' | 'persona_name' | 'voice_latency' | 'scripted'> => ({
  id: session.sessionId,
  scenario_id: session.scenarioId,
  status: session.status,
  cost_credits: costOf(session, now),
  started_at: session.startedAt,
  ...(session.endedAt === null ? {} : { ended_at: session.endedAt }),
  name: session.name,
  organization_id: session.organizationId,
  user_id: session.userId,
  guest_name: session.guest?.displayName ?? null,
  persona_id: session.content.persona.id,
  mission_id: session.content.mission?.id ?? null,
  model_id: session.content.modelId,
  language: session.content.language,
  mode: session.content.mode,
  time_limit_seconds: session.timeLimitSeconds,
  turn_limit: session.turnLimit,
  ends_at: coachingSessionEndsAt(session),
  credits_per_minute: session.creditsPerMinute,
  reserved_credits: session.reservedCredits,
  end_reason: session.endReason,
  awaiting_reply_to: session.awaitingReplyTo,
  voice_settings: voiceSettingsAnswerOf(session),
  private: session.private,
});

/** A voice session's voice-to-voice p50 and p95 (docs/voice.md, "Latency records"); null before a measured turn. */
const voiceLatencyOf = async (
  services: AppServices,
  session: CoachingSessionView,
): Promise<CoachingSessionAnswer['voice_latency']> => {
  if (session.content.mode !== 'voice') return null;
  const latency = await voiceLatencyOfSession(services.db, session.organizationId, session.sessionId);
  if (latency.turns === 0 || latency.voiceToVoiceP50Ms === null || latency.voiceToVoiceP95Ms === null) return null;
  return { turns: latency.turns, p50_ms: latency.voiceToVoiceP50Ms, p95_ms: latency.voiceToVoiceP95Ms };
};

export const answerOf = async (services: AppServices, session: CoachingSessionView): Promise<CoachingSessionAnswer> => {
  const [turns, voiceLatency, { persona, mission }, model] = await Promise.all([
    listCoachingSessionTurns(services.db, session.sessionId),
    voiceLatencyOf(services, session),
    playedPersonaOf(services, session),
    findAiModel(services.db, session.content.modelId),
  ]);
  return {
    ...summaryOf(session, nowIso(services)),
    turns: turns.map((turn) => ({ id: turn.turnId, role: turn.role, text: turn.text, at: turn.at })),
    mission_goal: mission ? mission.goal : null,
    persona_name: persona.name || null,
    voice_latency: voiceLatency,
    scripted: model?.providerId === BUILTIN_AI_PROVIDER_ID,
  };
};

/** How often a command's answer looks again for a session its read model has not shown yet. */
const LAGGING_POLL_MS = 100;

/**
 * The session as the read model holds it after a command. The command waited for the read model (bounded by
 * PROJECTION_WAIT_MS); under a load that outlasts that wait, a session just started may not be there yet: it is looked
 * for once more for as long, and then the answer says the session exists and is on its way (503) rather than that it
 * does not (404), which a client would take for a failed start.
 */
export const reread = async (services: AppServices, sessionId: string): Promise<CoachingSessionAnswer> => {
  const deadline = performance.now() + services.config.PROJECTION_WAIT_MS;
  let session = await findCoachingSession(services.db, sessionId);
  while (!session && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, LAGGING_POLL_MS));
    session = await findCoachingSession(services.db, sessionId);
  }
  if (!session) {
    throw new UnavailableError(
      'coaching_session_preparing',
      'The session is saved and being prepared. Open it again in a moment.',
      { session_id: sessionId },
    );
  }
  return answerOf(services, session);
};
