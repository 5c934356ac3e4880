import { aiCatalogueProjection } from './ai/ai-catalogue/index.js';
import { organizationApplicationsProjection } from './applications/organization-applications/index.js';
import { apiKeysProjection } from './integrations/api-keys/index.js';
import { coachingChatsProjection } from './coaching/coaching-chats/index.js';
import { coachingContentProjection } from './coaching/coaching-content/index.js';
import { coachingSessionCommentsProjection } from './coaching/coaching-session-comments/index.js';
import { coachingSessionAnalysesProjection } from './coaching/coaching-session-analyses/index.js';
import { coachingSessionsProjection } from './coaching/coaching-sessions/index.js';
import { coachingSharedSessionsProjection } from './coaching/coaching-shared-sessions/index.js';
import { creditHistoryProjection } from './credits/credit-history/index.js';
import { walletBalancesProjection } from './credits/wallet-balances/index.js';
import { backgroundJobsProjection } from './jobs/background-jobs/index.js';
import { coachingSessionGeneratorsProjection } from './coaching/coaching-session-generators/index.js';
import { programAssignmentsProjection } from './coaching/program-assignments/index.js';
import { leaderboardsProjection } from './coaching/leaderboards/index.js';
import { organizationListProjection } from './organizations/organization-list/index.js';
import type { Lifecycle, Logger } from '@ai-coaching/platform';
import type { Projection } from './runner/projection.js';
import {
  createProjectionRunner,
  type ProjectionRunner,
  type ProjectionRunnerOptions,
} from './runner/projection-runner.js';
import { userGroupsProjection } from './user-groups/user-groups/index.js';
import { userNoticesProjection } from './notices/user-notices/index.js';
import { passwordResetsProjection } from './users/password-resets/index.js';
import { userDirectoryProjection } from './users/user-directory/index.js';
import { userIdentitiesProjection } from './users/user-identities/index.js';
import { userNotificationSettingsProjection } from './users/notification-settings/index.js';
import { userInvitationsProjection } from './users/user-invitations/index.js';
import { webhookEndpointsProjection } from './webhooks/webhook-endpoints/index.js';
import { webhookOutboxProjection } from './webhooks/webhook-outbox/index.js';

/** Every read model the product maintains, in the order they are set up. */
export const allProjections: readonly Projection[] = [
  organizationListProjection,
  userDirectoryProjection,
  userInvitationsProjection,
  passwordResetsProjection,
  userIdentitiesProjection,
  userGroupsProjection,
  walletBalancesProjection,
  creditHistoryProjection,
  aiCatalogueProjection,
  coachingContentProjection,
  coachingSessionsProjection,
  coachingSharedSessionsProjection,
  coachingSessionAnalysesProjection,
  backgroundJobsProjection,
  coachingSessionGeneratorsProjection,
  programAssignmentsProjection,
  leaderboardsProjection,
  coachingChatsProjection,
  coachingSessionCommentsProjection,
  organizationApplicationsProjection,
  userNotificationSettingsProjection,
  userNoticesProjection,
  apiKeysProjection,
  webhookEndpointsProjection,
  webhookOutboxProjection,
];

/**
 * Keeps every read model up to date in this process (one runner over `allProjections`) until the runtime stops; the
 * runtimes that project (the projections runtime, the one-process server, the application's test app) start it so.
 */
export const startAllProjections = async (
  services: Pick<ProjectionRunnerOptions, 'store' | 'db'>,
  logger: Logger,
  lifecycle: Lifecycle,
  options: Pick<ProjectionRunnerOptions, 'pollIntervalMs'> = {},
): Promise<ProjectionRunner> => {
  const runner = createProjectionRunner({
    store: services.store,
    db: services.db,
    projections: allProjections,
    logger,
    ...options,
  });
  await runner.start();
  lifecycle.add('projections', () => runner.stop());
  return runner;
};
