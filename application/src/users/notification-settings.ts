import type { NotificationSettings, notificationSettingsOperations, ParsedRequest } from '@ai-coaching/contracts';
import {
  notificationSettingsDecider,
  userNotificationSettingsStreamId,
  type NotificationSettingsCommand,
} from '@ai-coaching/domain';
import { findUserNotificationSettings } from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { runCommand } from '../commands/run-command.js';
import { signedInUser } from '../tenancy/scope.js';

// A user's notification settings (docs/programs.md, "Weekly digest"): on their own stream, with the digests sent.

type Operations = typeof notificationSettingsOperations;

export const runNotificationSettingsCommand = (
  services: AppServices,
  origin: Origin,
  command: NotificationSettingsCommand,
) =>
  runCommand(services, origin, {
    streamId: userNotificationSettingsStreamId(command.data.userId),
    decider: notificationSettingsDecider,
    command,
  });

/** The caller's settings; a user who never chose has the weekly digest on. */
export const readNotificationSettings = async (
  services: AppServices,
  origin: Origin,
): Promise<NotificationSettings> => {
  const settings = await findUserNotificationSettings(services.db, signedInUser(origin.caller).userId);
  return { weekly_digest: settings.weeklyDigest };
};

/** Changes what the caller gives; anyone signed in may (a learner's digest setting is kept, and harmless). */
export const changeNotificationSettings = async (
  services: AppServices,
  origin: Origin,
  body: ParsedRequest<Operations['update']>['body'],
): Promise<NotificationSettings> => {
  const { userId } = signedInUser(origin.caller);
  await runNotificationSettingsCommand(services, origin, {
    type: 'ChangeNotificationSettings',
    data: { userId, ...(body.weekly_digest === undefined ? {} : { weeklyDigest: body.weekly_digest }) },
    metadata: { now: nowIso(services) },
  });
  return readNotificationSettings(services, origin);
};
