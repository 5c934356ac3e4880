import type { CoachingSessionAnswer } from '@ai-coaching/contracts';
import {
  coachingSessionEndsAt,
  ConflictError,
  userAccount,
  type CoachingSessionPlayer,
  type OwnerAccount,
} from '@ai-coaching/domain';
import type { AppServices, Origin } from '../../app-services.js';
import { releaseReservation, reserveCredits } from '../../credits/reservations.js';
import { signedInUser } from '../../tenancy/scope.js';
import { missionOf, personaOf, scenarioOf, scenarioVoiceSettingsOf } from '../content/content-fields.js';
import { reread } from './answers.js';
import { greetingOf } from './persona-brief.js';
import { frozen, playableScenario, type PlayableScenario } from './played-content.js';
import { coachingSessionReservationId } from './reservation.js';
import { runSessionCommand } from './session-stream.js';
import { scheduleCoachingSessionTimeLimit } from './time-limit.js';

// The start sequence (docs/coaching-sessions.md): reserve the price on the payer's wallet → start the session →
// release the reservation if the start failed; then its time-limit timer and the persona's greeting.

/**
 * The hold outlives the time limit by this much: the ledger must never release credits while the learner still
 * plays, and the expiry job, which settles an abandoned session, runs only after it.
 */
export const SESSION_RESERVATION_GRACE_SECONDS = 300;

/** Who plays a new session, and whose wallet holds its price. */
export type SessionStart = {
  organizationId: string;
  player: CoachingSessionPlayer;
  account: OwnerAccount;
  /** Who the ledger says moved the credits: the learner, or a link's sharer for a guest. */
  actorId: string;
  /** Private practice (a learner's own start only): read by its player alone, counted for no assignment. */
  private?: boolean;
};

const insufficientCredits = (available: number, price: number) =>
  new ConflictError(
    'insufficient_credits',
    `Not enough credits to start this session: it reserves ${price} and ${available} are available.`,
    { available, price },
  );

/** Holds the price on the payer's wallet; answers when the hold expires. */
const reserve = async (
  services: AppServices,
  origin: Origin,
  who: SessionStart,
  hold: { sessionId: string; reservationId: string; price: number; ttlSeconds: number },
): Promise<string> => {
  const expiresAt = new Date(services.clock.now().getTime() + hold.ttlSeconds * 1000).toISOString();
  // The ledger holds no zero amount: a free model reserves nothing, and its session settles nothing.
  if (hold.price === 0) return expiresAt;
  try {
    const reserved = await reserveCredits(services, origin, {
      organizationId: who.organizationId,
      account: who.account,
      amount: hold.price,
      sessionId: hold.sessionId,
      reservationId: hold.reservationId,
      ttlSeconds: hold.ttlSeconds,
      actorId: who.actorId,
    });
    return reserved.expiresAt;
  } catch (error) {
    if (error instanceof ConflictError && error.code === 'insufficient_credits') {
      throw insufficientCredits(Number(error.details?.['available'] ?? 0), hold.price);
    }
    throw error;
  }
};

/** No session holds the credits of a failed start: they are freed now rather than at the expiry. */
const release = async (services: AppServices, origin: Origin, organizationId: string, reservationId: string) => {
  await releaseReservation(services, origin, { organizationId, reservationId }).catch((releaseError: unknown) =>
    services.logger.error({ err: releaseError, reservationId }, 'could not release a failed start'),
  );
};

const startCommandOf = (
  playable: PlayableScenario,
  who: SessionStart,
  sessionId: string,
  reservation: { reservationId: string; reservedCredits: number; expiresAt: string },
) => {
  const { scenario, persona, mission, observers, model, timeLimitSeconds } = playable;
  const fields = scenarioOf(scenario.fields);
  return {
    type: 'StartCoachingSession' as const,
    data: {
      sessionId,
      organizationId: who.organizationId,
      player: who.player,
      name: fields.name,
      content: {
        scenario: frozen(scenario),
        persona: frozen(persona),
        mission: mission && frozen(mission),
        observers: observers.map(frozen),
        modelId: model.aiModelId,
        // A scenario without a voice speaks with its persona's, as its editor says.
        voiceId: fields.voice_id || personaOf(persona.fields).voice_id || null,
        language: fields.language,
        mode: fields.mode,
        voiceSettings: scenarioVoiceSettingsOf(scenario.fields),
      },
      timeLimitSeconds,
      turnLimit: mission && missionOf(mission.fields).turn_limit,
      creditsPerMinute: model.creditsPerMinute,
      reservation,
      ...(who.private === true ? { private: true } : {}),
    },
  };
};

/**
 * Starts a session of a published scenario. Its price for the whole time limit is held on the payer's wallet first,
 * so a session never plays on credits it does not have; then the session freezes the versions it plays and the
 * persona opens with its greeting. The learner's own start, and a guest's through a share link.
 */
export const startSessionOf = async (
  services: AppServices,
  origin: Origin,
  playable: PlayableScenario,
  who: SessionStart,
  sessionId: string = services.ids.newId(),
): Promise<CoachingSessionAnswer> => {
  const { price } = playable;
  const reservationId = coachingSessionReservationId(sessionId);
  const ttlSeconds = playable.timeLimitSeconds + SESSION_RESERVATION_GRACE_SECONDS;
  const expiresAt = await reserve(services, origin, who, { sessionId, reservationId, price, ttlSeconds });
  const reservation = { reservationId, reservedCredits: price, expiresAt };
  let started: Awaited<ReturnType<typeof runSessionCommand>>;
  try {
    started = await runSessionCommand(
      services,
      origin,
      sessionId,
      startCommandOf(playable, who, sessionId, reservation),
    );
  } catch (error) {
    if (price > 0) await release(services, origin, who.organizationId, reservationId);
    throw error;
  }
  if (started.state.status !== 'none') {
    const endsAt = coachingSessionEndsAt(started.state);
    // A lost timer is not worth failing a started session for: a restart schedules it again, and the reservation's
    // expiry ends the session anyway.
    await scheduleCoachingSessionTimeLimit(services, {
      organizationId: who.organizationId,
      sessionId,
      endsAt,
    }).catch((error: unknown) => services.logger.error({ err: error, sessionId }, 'could not schedule the time limit'));
  }
  // The greeting needs no provider: it is the line the persona's editor previews (persona-greeting.ts).
  await runSessionCommand(services, origin, sessionId, {
    type: 'RecordCoachingSessionPersonaTurn',
    data: { sessionId, turnId: `${sessionId}-greeting`, replyTo: null, text: greetingOf(playable.persona.fields) },
  });
  return reread(services, sessionId);
};

/**
 * A learner starts a published scenario they may see, paid from their own wallet; as private practice if they ask
 * (docs/programs.md, "Private practice"): charged as usual, read by them alone, counted for no assignment.
 */
export const startCoachingSession = async (
  services: AppServices,
  origin: Origin,
  body: { scenario_id: string; private?: boolean | undefined },
): Promise<CoachingSessionAnswer> => {
  const caller = signedInUser(origin.caller);
  return startSessionOf(services, origin, await playableScenario(services, caller, body.scenario_id), {
    organizationId: caller.organizationId,
    player: { type: 'user', userId: caller.userId },
    account: userAccount(caller.userId),
    actorId: caller.userId,
    ...(body.private === true ? { private: true } : {}),
  });
};
