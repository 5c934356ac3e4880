import type { Page, SharedSession, SharedSessionGuestLink, SharedSessionPage } from '@ai-coaching/contracts';
import {
  coachingSharedSessionDecider,
  coachingSharedSessionStreamId,
  ConflictError,
  ForbiddenError,
  groupAccount,
  NotFoundError,
  sharedSessionUnavailable,
  userAccount,
  type ListParams,
  type SharedSessionPayer,
} from '@ai-coaching/domain';
import { deriveSecretCode, hashSecretCode, secretEncryptionKeys, type AuthRateLimiter } from '@ai-coaching/platform';
import {
  findCoachingItem,
  findCoachingSession,
  findCoachingSharedSession,
  findCoachingSharedSessionByCodeHash,
  findOrganization,
  findUser,
  findUserGroup,
  listCoachingSharedSessions,
  listLiveGuestSessionIds,
  type CoachingSharedSessionView,
} from '@ai-coaching/projections';
import { nowIso, SYSTEM, type AppServices, type Origin } from '../../app-services.js';
import { streamCommandRunner } from '../../commands/stream-commands.js';
import { issueAccessToken } from '../../identity/session-tokens.js';
import { MAIL_NAME_MAX, mailGreetingOf, mailRecipientOf, sendMailJob } from '../../jobs/mail/send-mail.job.js';
import { signedInUser, type UserCaller } from '../../tenancy/scope.js';
import { visibleCoachingItem } from '../content/coaching-content.js';
import { missionOf, personaOf, pick, scenarioOf } from '../content/content-fields.js';
import { endCoachingSessionNow } from '../sessions/lifecycle.js';
import { publishedScenario } from '../sessions/played-content.js';
import { startSessionOf } from '../sessions/start.js';

// Share links of a scenario and the guests' way in (issue 13, docs/shared-sessions.md). A link's access code is an
// HMAC of its id under the platform's key: only its hash is stored, and the server can give it again to its sharer.

export type SharedSessionServices = AppServices & { rateLimiter: AuthRateLimiter };

/** The sharer's list of links in the client (`client/src/app/route-table.tsx`). */
export const SHARE_LINKS_PATH = '/apps/ai-coaching/shared-session/list';

const linkNotFound = () => new NotFoundError('shared_session_not_found', 'This share link does not exist.');

const accessCodeOf = async (services: Pick<AppServices, 'db' | 'config'>, sharedSessionId: string) => {
  const [key] = await secretEncryptionKeys(services);
  return deriveSecretCode(key!.key, `coaching-shared-session:${sharedSessionId}`);
};

const statusOf = (link: CoachingSharedSessionView, now: string): SharedSession['status'] => {
  if (link.revokedAt !== null) return 'revoked';
  if (Date.parse(now) >= Date.parse(link.expiresAt)) return 'expired';
  return link.uses >= link.maxUses ? 'used_up' : 'active';
};

const answerOf = async (services: AppServices, link: CoachingSharedSessionView): Promise<SharedSession> => {
  const code = await accessCodeOf(services, link.sharedSessionId);
  const scenario = await findCoachingItem(services.db, link.scenarioId);
  return {
    id: link.sharedSessionId,
    scenario_id: link.scenarioId,
    scenario_name: scenarioOf(scenario?.publishedFields).name,
    label: link.label,
    expires_at: link.expiresAt,
    max_uses: link.maxUses,
    uses: link.uses,
    paid_by:
      link.paidBy.type === 'user'
        ? { type: 'user', user_id: link.paidBy.userId }
        : { type: 'user_group', user_group_id: link.paidBy.userGroupId },
    created_by: link.createdBy,
    created_at: link.createdAt,
    revoked_at: link.revokedAt,
    status: statusOf(link, nowIso(services)),
    access_code: code,
    url: `${services.config.publicUrl}/shared/ai-coaching-session/${code}`,
  };
};

const runLink = streamCommandRunner(coachingSharedSessionStreamId, coachingSharedSessionDecider);

/** The sharer's own wallet, or a group of theirs they may allocate from (`credit-allocate`). */
const payerOf = async (
  services: AppServices,
  caller: UserCaller,
  paidBy: { type: 'user' } | { type: 'user_group'; user_group_id: string } | undefined,
): Promise<SharedSessionPayer> => {
  if (paidBy === undefined || paidBy.type === 'user') return { type: 'user', userId: caller.userId };
  const group = await findUserGroup(services.db, paidBy.user_group_id);
  if (!group || group.organizationId !== caller.organizationId || group.status !== 'active') {
    throw new NotFoundError('user_group_not_found', 'This user group does not exist.');
  }
  if (!caller.permissions.includes('credit-allocate')) {
    throw new ForbiddenError('forbidden', 'You do not have permission to do this.');
  }
  return { type: 'user_group', userGroupId: group.userGroupId };
};

export const createSharedSession = async (
  services: AppServices,
  origin: Origin,
  body: {
    scenario_id: string;
    label: string;
    expires_at: string;
    max_uses: number;
    paid_by?: { type: 'user' } | { type: 'user_group'; user_group_id: string } | undefined;
  },
): Promise<SharedSession> => {
  const caller = signedInUser(origin.caller);
  const scenario = await visibleCoachingItem(services, caller, 'scenario', body.scenario_id);
  // A link plays a published version, as any session does.
  if (scenario.publishedVersion === null || scenario.status === 'archived') {
    throw new NotFoundError('coaching_item_not_found', 'This item does not exist.');
  }
  const sharedSessionId = services.ids.newId();
  await runLink(services, origin, sharedSessionId, {
    type: 'CreateCoachingSharedSession',
    data: {
      sharedSessionId,
      organizationId: caller.organizationId,
      scenarioId: scenario.itemId,
      label: body.label,
      expiresAt: body.expires_at,
      maxUses: body.max_uses,
      paidBy: await payerOf(services, caller, body.paid_by),
      codeHash: hashSecretCode(await accessCodeOf(services, sharedSessionId)),
      createdBy: caller.userId,
    },
  });
  const link = await findCoachingSharedSession(services.db, sharedSessionId);
  if (!link) throw linkNotFound();
  return answerOf(services, link);
};

const mayManageOthers = (caller: UserCaller) => caller.permissions.includes('coaching-session-check-other');

/** The sharer's own links; those of their organization with `coaching-session-check-other`. */
const visibleLink = async (services: AppServices, caller: UserCaller, sharedSessionId: string) => {
  const link = await findCoachingSharedSession(services.db, sharedSessionId);
  if (!link || link.organizationId !== caller.organizationId) throw linkNotFound();
  if (link.createdBy !== caller.userId && !mayManageOthers(caller)) throw linkNotFound();
  return link;
};

export const listSharedSessions = async (
  services: AppServices,
  origin: Origin,
  query: ListParams & { scope?: 'mine' | 'organization' | undefined },
): Promise<Page<SharedSession>> => {
  const caller = signedInUser(origin.caller);
  const { scope = 'mine', ...params } = query;
  if (scope === 'organization' && !mayManageOthers(caller)) {
    throw new ForbiddenError('forbidden', 'You do not have permission to do this.');
  }
  const page = await listCoachingSharedSessions(services.db, {
    ...params,
    organizationId: caller.organizationId,
    ...(scope === 'mine' ? { createdBy: caller.userId } : {}),
  });
  return { ...page, items: await Promise.all(page.items.map((link) => answerOf(services, link))) };
};

export const readSharedSession = async (services: AppServices, origin: Origin, sharedSessionId: string) =>
  answerOf(services, await visibleLink(services, signedInUser(origin.caller), sharedSessionId));

/** Revoked, the link takes no new guest, and what its guests still play ends now, charged for the time used. */
export const revokeSharedSession = async (services: AppServices, origin: Origin, sharedSessionId: string) => {
  const caller = signedInUser(origin.caller);
  await visibleLink(services, caller, sharedSessionId);
  await runLink(services, origin, sharedSessionId, {
    type: 'RevokeCoachingSharedSession',
    data: { sharedSessionId, revokedBy: caller.userId },
  });
  for (const sessionId of await listLiveGuestSessionIds(services.db, sharedSessionId)) {
    await endCoachingSessionNow(services, origin, sessionId);
  }
};

/**
 * The link a visitor's code opens, if it takes guests. A wrong code counts against the visitor's address, so codes
 * cannot be tried in bulk; wrong, expired, revoked and used-up codes answer alike.
 */
const openLink = async (
  services: SharedSessionServices,
  code: string,
  address: string,
): Promise<CoachingSharedSessionView> => {
  await services.rateLimiter.check('shared-session-code', { address });
  const link = await findCoachingSharedSessionByCodeHash(services.db, hashSecretCode(code));
  const now = nowIso(services);
  if (!link || statusOf(link, now) !== 'active') {
    await services.rateLimiter.recordFailure('shared-session-code', { address });
    throw sharedSessionUnavailable();
  }
  return link;
};

export const readSharedSessionPage = async (
  services: SharedSessionServices,
  code: string,
  address: string,
): Promise<SharedSessionPage> => {
  const link = await openLink(services, code, address);
  const { scenario, persona, mission, timeLimitSeconds } = await publishedScenario(services, link.scenarioId).catch(
    () => {
      throw sharedSessionUnavailable();
    },
  );
  return {
    label: link.label,
    expires_at: link.expiresAt,
    scenario: pick(scenarioOf(scenario.fields), ['name', 'description', 'image_id', 'language', 'mode']),
    persona: pick(personaOf(persona.fields), ['name', 'avatar_image_id', 'job_title', 'company']),
    mission: mission && pick(missionOf(mission.fields), ['title', 'briefing', 'goal']),
    time_limit_seconds: timeLimitSeconds,
  };
};

const walletEmpty = () =>
  new ConflictError(
    'shared_session_wallet_empty',
    'This link cannot start a session right now: its credits have run out. The person who shared it has been told.',
  );

/**
 * A visitor joins through a link: a guest's session of its scenario, paid by the link's wallet under the usual
 * reservation, the use counted, and a guest token for that one session. Starts are counted per link and per address.
 */
export const joinSharedSession = async (
  services: SharedSessionServices,
  code: string,
  body: { display_name: string },
  address: string,
): Promise<{ access_token: string; token_type: 'bearer'; expires_in: number; session_id: string }> => {
  const link = await openLink(services, code, address);
  await services.rateLimiter.consume('shared-session-join', { account: link.sharedSessionId, address });
  const playable = await publishedScenario(services, link.scenarioId).catch(() => {
    throw sharedSessionUnavailable();
  });
  const guestId = services.ids.newId();
  const sessionId = services.ids.newId();
  const origin: Origin = { ...SYSTEM, correlationId: `shared-session-${link.sharedSessionId}` };
  try {
    await startSessionOf(
      services,
      origin,
      playable,
      {
        organizationId: link.organizationId,
        player: { type: 'guest', guestId },
        account: link.paidBy.type === 'user' ? userAccount(link.paidBy.userId) : groupAccount(link.paidBy.userGroupId),
        actorId: link.createdBy,
      },
      sessionId,
    );
  } catch (error) {
    if (error instanceof ConflictError && error.code === 'insufficient_credits') {
      await tellSharerWalletEmpty(services, link);
      throw walletEmpty();
    }
    throw error;
  }
  try {
    await runLink(services, origin, link.sharedSessionId, {
      type: 'JoinCoachingSharedSession',
      data: { sharedSessionId: link.sharedSessionId, sessionId, guestId, displayName: body.display_name },
    });
  } catch (error) {
    // The last use went to another visitor meanwhile: the session just started is not theirs to play.
    await endCoachingSessionNow(services, origin, sessionId).catch(() => undefined);
    throw error;
  }
  const token = await issueAccessToken(services, {
    userId: guestId,
    role: 'guest',
    organizationId: link.organizationId,
    kind: 'guest',
    scope: sessionId,
  });
  return { access_token: token.accessToken, token_type: 'bearer', expires_in: token.expiresIn, session_id: sessionId };
};

/**
 * The guest of a session, about the link they came through (issue 23): their result page offers "Play again" through
 * it while it takes guests, else a last page naming the sharer's organization. Only that guest asks (their token
 * names the session, checked by the route and again here); after the link expired too, as that is what they are told.
 */
export const readGuestSharedLink = async (
  services: AppServices,
  origin: Origin,
  sessionId: string,
): Promise<SharedSessionGuestLink> => {
  const caller = origin.caller;
  if (caller?.kind !== 'guest') throw new ForbiddenError('forbidden', 'You do not have permission to do this.');
  const session = await findCoachingSession(services.db, sessionId);
  const link = session?.guest ? await findCoachingSharedSession(services.db, session.guest.sharedSessionId) : undefined;
  if (
    !session ||
    !link ||
    session.guestId !== caller.guestId ||
    caller.sharedSessionId !== sessionId ||
    link.organizationId !== session.organizationId
  ) {
    throw new NotFoundError('coaching_session_not_found', 'This session does not exist.');
  }
  const status = statusOf(link, nowIso(services));
  const organization = await findOrganization(services.db, link.organizationId);
  return {
    status,
    uses_left: status === 'active' ? link.maxUses - link.uses : 0,
    access_code: status === 'active' ? await accessCodeOf(services, link.sharedSessionId) : null,
    organization_name: organization?.name ?? '',
  };
};

/** The sharer is told by mail, once a day per link, so a dry link visited all day sends one mail. */
const tellSharerWalletEmpty = async (services: AppServices, link: CoachingSharedSessionView) => {
  const sharer = await findUser(services.db, link.createdBy);
  if (!sharer || sharer.status !== 'active') return;
  const scenario = await findCoachingItem(services.db, link.scenarioId);
  await services.queue
    .enqueue(
      sendMailJob,
      {
        template: 'shared-session-wallet-empty',
        ...mailRecipientOf(sharer),
        organizationId: link.organizationId,
        params: {
          firstName: mailGreetingOf(sharer),
          linkLabel: link.label,
          scenarioName: scenarioOf(scenario?.publishedFields).name.slice(0, MAIL_NAME_MAX),
          linksUrl: `${services.config.publicUrl}${SHARE_LINKS_PATH}`,
          expiresAt: link.expiresAt,
        },
      },
      { jobId: `shared-session-wallet-empty-${link.sharedSessionId}-${nowIso(services).slice(0, 10)}` },
    )
    .catch((error: unknown) =>
      services.logger.error({ err: error, sharedSessionId: link.sharedSessionId }, 'could not tell the sharer'),
    );
};
