import type {
  CoachingSessionAnswer,
  CoachingSessionSummaryAnswer,
  CoachingSessionTurnAnswer,
  Page,
} from '@ai-coaching/contracts';
import {
  AiCallError,
  coachingSessionDecider,
  coachingSessionEndsAt,
  coachingSessionStreamId,
  ConflictError,
  createVisibleReplyStream,
  DomainError,
  effectiveTimeLimitSeconds,
  fold,
  ForbiddenError,
  isTerminalCoachingSessionStatus,
  NotFoundError,
  personaGreeting,
  sessionPriceCredits,
  UnavailableError,
  userAccount,
  type AiMessage,
  type CoachingFields,
  type CoachingSessionCommand,
  type CoachingSessionContentVersion,
  type CoachingSessionPlayer,
  type OwnerAccount,
  type CoachingSessionEvent,
  type CoachingSessionState,
  type CoachingSessionStatus,
  type ExistingCoachingSession,
  type ListParams,
  type PersonaMood,
  type RoleplayBrief,
  type SessionLanguage,
  type VoiceTurnDetectionMode,
} from '@ai-coaching/domain';
import {
  findAiModel,
  findAiSpeechVoice,
  findCoachingItem,
  findCoachingItemVersion,
  findCoachingSession,
  listCoachingSessions,
  listCoachingSessionTurns,
  type CoachingSessionView,
} from '@ai-coaching/projections';
import {
  deleteVoiceRecordings,
  destroyDataKey,
  eraseIdempotentAnswers,
  voiceLatencyOfSession,
  type Caller,
} from '@ai-coaching/platform';
import { aiPort } from '../../ai/ai-port.js';
import { nowIso, type AppServices, type Origin } from '../../app-services.js';
import { runCommand } from '../../commands/run-command.js';
import { captureReservation, releaseReservation, reserveCredits } from '../../credits/reservations.js';
import { walletOf } from '../../credits/wallets.js';
import { mayAccess, signedInUser, type GuestCaller, type UserCaller } from '../../tenancy/scope.js';
import { analyseEndedSession } from '../analysis/coaching-analysis.js';
import { visibleCoachingItem } from '../content/coaching-content.js';
import { scenarioVoiceSettingsOf } from '../content/content-fields.js';
import { coachingSessionReservationId } from './reservation.js';
import { CoachingSessionTimeNotUpYet, scheduleCoachingSessionTimeLimit } from './time-limit.js';

export { coachingSessionReservationId, sessionIdOfReservation } from './reservation.js';

// Text sessions over HTTP (docs/coaching-sessions.md, "HTTP"): start with a reservation, play turn by turn through
// the AI port, end and settle the credits. The gateway's streamed turn calls the same `playCoachingSessionTurn`, with
// a listener for the reply's deltas.

/**
 * The time limit of a scenario that sets none, nor does its mission: the reservation needs a bound, and half an
 * hour is longer than any role-play the library holds.
 */
export const DEFAULT_SESSION_TIME_LIMIT_SECONDS = 1800;

/**
 * The hold outlives the time limit by this much: the ledger must never release credits while the learner still
 * plays, and the expiry job, which settles an abandoned session, runs only after it.
 */
export const SESSION_RESERVATION_GRACE_SECONDS = 300;

/** A learner who never reaches a turn limit still plays under one: the built-in provider's brief needs a number. */
const NO_TURN_LIMIT = 10_000;

const sessionNotFound = () => new NotFoundError('coaching_session_not_found', 'This session does not exist.');

const unplayable = () =>
  new ConflictError(
    'coaching_scenario_unplayable',
    'This scenario cannot be played: its persona, mission or model is no longer available. Ask its author to publish it again.',
  );

const mayCheckOthers = (caller: UserCaller) => caller.permissions.includes('coaching-session-check-other');

const accessExpired = () =>
  new ForbiddenError(
    'coaching_session_access_expired',
    'This shared session has expired: its link is no longer valid, so its result cannot be opened any more.',
  );

/** Who may call the session routes: a signed-in user, or the guest of one session (docs/shared-sessions.md). */
export const sessionCaller = (caller: Caller | undefined): UserCaller | GuestCaller => {
  if (caller === undefined) throw new ForbiddenError('forbidden', 'You do not have permission to do this.');
  return caller;
};

/**
 * The player sees their own sessions; with `coaching-session-check-other`, the caller sees the others of their
 * organization too, and the sharer of a link the sessions of its guests, but only to read them. A guest sees the one
 * session their token names, until its link expires; a guest's session whose link expired is read by others only with
 * `coaching-session-access-expired`. Anything else answers 404, as for a missing session.
 *
 * To `erase`: the player their own session; a guest's session (its guest has no account to erase it with), whoever
 * reads it, even once its link expired, since erasing shows nothing of it (docs/shared-sessions.md).
 */
export const visibleSession = async (
  services: Pick<AppServices, 'db' | 'clock'>,
  caller: UserCaller | GuestCaller,
  sessionId: string,
  purpose: 'read' | 'play' | 'erase',
): Promise<CoachingSessionView> => {
  const session = await findCoachingSession(services.db, sessionId);
  if (!session) throw sessionNotFound();
  const expired = session.guest !== null && services.clock.now().getTime() >= Date.parse(session.guest.linkExpiresAt);
  if (caller.kind === 'guest') {
    if (session.guestId !== caller.guestId || caller.sharedSessionId !== sessionId) throw sessionNotFound();
    if (expired) throw accessExpired();
    return session;
  }
  if (!mayAccess(caller, session.organizationId)) throw sessionNotFound();
  if (session.userId === caller.userId) return session;
  const reader =
    (purpose === 'read' || (purpose === 'erase' && session.guest !== null)) &&
    (session.guest?.sharedBy === caller.userId ||
      (mayCheckOthers(caller) && session.organizationId === caller.organizationId));
  if (!reader) throw sessionNotFound();
  if (purpose === 'read' && expired && !caller.permissions.includes('coaching-session-access-expired')) {
    throw accessExpired();
  }
  return session;
};

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

const summaryOf = (
  session: CoachingSessionView,
  now: string,
): Omit<CoachingSessionAnswer, 'turns' | 'mission_goal' | 'persona_name' | 'voice_latency'> => ({
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

const answerOf = async (services: AppServices, session: CoachingSessionView): Promise<CoachingSessionAnswer> => {
  const [turns, voiceLatency] = await Promise.all([
    listCoachingSessionTurns(services.db, session.sessionId),
    voiceLatencyOf(services, session),
  ]);
  const [mission, persona] = await Promise.all([
    session.content.mission && fieldsOf(services, session.content.mission),
    fieldsOf(services, session.content.persona),
  ]);
  return {
    ...summaryOf(session, nowIso(services)),
    turns: turns.map((turn) => ({ id: turn.turnId, role: turn.role, text: turn.text, at: turn.at })),
    mission_goal: mission ? str(mission, 'goal') : null,
    persona_name: str(persona, 'name') || null,
    voice_latency: voiceLatency,
  };
};

const reread = async (services: AppServices, sessionId: string): Promise<CoachingSessionAnswer> => {
  const session = await findCoachingSession(services.db, sessionId);
  if (!session) throw sessionNotFound();
  return answerOf(services, session);
};

type WithoutTime<Command> = Command extends unknown ? Omit<Command, 'metadata'> : never;

const run = (
  services: AppServices,
  origin: Origin,
  sessionId: string,
  command: WithoutTime<CoachingSessionCommand>,
  commandId?: string,
) =>
  runCommand(
    services,
    origin,
    {
      streamId: coachingSessionStreamId(sessionId),
      decider: coachingSessionDecider,
      command: { ...command, metadata: { now: nowIso(services) } } as CoachingSessionCommand,
    },
    commandId ? { commandId } : {},
  );

/**
 * Captures what the ending charged and releases the rest. Every path that may end a session calls it, and calling
 * it again does nothing: the capture's command id is the reservation's, and a reservation resolves once.
 */
const settle = async (services: AppServices, origin: Origin, state: CoachingSessionState): Promise<void> => {
  if (state.status === 'none' || state.ending === null || state.reservation.reservedCredits === 0) return;
  try {
    await captureReservation(services, origin, {
      organizationId: state.organizationId,
      reservationId: state.reservation.reservationId,
      amount: state.ending.capturedCredits,
    });
  } catch (error) {
    // Settled already (a repeated End, or the expiry job got there first): nothing is charged twice.
    if (error instanceof ConflictError && error.code === 'reservation_already_resolved') return;
    throw error;
  }
};

const runAndSettle = async (
  services: AppServices,
  origin: Origin,
  sessionId: string,
  command: WithoutTime<CoachingSessionCommand>,
  commandId?: string,
) => {
  const result = await run(services, origin, sessionId, command, commandId);
  await settle(services, origin, result.state);
  if (result.events.some((event) => event.type === 'CoachingSessionEnded')) {
    await analyseEndedSession(services, origin, result.state);
  }
  return result;
};

type PublishedItem = { id: string; version: number; fields: CoachingFields };

/** The version of an item a new session plays: its latest published one, unless archived or deleted since. */
const publishedVersionOf = async (services: Pick<AppServices, 'db'>, itemId: string): Promise<PublishedItem> => {
  const item = await findCoachingItem(services.db, itemId);
  if (!item || item.publishedVersion === null || item.publishedFields === null || item.status === 'archived') {
    throw unplayable();
  }
  return { id: itemId, version: item.publishedVersion, fields: item.publishedFields };
};

const frozen = (item: PublishedItem): CoachingSessionContentVersion => ({ id: item.id, version: item.version });

const str = (fields: CoachingFields, key: string): string => {
  const value = fields[key];
  return typeof value === 'string' ? value : '';
};
const num = (fields: CoachingFields, key: string): number | null => {
  const value = fields[key];
  return typeof value === 'number' ? value : null;
};
const phrases = (fields: CoachingFields | null, key: string): string[] => {
  const value = fields?.[key];
  return Array.isArray(value) ? value.filter((phrase): phrase is string => typeof phrase === 'string') : [];
};

const greetingOf = (persona: CoachingFields): string =>
  personaGreeting({
    name: str(persona, 'name'),
    job_title: str(persona, 'job_title'),
    company: str(persona, 'company'),
    mood: (str(persona, 'mood') || 'neutral') as PersonaMood,
    language: (str(persona, 'language') || 'en-GB') as SessionLanguage,
  });

const insufficientCredits = (available: number, price: number) =>
  new ConflictError(
    'insufficient_credits',
    `Not enough credits to start this session: it reserves ${price} and ${available} are available.`,
    { available, price },
  );

/** What a new session of this scenario would play, for a caller who may see it. */
export const playableScenario = async (services: AppServices, caller: UserCaller, scenarioId: string) => {
  const scenarioItem = await visibleCoachingItem(services, caller, 'scenario', scenarioId);
  // Drafts are not played, even by their editors: a session refers to a published version.
  if (scenarioItem.publishedVersion === null || scenarioItem.status === 'archived') {
    throw new NotFoundError('coaching_item_not_found', 'This item does not exist.');
  }
  return publishedScenario(services, scenarioItem.itemId);
};

/**
 * What a new session of this scenario plays: the published versions, the model, the time limit and the price. A
 * share link's guests play it whoever they are: its sharer could see it when making the link.
 */
export const publishedScenario = async (services: Pick<AppServices, 'db'>, scenarioId: string) => {
  const scenario = await publishedVersionOf(services, scenarioId);
  const persona = await publishedVersionOf(services, str(scenario.fields, 'persona_id'));
  const missionId = str(scenario.fields, 'mission_id');
  const mission = missionId ? await publishedVersionOf(services, missionId) : null;
  const observerIds = Array.isArray(scenario.fields['observer_ids'])
    ? (scenario.fields['observer_ids'] as string[])
    : [];
  const observers = await Promise.all(observerIds.map((id) => publishedVersionOf(services, id)));
  const model = await findAiModel(services.db, str(scenario.fields, 'model_id'));
  if (!model || !model.capabilities.includes('chat')) throw unplayable();
  const timeLimitSeconds =
    effectiveTimeLimitSeconds(
      num(scenario.fields, 'time_limit_seconds'),
      mission && num(mission.fields, 'time_limit_seconds'),
    ) ?? DEFAULT_SESSION_TIME_LIMIT_SECONDS;
  const price = sessionPriceCredits(model.creditsPerMinute, timeLimitSeconds);
  return { scenario, persona, mission, observers, model, timeLimitSeconds, price };
};

/**
 * What the scenario's information page shows before a learner starts: the published scenario, persona, mission and
 * observers, and what starting costs against the learner's own wallet. One answer, because a learner may read the
 * scenario but not the AI model that sets its price.
 */
export const briefCoachingScenario = async (services: AppServices, origin: Origin, scenarioId: string) => {
  const caller = signedInUser(origin.caller);
  const { scenario, persona, mission, observers, model, timeLimitSeconds, price } = await playableScenario(
    services,
    caller,
    scenarioId,
  );
  const wallet = await walletOf(services, userAccount(caller.userId));
  const fields = scenario.fields;
  return {
    scenario_id: scenario.id,
    version: scenario.version,
    name: str(fields, 'name'),
    description: str(fields, 'description'),
    image_id: str(fields, 'image_id') || null,
    language: (str(fields, 'language') || 'en-GB') as SessionLanguage,
    mode: str(fields, 'mode') === 'voice' ? ('voice' as const) : ('text' as const),
    persona: {
      id: persona.id,
      name: str(persona.fields, 'name'),
      avatar_image_id: str(persona.fields, 'avatar_image_id') || null,
      job_title: str(persona.fields, 'job_title'),
      company: str(persona.fields, 'company'),
      greeting: greetingOf(persona.fields),
    },
    mission: mission && {
      id: mission.id,
      title: str(mission.fields, 'title'),
      image_id: str(mission.fields, 'image_id') || null,
      briefing: str(mission.fields, 'briefing'),
      goal: str(mission.fields, 'goal'),
      success_criteria: phrases(mission.fields, 'success_criteria'),
      failure_conditions: phrases(mission.fields, 'failure_conditions'),
      turn_limit: num(mission.fields, 'turn_limit'),
    },
    observers: observers.map((observer) => ({
      id: observer.id,
      name: str(observer.fields, 'name'),
      description: str(observer.fields, 'description'),
      avatar_image_id: str(observer.fields, 'avatar_image_id') || null,
    })),
    time_limit_seconds: timeLimitSeconds,
    credits_per_minute: model.creditsPerMinute,
    price_credits: price,
    available_credits: wallet.credit_wallet,
  };
};

/** What a learner weighs before starting a scenario, as the practice home's cards show it. */
export const practiceCardOf = (playable: Awaited<ReturnType<typeof publishedScenario>>) => {
  const { scenario, persona, timeLimitSeconds, price } = playable;
  return {
    id: scenario.id,
    name: str(scenario.fields, 'name'),
    description: str(scenario.fields, 'description'),
    image_id: str(scenario.fields, 'image_id') || null,
    mode: str(scenario.fields, 'mode') === 'voice' ? ('voice' as const) : ('text' as const),
    language: (str(scenario.fields, 'language') || 'en-GB') as SessionLanguage,
    difficulty: num(persona.fields, 'difficulty') ?? 3,
    time_limit_seconds: timeLimitSeconds,
    price_credits: price,
  };
};

/** Who plays a new session, and whose wallet holds its price. */
export type SessionStart = {
  organizationId: string;
  player: CoachingSessionPlayer;
  account: OwnerAccount;
  /** Who the ledger says moved the credits: the learner, or a link's sharer for a guest. */
  actorId: string;
};

/**
 * Starts a session of a published scenario. Its price for the whole time limit is held on the payer's wallet first,
 * so a session never plays on credits it does not have; then the session freezes the versions it plays and the
 * persona opens with its greeting. The learner's own start, and a guest's through a share link.
 */
export const startSessionOf = async (
  services: AppServices,
  origin: Origin,
  playable: Awaited<ReturnType<typeof publishedScenario>>,
  who: SessionStart,
  sessionId: string = services.ids.newId(),
): Promise<CoachingSessionAnswer> => {
  const { scenario, persona, mission, observers, model, timeLimitSeconds, price } = playable;
  const reservationId = coachingSessionReservationId(sessionId);
  const ttlSeconds = timeLimitSeconds + SESSION_RESERVATION_GRACE_SECONDS;

  let expiresAt = new Date(services.clock.now().getTime() + ttlSeconds * 1000).toISOString();
  // The ledger holds no zero amount: a free model reserves nothing, and its session settles nothing.
  if (price > 0) {
    try {
      const reserved = await reserveCredits(services, origin, {
        organizationId: who.organizationId,
        account: who.account,
        amount: price,
        sessionId,
        reservationId,
        ttlSeconds,
        actorId: who.actorId,
      });
      expiresAt = reserved.expiresAt;
    } catch (error) {
      if (error instanceof ConflictError && error.code === 'insufficient_credits') {
        throw insufficientCredits(Number(error.details?.['available'] ?? 0), price);
      }
      throw error;
    }
  }

  const start = run(services, origin, sessionId, {
    type: 'StartCoachingSession',
    data: {
      sessionId,
      organizationId: who.organizationId,
      player: who.player,
      name: str(scenario.fields, 'name'),
      content: {
        scenario: frozen(scenario),
        persona: frozen(persona),
        mission: mission && frozen(mission),
        observers: observers.map(frozen),
        modelId: model.aiModelId,
        // A scenario without a voice speaks with its persona's, as its editor says.
        voiceId: str(scenario.fields, 'voice_id') || str(persona.fields, 'voice_id') || null,
        language: (str(scenario.fields, 'language') || 'en-GB') as SessionLanguage,
        mode: str(scenario.fields, 'mode') === 'voice' ? 'voice' : 'text',
        voiceSettings: scenarioVoiceSettingsOf(scenario.fields),
      },
      timeLimitSeconds,
      turnLimit: mission && num(mission.fields, 'turn_limit'),
      creditsPerMinute: model.creditsPerMinute,
      reservation: { reservationId, reservedCredits: price, expiresAt },
    },
  });
  let started: Awaited<typeof start>;
  try {
    started = await start;
  } catch (error) {
    // No session holds the credits: free them now rather than at the expiry.
    if (price > 0) {
      await releaseReservation(services, origin, { organizationId: who.organizationId, reservationId }).catch(
        (releaseError: unknown) =>
          services.logger.error({ err: releaseError, reservationId }, 'could not release a failed start'),
      );
    }
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
  await run(services, origin, sessionId, {
    type: 'RecordCoachingSessionPersonaTurn',
    data: { sessionId, turnId: `${sessionId}-greeting`, replyTo: null, text: greetingOf(persona.fields) },
  });
  return reread(services, sessionId);
};

/** A learner starts a published scenario they may see, paid from their own wallet. */
export const startCoachingSession = async (
  services: AppServices,
  origin: Origin,
  body: { scenario_id: string },
): Promise<CoachingSessionAnswer> => {
  const caller = signedInUser(origin.caller);
  return startSessionOf(services, origin, await playableScenario(services, caller, body.scenario_id), {
    organizationId: caller.organizationId,
    player: { type: 'user', userId: caller.userId },
    account: userAccount(caller.userId),
    actorId: caller.userId,
  });
};

export type CoachingSessionListQuery = ListParams & {
  scope?: 'mine' | 'organization';
  scenario_id?: string;
  status?: CoachingSessionStatus;
  user_id?: string;
  from?: string;
  to?: string;
};

const notYours = () => new ForbiddenError('forbidden', 'You do not have permission to do this.');

export const listCoachingSessionsOf = async (
  services: AppServices,
  origin: Origin,
  query: CoachingSessionListQuery,
): Promise<Page<CoachingSessionSummaryAnswer>> => {
  const caller = signedInUser(origin.caller);
  const { scope = 'mine', scenario_id, status, user_id, from, to, ...params } = query;
  const others = scope === 'organization' || (user_id !== undefined && user_id !== caller.userId);
  if (others && !mayCheckOthers(caller)) throw notYours();
  const userId = scope === 'organization' ? user_id : (user_id ?? caller.userId);
  // Mine: what I played, and what guests played through my share links.
  const mine = scope === 'mine' && userId === caller.userId;
  const page = await listCoachingSessions(services.db, {
    ...params,
    organizationId: caller.organizationId,
    ...(mine ? { playedOrSharedBy: caller.userId } : userId === undefined ? {} : { userId }),
    ...(scenario_id === undefined ? {} : { scenarioId: scenario_id }),
    ...(status === undefined ? {} : { status }),
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
  });
  const now = nowIso(services);
  return {
    ...page,
    items: page.items.map((session) => ({ ...summaryOf(session, now), turn_count: session.turnCount })),
  };
};

export const readCoachingSession = async (services: AppServices, origin: Origin, sessionId: string) => {
  const caller = sessionCaller(origin.caller);
  return answerOf(services, await visibleSession(services, caller, sessionId, 'read'));
};

export const renameCoachingSession = async (
  services: AppServices,
  origin: Origin,
  sessionId: string,
  body: { name: string },
): Promise<CoachingSessionAnswer> => {
  const caller = signedInUser(origin.caller);
  await visibleSession(services, caller, sessionId, 'play');
  await run(services, origin, sessionId, { type: 'RenameCoachingSession', data: { sessionId, name: body.name } });
  return reread(services, sessionId);
};

/**
 * A session still playing is aborted and charged for its time first, so its hold is never left to the expiry. The
 * player deletes their own; a guest's session is deleted by whoever reads it (`visibleSession`, `erase`).
 */
export const deleteCoachingSession = async (services: AppServices, origin: Origin, sessionId: string) => {
  const caller = signedInUser(origin.caller);
  const session = await visibleSession(services, caller, sessionId, 'erase');
  await eraseCoachingSession(services, origin, session, caller.userId);
};

/**
 * The one delete path (the learner's, and the retention job's with no user): the session's key is destroyed first,
 * so its transcript and reports are unreadable in the events from then on (crypto-shredding: events are never
 * rewritten), then the deletion is recorded, which removes the read models' rows. Destroying first means a crash in
 * between leaves a session still listed but already unreadable, which deleting again finishes; the other order
 * would leave a deleted session whose text could still be read back.
 */
export const eraseCoachingSession = async (
  services: AppServices,
  origin: Origin,
  session: Pick<CoachingSessionView, 'sessionId' | 'organizationId'>,
  deletedBy: string | null,
) => {
  // The answers kept for idempotent retries quote the session in the clear: they go in the key's transaction, so
  // that no retry replays them once the key is gone (ADR 0019).
  await services.db.transaction(async (tx) => {
    const now = services.clock.now();
    await destroyDataKey(tx, { subjectId: session.sessionId, organizationId: session.organizationId }, now);
    await eraseIdempotentAnswers(tx, session.sessionId, now);
  });
  await runAndSettle(services, origin, session.sessionId, {
    type: 'DeleteCoachingSession',
    data: { sessionId: session.sessionId, userId: deletedBy },
  });
  // Its voice recordings were sealed with the key just destroyed: deleting the files frees their space, and a failure
  // here leaves only files no key opens.
  await deleteVoiceRecordings(services, session.organizationId, session.sessionId).catch((error: unknown) =>
    (origin.log ?? services.logger).warn(
      { err: error, sessionId: session.sessionId },
      'could not delete the recordings of a deleted session',
    ),
  );
};

/** Ends a session for the system (a revoked share link): as End, charged for the time used, with its report. */
export const endCoachingSessionNow = async (services: AppServices, origin: Origin, sessionId: string) => {
  await runAndSettle(services, origin, sessionId, { type: 'EndCoachingSession', data: { sessionId } });
};

/** End or Abort; on an ended session nothing changes, but its settlement is retried in case it was cut short. */
export const stopCoachingSession = async (
  services: AppServices,
  origin: Origin,
  sessionId: string,
  how: 'end' | 'abort',
): Promise<CoachingSessionAnswer> => {
  const caller = sessionCaller(origin.caller);
  await visibleSession(services, caller, sessionId, 'play');
  await runAndSettle(services, origin, sessionId, {
    type: how === 'end' ? 'EndCoachingSession' : 'AbortCoachingSession',
    data: { sessionId },
  });
  return reread(services, sessionId);
};

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

/**
 * The `session.time-limit` job: a session still playing at its deadline ends with `end` (`time_limit`), is charged the
 * whole limit and gets its report, as every other ending. An ended, deleted or unknown session changes nothing, and
 * neither does a paid one whose reservation has expired: its runtime died with the timer, and the reservation's expiry
 * ends it at its last turn (docs/coaching-sessions.md, "What each ending charges").
 */
export const expireCoachingSessionTimeLimit = async (
  services: AppServices,
  payload: { sessionId: string },
  options: { causationId: string },
): Promise<{ ended: boolean }> => {
  const recorded = await services.store.readStream(coachingSessionStreamId(payload.sessionId));
  const session = fold(
    coachingSessionDecider,
    recorded.map((event) => ({ type: event.type, data: event.data }) as CoachingSessionEvent),
  );
  if (session.status === 'none' || session.deleted || isTerminalCoachingSessionStatus(session.status)) {
    return { ended: false };
  }
  const now = services.clock.now().getTime();
  const { reservedCredits, expiresAt } = session.reservation;
  if (reservedCredits > 0 && now >= Date.parse(expiresAt)) return { ended: false };
  if (now < Date.parse(coachingSessionEndsAt(session))) {
    throw new CoachingSessionTimeNotUpYet(
      `Session ${payload.sessionId} plays until ${coachingSessionEndsAt(session)}; its time-limit job ran early.`,
    );
  }
  const result = await runAndSettle(
    services,
    { correlationId: options.causationId },
    payload.sessionId,
    { type: 'ExpireCoachingSessionTimeLimit', data: { sessionId: payload.sessionId } },
    `time-limit-${payload.sessionId}`,
  );
  return { ended: result.events.some((event) => event.type === 'CoachingSessionEnded') };
};

const fieldsOf = async (services: AppServices, version: CoachingSessionContentVersion): Promise<CoachingFields> => {
  const found = await findCoachingItemVersion(services.db, version.id, version.version);
  // Published versions are kept as long as their item; a deleted item's session still plays from its name alone.
  return found?.fields ?? {};
};

const roleOf = (persona: CoachingFields) =>
  [str(persona, 'job_title'), str(persona, 'company')].filter((part) => part.trim().length > 0).join(', ');

/**
 * What a real model reads: who it plays, what the learner must achieve, and how to close the role-play with the
 * markers the decider reads. The built-in provider reads the brief instead.
 */
const systemPrompt = (persona: CoachingFields, mission: CoachingFields | null, language: SessionLanguage): string => {
  const lines = [
    `You are ${str(persona, 'name')}${roleOf(persona) ? `, ${roleOf(persona)}` : ''}, in a role-play with a learner. Stay in character and answer in ${language}.`,
    `Personality: ${str(persona, 'personality')}`,
    `Background: ${str(persona, 'background')}`,
    `Mood: ${str(persona, 'mood')}. Difficulty (1 easy to 5 hard): ${num(persona, 'difficulty') ?? 3}.`,
    `Speaking style: ${str(persona, 'speaking_style')}`,
    `Instructions: ${str(persona, 'instructions')}`,
  ];
  if (mission) {
    lines.push(
      `The learner's goal: ${str(mission, 'goal')}`,
      `The learner succeeds when they: ${phrases(mission, 'success_criteria').join('; ')}. Then end your reply with [[WIN]].`,
      `The learner fails when they: ${phrases(mission, 'failure_conditions').join('; ')}. Then end your reply with [[LOSE]].`,
    );
  }
  lines.push('When the conversation has come to a natural close, end your reply with [[END]].');
  return lines.filter((line) => !/: $/.test(line)).join('\n');
};

const briefOf = (
  session: ExistingCoachingSession,
  persona: CoachingFields,
  mission: CoachingFields | null,
): RoleplayBrief => {
  const greeting = session.turns.find((turn) => turn.role === 'persona' && turn.replyTo === null)?.text;
  const role = roleOf(persona);
  return {
    language: session.content.language,
    persona: {
      name: str(persona, 'name'),
      ...(role ? { role } : {}),
      background: [],
      ...(greeting ? { greeting } : {}),
    },
    mission: {
      // The persona's objections are prose in its instructions, which only a real model reads.
      objections: [],
      successPhrases: phrases(mission, 'success_criteria'),
      failurePhrases: phrases(mission, 'failure_conditions'),
    },
    turnLimit: session.turnLimit ?? NO_TURN_LIMIT,
  };
};

const replyFailed = (turnId: string, reason: string) =>
  new UnavailableError(
    'coaching_session_reply_failed',
    'The persona could not answer: the AI provider failed. Nothing was recorded or charged; send your turn again.',
    { reason, turn_id: turnId },
  );

/** Told each piece of the persona's reply as the provider streams it, outcome markers left out. */
export type ReplyDeltaListener = (text: string) => void;

/**
 * The persona's whole reply from the provider; any failure records nothing, so the learner resends the turn. Deltas
 * reach `onDelta` as they come: a reply that fails midway has shown words the transcript will not hold, which the
 * player discards when told to resend.
 */
const askPersona = async (
  services: AppServices,
  session: ExistingCoachingSession,
  turnId: string,
  onDelta?: ReplyDeltaListener,
) => {
  const [persona, mission] = await Promise.all([
    fieldsOf(services, session.content.persona),
    session.content.mission ? fieldsOf(services, session.content.mission) : Promise.resolve(null),
  ]);
  const model = await findAiModel(services.db, session.content.modelId);
  if (!model) throw replyFailed(turnId, 'ai_model_not_found');
  const messages: AiMessage[] = [
    { role: 'system', content: systemPrompt(persona, mission, session.content.language) },
    ...session.turns.map((turn): AiMessage => ({
      role: turn.role === 'persona' ? 'assistant' : 'user',
      content: turn.text,
    })),
  ];
  try {
    let reply = '';
    const visible = createVisibleReplyStream();
    const show = (text: string) => {
      if (onDelta && text) onDelta(text);
    };
    for await (const event of aiPort(services).chat(
      { providerId: model.providerId, modelId: model.aiModelId },
      { messages, roleplay: briefOf(session, persona, mission) },
      { organizationId: session.organizationId, sessionId: session.sessionId },
    )) {
      if (event.type === 'delta') {
        reply += event.text;
        show(visible.push(event.text));
      } else reply = event.text;
    }
    show(visible.flush());
    if (reply.trim().length === 0) throw new AiCallError('invalid_output', 'The provider answered nothing.');
    return reply;
  } catch (error) {
    if (error instanceof AiCallError || error instanceof DomainError) throw replyFailed(turnId, error.code);
    services.logger.error({ err: error, sessionId: session.sessionId }, 'persona reply failed');
    throw replyFailed(turnId, 'provider_error');
  }
};

/**
 * What a speech-to-speech provider is told to be (docs/voice.md, "Realtime voice"): the persona's prompt, then the
 * conversation so far, so a conversation reopened (another gateway node, a provider that dropped) goes on where it was.
 */
export const personaInstructions = async (
  services: AppServices,
  session: Pick<CoachingSessionView, 'sessionId' | 'content'>,
): Promise<string> => {
  const [persona, mission, turns] = await Promise.all([
    fieldsOf(services, session.content.persona),
    session.content.mission ? fieldsOf(services, session.content.mission) : Promise.resolve(null),
    listCoachingSessionTurns(services.db, session.sessionId),
  ]);
  const prompt = systemPrompt(persona, mission, session.content.language);
  if (turns.length === 0) return prompt;
  const history = turns.map((turn) => `${turn.role === 'persona' ? 'You' : 'Learner'}: ${turn.text}`).join('\n');
  return `${prompt}\nThe conversation so far:\n${history}`;
};

const turnAnswer = (state: CoachingSessionState, learnerTurnId: string): CoachingSessionTurnAnswer => {
  if (state.status === 'none') throw sessionNotFound();
  const reply = state.turns.find((turn) => turn.role === 'persona' && turn.replyTo === learnerTurnId);
  return { reply: reply?.text ?? '', status: state.status };
};

/**
 * One learner turn and the persona's whole reply. The learner's turn is recorded first, under the client's id, so a
 * resent turn (a failed reply, a dropped connection) is recorded once and the provider is asked again only while it
 * awaits its reply. The reply's persona turn id derives from it, so two runs of one reply record the first.
 */
export const playCoachingSessionTurn = async (
  services: AppServices,
  origin: Origin,
  sessionId: string,
  body: { text: string; turn_id?: string | undefined },
  options: {
    onDelta?: ReplyDeltaListener;
    /**
     * The persona's reply when a speech-to-speech provider already spoke it (realtime voice): recorded as it is,
     * no model asked. Its outcome markers end the session as a typed reply's do.
     */
    reply?: string;
  } = {},
): Promise<CoachingSessionTurnAnswer> => {
  const caller = sessionCaller(origin.caller);
  await visibleSession(services, caller, sessionId, 'play');
  const turnId = body.turn_id ?? services.ids.newId();
  const recorded = await runAndSettle(services, origin, sessionId, {
    type: 'RecordCoachingSessionLearnerTurn',
    data: { sessionId, turnId, text: body.text },
  });
  const state = recorded.state;
  if (state.status === 'none' || isTerminalCoachingSessionStatus(state.status) || state.awaitingReplyTo !== turnId) {
    return turnAnswer(state, turnId);
  }
  const reply = options.reply ?? (await askPersona(services, state, turnId, options.onDelta));
  const answered = await runAndSettle(services, origin, sessionId, {
    type: 'RecordCoachingSessionPersonaTurn',
    data: { sessionId, turnId: `reply-${turnId}`, replyTo: turnId, text: reply },
  });
  return turnAnswer(answered.state, turnId);
};
