import { COLLEAGUES_MAX, type Colleagues } from '@ai-coaching/contracts';
import { listUsers } from '@ai-coaching/projections';
import type { AppServices, Origin } from '../app-services.js';
import { signedInUser } from '../tenancy/scope.js';

/** The display name rule of the spec: first and last name, else whichever exists, else the email, else 'User'. */
export const displayNameOf = (user: { firstName: string; lastName: string; email: string }): string =>
  [user.firstName, user.lastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ') ||
  user.email ||
  'User';

/**
 * Whom the caller may give credits to, found by a part of their name or email: active users of
 * the caller's own organization (super-admins included: a ledger is one organization's), never
 * the caller. Only names are answered, at most `COLLEAGUES_MAX`, so a learner who may not list
 * users can pick a colleague without reading the directory (docs/api/credits.md).
 */
export const findColleagues = async (
  services: Pick<AppServices, 'db'>,
  origin: Origin,
  query: { q: string },
): Promise<Colleagues> => {
  const me = signedInUser(origin.caller);
  // One more than shown, so that leaving the caller out still fills the answer.
  const page = await listUsers(services.db, {
    organizationId: me.organizationId,
    status: 'active',
    q: query.q,
    page: 1,
    page_size: 12,
    sort: 'name',
  });
  return {
    items: page.items
      .filter((user) => user.userId !== me.userId)
      .slice(0, COLLEAGUES_MAX)
      .map((user) => ({ id: user.userId, display_name: displayNameOf(user) })),
  };
};
