import { can, permissionsOf, ROLES, weeklyDigestDue } from '@ai-coaching/domain';
import {
  listActiveAssignmentsDueBy,
  listUserNotificationSettings,
  listUsers,
  type ProgramAssignmentView,
  type UserView,
} from '@ai-coaching/projections';
import { nowIso, SYSTEM, type AppServices, type Origin } from '../../app-services.js';
import { assignmentDigestJob } from '../../jobs/coaching/assignment-digest.job.js';
import {
  ASSIGNMENT_DIGEST_ASSIGNMENTS_MAX,
  ASSIGNMENT_DIGEST_NAMES_MAX,
  MAIL_NAME_MAX,
  mailGreetingOf,
  mailName,
  mailRecipientOf,
  sendMailJob,
  type TemplateParams,
} from '../../jobs/mail/send-mail.job.js';
import { repeatedJobSchedule } from '../../jobs/repeated-job.js';
import { displayNameOf } from '../../users/colleagues.js';
import { runNotificationSettingsCommand } from '../../users/notification-settings.js';
import { reachedUsers } from './assignment-reach.js';
import { assignedProgramOf, learnerStanding } from './my-assignments.js';

// The managers' weekly digest (docs/programs.md, "Weekly digest"): each organization's assignments with overdue
// learners, mailed to those who manage them once per ISO week from Monday 08:00 UTC (`weeklyDigestDue`).

/** Registers the hourly digest run; every runtime that runs jobs calls it at its start. */
export const scheduleAssignmentDigest = repeatedJobSchedule(assignmentDigestJob);

/** Who manages an organization's assignments: the roles holding `coaching-program-assign` (editors, operators…). */
const MANAGER_ROLES = ROLES.filter((role) => can(permissionsOf(role), 'coaching-program-assign'));
const USERS_PAGE = 48;

/** The mail job of one manager's digest of one week: a run that crashed before recording it mails nobody twice. */
export const assignmentDigestMailJobId = (userId: string, week: string): string =>
  `assignment-digest-${userId}-${week}`;

type DigestEntry = TemplateParams<'assignment-digest'>['assignments'][number];
type OrganizationDigest = { entries: DigestEntry[]; learnerIds: ReadonlySet<string>; programIds: ReadonlySet<string> };

/** The active users of the organization who manage its assignments, want the digest and have not had this week's. */
const managersAwaitingDigest = async (
  services: AppServices,
  organizationId: string,
  week: string,
): Promise<UserView[]> => {
  const managers: UserView[] = [];
  for (const role of MANAGER_ROLES) {
    for (let page = 1; ; page += 1) {
      const found = await listUsers(services.db, {
        organizationId,
        role,
        status: 'active',
        page,
        page_size: USERS_PAGE,
        sort: 'name',
      });
      managers.push(...found.items);
      if (page * USERS_PAGE >= found.total || found.items.length === 0) break;
    }
  }
  const settings = await listUserNotificationSettings(
    services.db,
    managers.map((manager) => manager.userId),
  );
  return managers.filter((_, index) => settings[index]!.weeklyDigest && settings[index]!.lastDigestWeek !== week);
};

/** An organization's active assignments past their due date, each with the learners it reaches who are overdue. */
const overdueDigestOf = async (
  services: AppServices,
  assignments: readonly ProgramAssignmentView[],
  now: string,
): Promise<OrganizationDigest> => {
  const entries: DigestEntry[] = [];
  const learnerIds = new Set<string>();
  const programIds = new Set<string>();
  for (const assignment of assignments) {
    const learners = await reachedUsers(services, assignment.organizationId, assignment.assignees);
    if (learners.length === 0) continue;
    const program = await assignedProgramOf(services, assignment);
    const overdue: UserView[] = [];
    for (const learner of learners) {
      const standing = await learnerStanding(services, program, learner.userId, now);
      if (standing.status === 'overdue') overdue.push(learner);
    }
    if (overdue.length === 0) continue;
    for (const learner of overdue) learnerIds.add(learner.userId);
    programIds.add(assignment.programId);
    const names = overdue.map((learner) => displayNameOf(learner).slice(0, MAIL_NAME_MAX));
    entries.push({
      programName: mailName(program.name),
      programUrl: `${services.config.publicUrl}/apps/ai-coaching/program/edit/${assignment.programId}`,
      dueAt: assignment.dueAt,
      timeZone: assignment.timeZone,
      overdue: overdue.length,
      assigned: learners.length,
      names: names.sort((a, b) => a.localeCompare(b)).slice(0, ASSIGNMENT_DIGEST_NAMES_MAX),
    });
  }
  return { entries, learnerIds, programIds };
};

/**
 * Queues one manager's digest, then records the week on their stream: the mail's job id is the manager's and the
 * week's, so a crash between the two mails nobody twice, and the decider records a week once whoever runs it.
 * Answers whether this run recorded it (another run, or a read model behind, may have had it queued already).
 */
const mailDigest = async (
  services: AppServices,
  origin: Origin,
  manager: UserView,
  week: string,
  digest: OrganizationDigest,
): Promise<boolean> => {
  const recipient = mailRecipientOf(manager);
  const firstName = mailGreetingOf(manager);
  await services.queue.enqueue(
    sendMailJob,
    {
      template: 'assignment-digest',
      ...recipient,
      organizationId: manager.organizationId,
      params: {
        firstName,
        learnerCount: digest.learnerIds.size,
        programCount: digest.programIds.size,
        assignments: digest.entries.slice(0, ASSIGNMENT_DIGEST_ASSIGNMENTS_MAX),
        moreAssignments: Math.max(0, digest.entries.length - ASSIGNMENT_DIGEST_ASSIGNMENTS_MAX),
        programsUrl: `${services.config.publicUrl}/apps/ai-coaching/program/list`,
      },
    },
    { jobId: assignmentDigestMailJobId(manager.userId, week) },
  );
  const recorded = await runNotificationSettingsCommand(
    services,
    { ...origin, readYourWrites: false },
    {
      type: 'RecordAssignmentDigest',
      data: { userId: manager.userId, organizationId: manager.organizationId, week },
      metadata: { now: nowIso(services) },
    },
  );
  return recorded.events.length > 0;
};

/**
 * The `coaching.assignment.digest` run: when this week's digest is due (Monday 08:00 UTC onwards), mails each
 * organization's managers who want it and have not had it the assignments with overdue learners. An organization with
 * none mails nobody. One organization's failure does not hold back the others; the run then fails, and is tried again.
 * Answers how many digests this run recorded.
 */
export const sendAssignmentDigests = async (
  services: AppServices,
  origin: Origin = SYSTEM,
): Promise<{ sent: number }> => {
  const now = nowIso(services);
  const week = weeklyDigestDue(now);
  if (week === null) return { sent: 0 };
  const byOrganization = new Map<string, ProgramAssignmentView[]>();
  for (const assignment of await listActiveAssignmentsDueBy(services.db, now)) {
    byOrganization.set(assignment.organizationId, [
      ...(byOrganization.get(assignment.organizationId) ?? []),
      assignment,
    ]);
  }
  let sent = 0;
  let failure: unknown;
  for (const [organizationId, assignments] of byOrganization) {
    try {
      const managers = await managersAwaitingDigest(services, organizationId, week);
      if (managers.length === 0) continue;
      const digest = await overdueDigestOf(services, assignments, now);
      if (digest.entries.length === 0) continue;
      for (const manager of managers) {
        if (await mailDigest(services, origin, manager, week, digest)) sent += 1;
      }
    } catch (error) {
      services.logger.error({ err: error, organizationId, week }, 'assignment digest failed for an organization');
      failure ??= error;
    }
  }
  if (failure !== undefined) throw failure;
  return { sent };
};
