import {
  backgroundJobStreamId,
  can,
  DEFAULT_USER_LOCALE,
  DomainError,
  normalizeEmail,
  permissionsOf,
  USER_LOCALES,
  type PlannedImportRow,
  type UserLocale,
} from '@ai-coaching/domain';
import { findUserImport, type Caller, type UserImportRecordView } from '@ai-coaching/platform';
import { findUser, findUserByEmail, groupIdsOfUsers, type UserView } from '@ai-coaching/projections';
import type { AppServices, Origin } from '../app-services.js';
import { processBackgroundJob, type BackgroundJobItemResult } from '../background-jobs/background-jobs.js';
import type { UserImportPayload } from '../jobs/identity/user-import.job.js';
import { changeUserGroupMembership } from '../user-groups/user-groups.js';
import { changeUser } from '../users/change-user.js';
import { inviteUser } from '../users/invite-user.js';

// The run of a confirmed bulk import (docs/api/integrations.md, "Bulk import"): each line to create or update, done
// through the same use cases as the screens (an invitation with its mail, a change of names or role, a group's new
// member), as the operator who confirmed it, with their permissions as they are now.

/** The operator as a caller, while they are active and may still import; null otherwise. */
const operatorCaller = async (services: AppServices, userId: string | null, importId: string) => {
  const user = userId ? await findUser(services.db, userId) : undefined;
  if (!user || user.status !== 'active') return null;
  const permissions = permissionsOf(user.role);
  if (!can(permissions, 'user-import-create')) return null;
  const caller: Caller = {
    kind: 'user',
    userId: user.userId,
    organizationId: user.organizationId,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    permissions,
    sessionId: `user-import:${importId}`,
  };
  return caller;
};

/** Joins the groups of the row the account is not a member of yet. */
const joinGroups = async (services: AppServices, as: Origin, row: PlannedImportRow, userId: string) => {
  const current = (await groupIdsOfUsers(services.db, [userId])).get(userId) ?? [];
  const missing = row.groupIds.filter((groupId) => !current.includes(groupId));
  for (const userGroupId of missing) {
    await changeUserGroupMembership(services, as, { userGroupId, userId, action: 'add' });
  }
  return missing.length;
};

/** An account of the organization brought to what the row says: names, role, groups (joined, never left). */
const updateAccount = async (
  services: AppServices,
  as: Origin,
  row: PlannedImportRow,
  user: UserView,
): Promise<BackgroundJobItemResult> => {
  const change = {
    ...(row.firstName !== user.firstName ? { first_name: row.firstName } : {}),
    ...(row.lastName !== user.lastName ? { last_name: row.lastName } : {}),
    ...(row.role !== null && row.role !== user.role ? { organization_role: row.role } : {}),
  };
  if (Object.keys(change).length > 0) await changeUser(services, as, user.userId, change);
  const joined = await joinGroups(services, as, row, user.userId);
  return Object.keys(change).length > 0 || joined > 0
    ? { outcome: 'succeeded', detail: null }
    : { outcome: 'skipped', detail: 'import_unchanged' };
};

/**
 * One line: the account is looked up again, as things may have changed since the dry run. An address that an account
 * of the organization now holds is updated (a try run again after a crash finds the account it invited); one that
 * another organization's account holds is skipped; a new one is invited, then joins its groups.
 */
const runRow = async (
  services: AppServices,
  as: Origin,
  plan: UserImportRecordView,
  row: PlannedImportRow,
): Promise<BackgroundJobItemResult> => {
  const existing = await findUserByEmail(services.db, normalizeEmail(row.email));
  if (existing && existing.organizationId !== plan.organizationId) {
    return { outcome: 'skipped', detail: 'import_email_taken' };
  }
  if (existing) return updateAccount(services, as, row, existing);
  const invited = await inviteUser(services, as, {
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    organization_id: plan.organizationId,
    organization_role: row.role ?? 'user',
  });
  await joinGroups(services, as, row, invited.id);
  return { outcome: 'succeeded', detail: null };
};

/** The `identity.user-import` queue job: each line not recorded yet is done, or reported with its refusal's code. */
export const runUserImport = async (
  services: AppServices,
  payload: UserImportPayload,
  run: { lastAttempt: boolean; causationId: string },
) => {
  const origin: Origin = { correlationId: run.causationId };
  // From the job's own stream, not its read model: a worker in another process may take the queue job first.
  const [queued] = await services.store.readStream(backgroundJobStreamId(payload.jobId), { maxCount: 1 });
  if (queued?.type !== 'BackgroundJobQueued') return 'nothing' as const;
  const importId = String((queued.data as { input: { import_id?: unknown } }).input.import_id);
  const plan = await findUserImport(services.db, importId);
  if (!plan) return 'nothing' as const;
  const rows = new Map(plan.rows.map((row) => [`${row.line}`, row]));
  return processBackgroundJob(services, origin, payload.jobId, run, async (item, job) => {
    const row = rows.get(item);
    const caller = await operatorCaller(services, job.startedBy, importId);
    if (!row) return { outcome: 'skipped', detail: 'import_unchanged' };
    if (!caller) return { outcome: 'failed', detail: 'forbidden' };
    const locale = USER_LOCALES.find((known: UserLocale) => known === plan.locale) ?? DEFAULT_USER_LOCALE;
    const as: Origin = { ...origin, caller, locale };
    try {
      return await runRow(services, as, plan, row);
    } catch (error) {
      // A refusal (an address claimed meanwhile, a group archived) is the row's outcome, not a reason to try again.
      if (error instanceof DomainError) return { outcome: 'failed', detail: error.code };
      throw error;
    }
  });
};
