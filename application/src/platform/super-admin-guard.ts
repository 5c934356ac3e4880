import {
  PLATFORM_STREAM_ID,
  platformDecider,
  userDecider,
  userStreamId,
  type PlatformCommand,
  type PlatformEvent,
  type Role,
  type SuperAdminRemovalKind,
  type UserEvent,
} from '@ai-coaching/domain';
import { deterministicId, WrongExpectedRevisionError, type EventStore } from '@ai-coaching/platform';
import { listUsers } from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { runCommandWith, type CommandServices } from '../commands/run-command.js';

// The last active super-admin can never be demoted, disabled or removed, even by two requests at
// once (docs/permissions.md "Super-admins"). Every such change is first announced on the platform
// stream with the revision read, and decided against (a) the super-admins whose accounts are
// active, read from their own streams AFTER the platform stream was read, and (b) the removals the
// platform stream shows under way. A removal announced after our read makes our append fail and
// we decide again; one announced before it is either still under way (counted out by the stream) or
// settled, and then its account's change had landed before our accounts were read. So of two
// concurrent removals of the last two, the second one always sees the first.

const MAX_ATTEMPTS = 20;

/** Super-admins are few: their candidates come from the read model, their state from their streams. */
const CANDIDATES_MAX = 1000;

const fold = async <Event extends PlatformEvent | UserEvent, State>(
  store: EventStore,
  streamId: string,
  decider: { evolve: (state: State, event: Event) => State; initialState: () => State },
) => {
  const recorded = await store.readStream(streamId);
  const state = recorded
    .map((event) => ({ type: event.type, data: event.data }) as Event)
    .reduce(decider.evolve, decider.initialState());
  return { state, revision: recorded.at(-1)?.revision };
};

/**
 * The super-admins whose accounts are active now, by their own streams. The candidates come from
 * the read model, which may lag: a super-admin it does not know yet is left out, which can only
 * make the count smaller, never let the last one go.
 */
const activeSuperAdminIds = async (services: Pick<AppServices, 'db' | 'store'>): Promise<string[]> => {
  const candidates = await listUsers(services.db, {
    page: 1,
    page_size: CANDIDATES_MAX,
    sort: 'name',
    role: 'super-admin',
  });
  const states = await Promise.all(
    candidates.items.map((user) => fold(services.store, userStreamId(user.userId), userDecider)),
  );
  return states.flatMap(({ state }) =>
    state.status === 'active' && state.role === 'super-admin' ? [state.userId] : [],
  );
};

/**
 * Decides one platform command on the stream as read, and appends it with that revision; on a
 * conflict, reads again and decides again. `commandOf` runs after each read, so what it reads is
 * never older than the stream state it is decided against.
 */
const runOnPlatform = (
  services: CommandServices & Pick<AppServices, 'clock'>,
  origin: Origin,
  commandOf: () => Promise<PlatformCommand>,
) =>
  runCommandWith(services, origin, {}, async ({ commandId, metadata }) => {
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await fold(services.store, PLATFORM_STREAM_ID, platformDecider);
      const events = platformDecider.decide(await commandOf(), state);
      if (events.length === 0) return { events, state };
      try {
        const append = await services.store.appendToStream(
          PLATFORM_STREAM_ID,
          events.map((event, index) => ({
            id: deterministicId(commandId, PLATFORM_STREAM_ID, attempt, index),
            type: event.type,
            data: event.data,
            ...(metadata ? { metadata } : {}),
          })),
          { expectedRevision: revision ?? 'no_stream' },
        );
        return { events, state: events.reduce(platformDecider.evolve, state), append };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
        // The writer that won has appended already; a short, growing pause lets its read models settle.
        await new Promise((resolve) => setTimeout(resolve, 2 * attempt));
      }
    }
  });

const startRemoval = (services: AppServices, origin: Origin, userId: string, change: SuperAdminRemovalKind) =>
  runOnPlatform(services, origin, async () => ({
    type: 'StartSuperAdminRemoval',
    data: { userId, change, activeSuperAdminIds: await activeSuperAdminIds(services) },
    metadata: { now: nowIso(services) },
  }));

const settleRemoval = (services: AppServices, origin: Origin, userId: string, outcome: 'applied' | 'abandoned') =>
  runOnPlatform(services, origin, async () => ({
    type: 'SettleSuperAdminRemoval',
    data: { userId, outcome },
    metadata: { now: nowIso(services) },
  }));

/** Whether this change takes a super-admin away: a lower role, a disabled account, a removal. */
export const removesSuperAdmin = (
  target: { role: Role },
  change: { role?: Role | undefined; status?: 'active' | 'disabled' | undefined; remove?: boolean },
): SuperAdminRemovalKind | undefined => {
  if (target.role !== 'super-admin') return undefined;
  if (change.remove) return 'remove';
  if (change.status === 'disabled') return 'disable';
  if (change.role !== undefined && change.role !== 'super-admin') return 'demote';
  return undefined;
};

/**
 * Runs `apply` (the account's own commands) once the removal of this super-admin is announced and
 * allowed, then settles it: `applied`, or `abandoned` when `apply` failed. A change that takes no
 * super-admin away runs as it is. Refuses with 409 `last_super_admin`.
 */
export const guardSuperAdminRemoval = async <T>(
  services: AppServices,
  origin: Origin,
  target: { userId: string; role: Role },
  change: { role?: Role | undefined; status?: 'active' | 'disabled' | undefined; remove?: boolean },
  apply: () => Promise<T>,
): Promise<T> => {
  const kind = removesSuperAdmin(target, change);
  if (!kind) return apply();
  await startRemoval(services, origin, target.userId, kind);
  let result: T;
  try {
    result = await apply();
  } catch (error) {
    await settleRemoval(services, origin, target.userId, 'abandoned').catch((settleError: unknown) =>
      (origin.log ?? services.logger).warn(
        { err: settleError, userId: target.userId },
        'could not settle an abandoned super-admin removal; its lease ends it',
      ),
    );
    throw error;
  }
  await settleRemoval(services, origin, target.userId, 'applied');
  return result;
};
