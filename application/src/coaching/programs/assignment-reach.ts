import type { Assignee } from '@ai-coaching/domain';
import { findUser, findUserGroup, type UserView } from '@ai-coaching/projections';
import type { AppServices } from '../../app-services.js';

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
