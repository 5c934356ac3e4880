import { aiCatalogueProjection } from './ai/ai-catalogue/index.js';
import { organizationApplicationsProjection } from './applications/organization-applications/index.js';
import { coachingChatsProjection } from './coaching/coaching-chats/index.js';
import { coachingContentProjection } from './coaching/coaching-content/index.js';
import { coachingSessionAnalysesProjection } from './coaching/coaching-session-analyses/index.js';
import { coachingSessionsProjection } from './coaching/coaching-sessions/index.js';
import { coachingSharedSessionsProjection } from './coaching/coaching-shared-sessions/index.js';
import { creditHistoryProjection } from './credits/credit-history/index.js';
import { walletBalancesProjection } from './credits/wallet-balances/index.js';
import { backgroundJobsProjection } from './jobs/background-jobs/index.js';
import { coachingSessionGeneratorsProjection } from './coaching/coaching-session-generators/index.js';
import { organizationListProjection } from './organizations/organization-list/index.js';
import type { Projection } from './runner/projection.js';
import { userGroupsProjection } from './user-groups/user-groups/index.js';
import { passwordResetsProjection } from './users/password-resets/index.js';
import { userDirectoryProjection } from './users/user-directory/index.js';
import { userIdentitiesProjection } from './users/user-identities/index.js';
import { userInvitationsProjection } from './users/user-invitations/index.js';

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
  coachingChatsProjection,
  organizationApplicationsProjection,
];
