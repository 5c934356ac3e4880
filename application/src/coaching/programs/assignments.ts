import type { ParsedRequest, ProgramAssignment, programAssignmentOperations } from '@ai-coaching/contracts';
import { ConflictError, assignmentReaches, NotFoundError, programItemsOf, type Assignee } from '@ai-coaching/domain';
import {
  findCoachingItemVersion,
  findProgramAssignment,
  findUser,
  findUserGroup,
  listAssignmentsNamingGroup,
  listGroupsOfUser,
  type UserView,
  listProgramAssignments as queryAssignments,
  type ProgramAssignmentView,
} from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../../app-services.js';
import { signedInUser, type UserCaller } from '../../tenancy/scope.js';
import { mailGreetingOf, mailName, mailRecipientOf, sendMailJob } from '../../jobs/mail/send-mail.job.js';
import { visibleCoachingItem } from '../content/coaching-content.js';
import { programOf } from '../content/content-fields.js';
import { postNotice } from '../../notices/notices.js';
import { ASSIGNMENTS_PATH, reachedUsers, runAssignmentCommand } from './assignment-reach.js';
import { cancelAssignmentReminders, scheduleAssignmentReminders } from './reminders.js';

// Assigning programs (docs/programs.md, "Assignments"): who must pass which published version by when. The decider
// keeps the assignment's own rules; here, what needs other data: the program is the caller's organization's and
// published, the users and groups are of that organization.

type Operations = typeof programAssignmentOperations;

const toAssignee = (assignee: Assignee): ProgramAssignment['assignees'][number] =>
  'userId' in assignee ? { user_id: assignee.userId } : { user_group_id: assignee.userGroupId };

const toAssignment = (view: ProgramAssignmentView): ProgramAssignment => ({
  id: view.assignmentId,
  program_id: view.programId,
  program_version: view.programVersion,
  assignees: view.assignees.map(toAssignee),
  starts_at: view.startsAt,
  due_at: view.dueAt,
  time_zone: view.timeZone,
  message: view.message,
  status: view.withdrawnAt === null ? 'active' : 'withdrawn',
  assigned_by: view.assignedBy,
  assigned_at: view.assignedAt,
  withdrawn_at: view.withdrawnAt,
});

const assignmentNotFound = () => new NotFoundError('assignment_not_found', 'This assignment does not exist.');

/** The program, if it is the caller's organization's: a library or another organization's program answers 404. */
const ownProgram = async (services: AppServices, caller: UserCaller, programId: string) => {
  const program = await visibleCoachingItem(services, caller, 'program', programId);
  if (program.organizationId !== caller.organizationId) {
    throw new NotFoundError('coaching_item_not_found', 'This item does not exist.');
  }
  return program;
};

/** Every user and group named is of the organization (a disabled user or an archived group is not assigned; an invited user is). */
const checkAssignees = async (services: AppServices, organizationId: string, assignees: readonly Assignee[]) => {
  for (const assignee of assignees) {
    const found =
      'userId' in assignee
        ? await findUser(services.db, assignee.userId)
        : await findUserGroup(services.db, assignee.userGroupId);
    if (!found || found.organizationId !== organizationId || ['disabled', 'archived'].includes(found.status)) {
      throw new NotFoundError('assignee_not_found', 'No user or group with this id in your organization.', {
        field: 'assignees',
      });
    }
  }
};

const currentView = async (services: AppServices, assignmentId: string): Promise<ProgramAssignmentView> => {
  const view = await findProgramAssignment(services.db, assignmentId);
  if (!view) throw assignmentNotFound();
  return view;
};

const current = async (services: AppServices, assignmentId: string): Promise<ProgramAssignment> =>
  toAssignment(await currentView(services, assignmentId));

/** The assignment, if it is of this program and the caller may see the program. */
export const assignmentOf = async (
  services: AppServices,
  caller: UserCaller,
  programId: string,
  assignmentId: string,
) => {
  await ownProgram(services, caller, programId);
  const view = await findProgramAssignment(services.db, assignmentId);
  if (!view || view.programId !== programId) throw assignmentNotFound();
  return view;
};

export const assignProgram = async (
  services: AppServices,
  origin: Origin,
  programId: string,
  body: ParsedRequest<Operations['create']>['body'],
): Promise<ProgramAssignment> => {
  const caller = signedInUser(origin.caller);
  const program = await ownProgram(services, caller, programId);
  const version =
    program.publishedVersion === null || program.status === 'archived'
      ? undefined
      : await findCoachingItemVersion(services.db, programId, program.publishedVersion);
  if (!version) throw new ConflictError('program_not_published', 'Publish this program before assigning it.');
  const assignees: Assignee[] = body.assignees.map((assignee) =>
    'user_id' in assignee ? { userId: assignee.user_id } : { userGroupId: assignee.user_group_id },
  );
  await checkAssignees(services, caller.organizationId, assignees);
  const assignmentId = services.ids.newId();
  await runAssignmentCommand(services, origin, {
    type: 'AssignProgram',
    data: {
      assignmentId,
      organizationId: caller.organizationId,
      programId,
      programVersion: version.version,
      itemCount: programItemsOf(version.fields).length,
      assignees,
      ...(body.starts_at === undefined ? {} : { startsAt: body.starts_at }),
      dueAt: body.due_at,
      timeZone: body.time_zone,
      ...(body.message === undefined ? {} : { message: body.message }),
      userId: caller.userId,
    },
    metadata: { now: nowIso(services) },
  });
  const assignment = await currentView(services, assignmentId);
  await noticeAssigned(services, assignment, programOf(version.fields).name);
  await rescheduleReminders(services, assignment, undefined);
  return toAssignment(assignment);
};

/**
 * The reminders follow the due date: those of the date before are cancelled, those of the new one scheduled. A queue
 * that fails here is logged, not the request's failure: the next start of the workers schedules what is missing.
 */
const rescheduleReminders = async (
  services: AppServices,
  assignment: ProgramAssignmentView,
  before: Pick<ProgramAssignmentView, 'assignmentId' | 'dueAt'> | undefined,
) => {
  try {
    if (before) await cancelAssignmentReminders(services, before);
    if (assignment.withdrawnAt === null) await scheduleAssignmentReminders(services, assignment);
  } catch (error) {
    services.logger.error(
      { err: error, assignmentId: assignment.assignmentId },
      'could not schedule an assignment’s reminders',
    );
  }
};

/**
 * Each learner the assignment reaches now is told by mail, in their language, once (the job's id is theirs and the
 * assignment's): a retried request sends nothing twice. Invited accounts are not mailed: their invitation comes first.
 * A failure to queue is logged, never the assignment's failure.
 */
const noticeAssigned = async (
  services: AppServices,
  assignment: ProgramAssignmentView,
  programName: string,
  learners?: readonly UserView[],
) => {
  const { organizationId } = assignment;
  for (const learner of learners ?? (await reachedUsers(services, organizationId, assignment.assignees))) {
    // In the app for every account it reaches (an invited one reads it once in); by mail for the active ones.
    await postNotice(services, {
      userId: learner.userId,
      organizationId,
      noticeId: `assigned-${assignment.assignmentId}`,
      kind: 'assignment_assigned',
      params: { programName, dueAt: assignment.dueAt, timeZone: assignment.timeZone },
      link: ASSIGNMENTS_PATH,
    });
    if (learner.status !== 'active') continue;
    await services.queue
      .enqueue(
        sendMailJob,
        {
          template: 'assignment-assigned',
          ...mailRecipientOf(learner),
          organizationId,
          params: {
            firstName: mailGreetingOf(learner),
            programName: mailName(programName),
            message: assignment.message,
            assignmentsUrl: `${services.config.publicUrl}${ASSIGNMENTS_PATH}`,
            expiresAt: assignment.dueAt,
            timeZone: assignment.timeZone,
          },
        },
        { jobId: `assignment-assigned-${assignment.assignmentId}-${learner.userId}` },
      )
      .catch((error: unknown) =>
        services.logger.error(
          { err: error, assignmentId: assignment.assignmentId },
          'could not queue an assignment notice',
        ),
      );
  }
};

/**
 * A member who joins a group is told of the group's assignments still running, as those assigned with it were: the
 * same mail, once (its job id is theirs and the assignment's, so leaving and joining again sends nothing more).
 */
export const noticeJoinedMember = async (services: AppServices, userGroupId: string, learner: UserView) => {
  const now = nowIso(services);
  for (const assignment of await listAssignmentsNamingGroup(services.db, learner.organizationId, userGroupId)) {
    if (assignment.withdrawnAt !== null || assignment.dueAt <= now) continue;
    const version = await findCoachingItemVersion(services.db, assignment.programId, assignment.programVersion);
    await noticeAssigned(services, assignment, programOf(version?.fields).name, [learner]);
  }
};

export const listProgramAssignments = async (
  services: AppServices,
  origin: Origin,
  programId: string,
): Promise<{ items: ProgramAssignment[]; total: number }> => {
  await ownProgram(services, signedInUser(origin.caller), programId);
  const items = (await queryAssignments(services.db, programId)).map(toAssignment);
  return { items, total: items.length };
};

export const changeAssignmentDueDate = async (
  services: AppServices,
  origin: Origin,
  programId: string,
  assignmentId: string,
  body: ParsedRequest<Operations['update']>['body'],
): Promise<ProgramAssignment> => {
  const caller = signedInUser(origin.caller);
  const before = await assignmentOf(services, caller, programId, assignmentId);
  await runAssignmentCommand(services, origin, {
    type: 'ChangeAssignmentDueDate',
    data: { assignmentId, dueAt: body.due_at, timeZone: body.time_zone, userId: caller.userId },
    metadata: { now: nowIso(services) },
  });
  const after = await currentView(services, assignmentId);
  if (after.dueAt !== before.dueAt || after.timeZone !== before.timeZone) {
    await rescheduleReminders(services, after, before);
  }
  return toAssignment(after);
};

export const grantAssignmentAttempts = async (
  services: AppServices,
  origin: Origin,
  programId: string,
  assignmentId: string,
  body: ParsedRequest<Operations['grantAttempts']>['body'],
): Promise<ProgramAssignment> => {
  const caller = signedInUser(origin.caller);
  const assignment = await assignmentOf(services, caller, programId, assignmentId);
  const learner = await findUser(services.db, body.user_id);
  const reached =
    learner !== undefined &&
    learner.organizationId === assignment.organizationId &&
    assignmentReaches(assignment.assignees, {
      userId: learner.userId,
      userGroupIds: (await listGroupsOfUser(services.db, learner.userId)).map((group) => group.userGroupId),
    });
  if (!reached) {
    throw new NotFoundError('assignee_not_found', 'No user or group with this id in your organization.', {
      field: 'user_id',
    });
  }
  await runAssignmentCommand(services, origin, {
    type: 'GrantAssignmentAttempts',
    data: {
      assignmentId,
      learnerId: body.user_id,
      itemIndex: body.item_index,
      attempts: body.attempts,
      userId: caller.userId,
    },
    metadata: { now: nowIso(services) },
  });
  return current(services, assignmentId);
};

export const withdrawAssignment = async (
  services: AppServices,
  origin: Origin,
  programId: string,
  assignmentId: string,
): Promise<ProgramAssignment> => {
  const caller = signedInUser(origin.caller);
  await assignmentOf(services, caller, programId, assignmentId);
  await runAssignmentCommand(services, origin, {
    type: 'WithdrawAssignment',
    data: { assignmentId, userId: caller.userId },
    metadata: { now: nowIso(services) },
  });
  const withdrawn = await currentView(services, assignmentId);
  await rescheduleReminders(services, withdrawn, withdrawn);
  return toAssignment(withdrawn);
};
