import { openApiOperations } from '@ai-coaching/contracts';
import { defineRoute, publicAccess, type RouteDefinition } from '../http/route.js';
import { buildOpenApiDocument } from '../openapi/build-document.js';
import { aiRoutes } from './ai.js';
import { apiKeyRoutes } from './api-keys.js';
import { scimTokenRoutes } from './scim-tokens.js';
import { userImportRoutes } from './user-imports.js';
import { applicationRoutes } from './applications.js';
import { authRoutes } from './auth.js';
import { coachingChatRoutes } from './coaching-chats.js';
import { coachingSessionCommentRoutes } from './coaching-session-comments.js';
import { coachingContentRoutes } from './coaching-content.js';
import { programAssignmentRoutes } from './program-assignments.js';
import { notificationSettingsRoutes } from './notification-settings.js';
import { certificateRoutes } from './certificates.js';
import { noticeRoutes } from './notices.js';
import { coachingDashboardRoutes } from './coaching-dashboard.js';
import { observerTrialRoutes } from './coaching-observer-trials.js';
import { coachingPlaylistProgressRoutes } from './coaching-playlist-progress.js';
import { coachingPracticeRoutes } from './coaching-practice.js';
import { coachingSessionRoutes } from './coaching-sessions.js';
import { sharedSessionRoutes } from './coaching-shared-sessions.js';
import { sessionGeneratorRoutes } from './coaching-session-generators.js';
import { creditRoutes } from './credits.js';
import { environmentVariableRoutes } from './environment-variables.js';
import { healthRoutes, type ReadinessCheck } from './health.js';
import { imageUploadRoutes } from './image-uploads.js';
import { invitationRoutes } from './invitations.js';
import { backgroundJobRoutes } from './jobs.js';
import { keycloakRoutes } from './keycloak.js';
import { leaderboardRoutes } from './leaderboards.js';
import { mailSettingsRoutes } from './mail-settings.js';
import { mailOutboxRoutes } from './mail-outbox.js';
import { operatorNameRoutes } from './operator-name.js';
import { organizationRoutes } from './organizations.js';
import { passwordResetLinkRoutes } from './password-reset-links.js';
import { platformSetupRoutes } from './platform-setup.js';
import { projectionsAdminRoutes } from './projections-admin.js';
import { redirectRoutes } from './redirects.js';
import { ssoRealmRoutes } from './sso-realms.js';
import { superAdminRoutes } from './super-admins.js';
import { userRoutes } from './users.js';
import { userGroupRoutes } from './user-groups.js';
import { webhookRoutes } from './webhooks.js';

/** Every route the API serves, in one table: the guard, the OpenAPI document and the role-matrix test read it. */
export const apiRoutes = (readiness: readonly ReadinessCheck[]): RouteDefinition[] => {
  const routes: RouteDefinition[] = [
    ...healthRoutes(readiness),
    ...projectionsAdminRoutes,
    ...mailOutboxRoutes,
    ...authRoutes,
    ...keycloakRoutes,
    ...ssoRealmRoutes,
    ...organizationRoutes,
    ...operatorNameRoutes,
    ...mailSettingsRoutes,
    ...userGroupRoutes,
    ...apiKeyRoutes,
    ...scimTokenRoutes,
    ...userImportRoutes,
    ...userRoutes,
    ...passwordResetLinkRoutes,
    ...superAdminRoutes,
    ...creditRoutes,
    ...invitationRoutes,
    ...redirectRoutes,
    ...environmentVariableRoutes,
    ...aiRoutes,
    ...imageUploadRoutes,
    ...coachingContentRoutes,
    ...programAssignmentRoutes,
    ...notificationSettingsRoutes,
    ...certificateRoutes,
    ...noticeRoutes,
    ...observerTrialRoutes,
    ...coachingSessionRoutes,
    ...sharedSessionRoutes,
    ...backgroundJobRoutes,
    ...sessionGeneratorRoutes,
    ...coachingChatRoutes,
    ...coachingSessionCommentRoutes,
    ...coachingDashboardRoutes,
    ...coachingPlaylistProgressRoutes,
    ...coachingPracticeRoutes,
    ...leaderboardRoutes,
    ...applicationRoutes,
    ...platformSetupRoutes,
    ...webhookRoutes,
  ];
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  routes.push(
    defineRoute(openApiOperations.document, {
      access: publicAccess,
      handler: async () => ({ body: (document ??= buildOpenApiDocument(routes)) }),
    }),
  );
  return routes;
};
