import {
  programAssignmentDecider,
  programAssignmentStreamId,
  type Assignee,
  type ProgramAssignmentCommand,
} from '@ai-coaching/domain';
import {
  findUser,
  findUserGroup,
  listAssignmentsOfLearner,
  listGroupsOfUser,
  type UserView,
} from '@ai-coaching/projections';
import type { AppServices, Origin } from '../../app-services.js';
import { runCommand } from '../../commands/run-command.js';

// What the assignment use cases share: running a command on an assignment's stream, and who an assignment reaches.

/** Where a learner finds their assignments: the coaching home (`client/src/app/route-table.tsx`). */
export const ASSIGNMENTS_PATH = '/apps/ai-coaching';

export const runAssignmentCommand = (services: AppServices, origin: Origin, command: ProgramAssignmentCommand) =>
  runCommand(services, origin, {
    streamId: programAssignmentStreamId(command.data.assignmentId),
    decider: programAssignmentDecider,
    command,
  });

/** The assignments of a learner's organization that reach them now: named, or through a group they are in now. */
export const assignmentsReaching = async (
  services: AppServices,
  learner: { organizationId: string; userId: string },
) => {
  const groups = await listGroupsOfUser(services.db, learner.userId);
  return listAssignmentsOfLearner(services.db, {
    organizationId: learner.organizationId,
    userId: learner.userId,
    userGroupIds: groups.map((group) => group.userGroupId),
  });
};

/** The users named, and the current members of the groups named: each once, of the organization, not disabled. */
export const reachedUsers = async (services: AppServices, organizationId: string, assignees: readonly Assignee[]) => {
  const ids = new Set<string>();
  for (const assignee of assignees) {
    if ('userId' in assignee) {
      ids.add(assignee.userId);
      continue;
    }
    const group = await findUserGroup(services.db, assignee.userGroupId);
    if (group?.status === 'active') for (const member of group.memberIds) ids.add(member);
  }
  const users = await Promise.all([...ids].map((id) => findUser(services.db, id)));
  return users.filter(
    (user): user is UserView =>
      user !== undefined && user.organizationId === organizationId && user.status !== 'disabled',
  );
};
