import type {
  AssignmentExportRow,
  AssignmentLearner,
  assignmentLearnerOperations,
  ParsedRequest,
} from '@ai-coaching/contracts';
import { NotFoundError, type UserLocale } from '@ai-coaching/domain';
import {
  certificatesOfAssignment,
  findUser,
  findUserGroup,
  listAssignmentRemindersSent,
} from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../../app-services.js';
import { signedInUser, type UserCaller } from '../../tenancy/scope.js';
import { reachedUsers } from './assignment-reach.js';
import { assignmentOf } from './assignments.js';
import { assignedProgramOf, learnerStanding } from './my-assignments.js';

// What the managers of an assignment follow (docs/programs.md, "Following an assignment"): every learner it reaches
// now and where they stand, as a list and as CSV.

type Operations = typeof assignmentLearnerOperations;
type Filters = ParsedRequest<Operations['list']>['query'];

const byName = (a: AssignmentLearner, b: AssignmentLearner) =>
  `${a.last_name} ${a.first_name} ${a.email}`.localeCompare(`${b.last_name} ${b.first_name} ${b.email}`);

const learnersOf = async (
  services: AppServices,
  caller: UserCaller,
  programId: string,
  assignmentId: string,
  filters: Filters,
) => {
  const assignment = await assignmentOf(services, caller, programId, assignmentId);
  let users = await reachedUsers(services, assignment.organizationId, assignment.assignees);
  if (filters.user_group_id !== undefined) {
    const group = await findUserGroup(services.db, filters.user_group_id);
    if (!group || group.organizationId !== assignment.organizationId) {
      throw new NotFoundError('user_group_not_found', 'This user group does not exist.', { field: 'user_group_id' });
    }
    users = users.filter((user) => group.memberIds.includes(user.userId));
  }
  const program = await assignedProgramOf(services, assignment);
  const now = nowIso(services);
  const reminders = await listAssignmentRemindersSent(services.db, assignment.assignmentId);
  const certificates = await certificatesOfAssignment(services.db, assignment.assignmentId);
  const learners = await Promise.all(
    users.map(async (user): Promise<AssignmentLearner> => {
      const standing = await learnerStanding(services, program, user.userId, now);
      const sent = reminders.filter((reminder) => reminder.userId === user.userId);
      return {
        user_id: user.userId,
        first_name: user.firstName,
        last_name: user.lastName,
        email: user.email,
        status: standing.status,
        progress: standing.progress,
        items: standing.items.map((item) => ({ status: item.status, score: item.score })),
        reminders_sent: sent.map((reminder) => ({
          reminder: reminder.reminder,
          due_at: reminder.dueAt,
          sent_at: reminder.sentAt,
        })),
        reminders_muted: assignment.muted.includes(user.userId),
        certificate_id: certificates.get(user.userId)?.certificateId ?? null,
      };
    }),
  );
  return {
    assignment,
    learners: learners
      .filter((learner) => filters.status === undefined || learner.status === filters.status)
      .sort(byName),
  };
};

export const listAssignmentLearners = async (
  services: AppServices,
  origin: Origin,
  programId: string,
  assignmentId: string,
  filters: Filters,
): Promise<{ items: AssignmentLearner[]; total: number }> => {
  const { learners } = await learnersOf(services, signedInUser(origin.caller), programId, assignmentId, filters);
  return { items: learners, total: learners.length };
};

/** The CSV's header row and status words, in each language. */
export const ASSIGNMENT_EXPORT_LABELS: Record<
  UserLocale,
  { columns: Record<keyof AssignmentExportRow, string>; statuses: Record<AssignmentLearner['status'], string> }
> = {
  'en-GB': {
    columns: {
      user_id: 'User id',
      first_name: 'First name',
      last_name: 'Last name',
      email: 'Email',
      status: 'Status',
      items_passed: 'Items passed',
      items_total: 'Items',
      due_at: 'Due',
      reminders_sent: 'Reminders sent',
    },
    statuses: {
      not_started: 'To do',
      in_progress: 'In progress',
      passed: 'Passed',
      failed: 'Did not pass',
      overdue: 'Overdue',
      withdrawn: 'Withdrawn',
    },
  },
  'fr-FR': {
    columns: {
      user_id: 'Identifiant',
      first_name: 'Prénom',
      last_name: 'Nom',
      email: 'E-mail',
      status: 'Statut',
      items_passed: 'Éléments validés',
      items_total: 'Éléments',
      due_at: 'Échéance',
      reminders_sent: 'Rappels envoyés',
    },
    statuses: {
      not_started: 'À faire',
      in_progress: 'En cours',
      passed: 'Validé',
      failed: 'Non validé',
      overdue: 'En retard',
      withdrawn: 'Retiré',
    },
  },
};

export const exportAssignmentLearners = async (
  services: AppServices,
  origin: Origin,
  programId: string,
  assignmentId: string,
  query: ParsedRequest<Operations['export']>['query'],
): Promise<{ header: string[]; rows: AsyncIterable<AssignmentExportRow> }> => {
  const caller = signedInUser(origin.caller);
  const { lang, ...filters } = query;
  const { assignment, learners } = await learnersOf(services, caller, programId, assignmentId, filters);
  const locale: UserLocale = lang ?? (await findUser(services.db, caller.userId))?.locale ?? 'en-GB';
  const labels = ASSIGNMENT_EXPORT_LABELS[locale];
  async function* rows(): AsyncIterable<AssignmentExportRow> {
    for (const learner of learners) {
      yield {
        user_id: learner.user_id,
        first_name: learner.first_name,
        last_name: learner.last_name,
        email: learner.email,
        status: labels.statuses[learner.status],
        items_passed: learner.progress.passed,
        items_total: learner.progress.total,
        due_at: assignment.dueAt,
        reminders_sent: learner.reminders_sent.length,
      };
    }
  }
  return { header: Object.values(labels.columns), rows: rows() };
};
