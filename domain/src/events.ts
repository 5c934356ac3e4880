import type { AiModelEvent } from './ai/models/events.js';
import type { AiProviderEvent } from './ai/providers/events.js';
import type { AiServiceKeyEvent } from './ai/service-keys/events.js';
import type { AiSpeechVoiceEvent } from './ai/speech-voices/events.js';
import type { ApiKeyEvent } from './api-keys/events.js';
import type { ApplicationEvent } from './applications/events.js';
import type { BackgroundJobEvent } from './background-jobs/events.js';
import type { CoachingSessionAnalysisEvent } from './coaching/analysis/events.js';
import type { CoachingChatEvent } from './coaching/chats/events.js';
import type { CoachingItemEvent } from './coaching/content/events.js';
import type { LeaderboardPreferenceEvent } from './coaching/leaderboards/events.js';
import type { ProgramAssignmentEvent } from './coaching/programs/events.js';
import type { CoachingSessionEvent } from './coaching/sessions/events.js';
import type { CoachingSessionCommentEvent } from './coaching/session-comments/events.js';
import type { CoachingSharedSessionEvent } from './coaching/shared-sessions/events.js';
import type { SessionGeneratorEvent } from './coaching/session-generators/events.js';
import type { CreditEvent } from './credits/events.js';
import type { OrganizationEvent } from './organizations/events.js';
import type { PlatformEvent } from './platform/events.js';
import type { UserGroupEvent } from './user-groups/events.js';
import type { NotificationSettingsEvent } from './notification-settings/events.js';
import type { UserNoticeEvent } from './notices/events.js';
import type { EmailClaimEvent } from './users/email-claim-events.js';
import type { UserEvent } from './users/events.js';
import type { WebhookEndpointEvent } from './webhooks/events.js';

/** Every event the product records: read models and workers look event types up here by name. */
export type AnyDomainEvent =
  | PlatformEvent
  | OrganizationEvent
  | UserEvent
  | EmailClaimEvent
  | UserGroupEvent
  | NotificationSettingsEvent
  | UserNoticeEvent
  | CreditEvent
  | AiProviderEvent
  | AiServiceKeyEvent
  | ApiKeyEvent
  | AiModelEvent
  | AiSpeechVoiceEvent
  | CoachingItemEvent
  | ProgramAssignmentEvent
  | LeaderboardPreferenceEvent
  | CoachingSessionEvent
  | CoachingSharedSessionEvent
  | CoachingSessionAnalysisEvent
  | BackgroundJobEvent
  | SessionGeneratorEvent
  | CoachingChatEvent
  | CoachingSessionCommentEvent
  | ApplicationEvent
  | WebhookEndpointEvent;

export type DomainEventType = AnyDomainEvent['type'];

/** The data of the event of this type. */
export type EventDataOf<Type extends DomainEventType> = Extract<AnyDomainEvent, { type: Type }>['data'];
