import type { MailSettings, mailSettingsOperations, ParsedRequest } from '@ai-coaching/contracts';
import { organizationDecider, organizationStreamId } from '@ai-coaching/domain';
import type { AuthRateLimiter } from '@ai-coaching/platform';
import { findOrganization, findUser, type OrganizationView } from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { runCommand } from '../commands/run-command.js';
import { MAIL_SETTINGS_TEST, resolveMailLocale, sendMailJob } from '../jobs/mail/send-mail.job.js';
import { isSuperAdmin, organizationNotFound, signedInUser, visibleOrganization } from '../tenancy/scope.js';
import { mailSenderOf } from './mail-sender.js';

// An organization's mail settings live in its own stream (OrganizationMailSettingsChanged) and its
// read model row, beside its name and operator display name, rather than in a settings table like
// the platform-wide redirects: they are one tenant's data, changed by its operators, audited with
// who changed them and when, and they follow the organization's tenancy and archiving. The
// platform organization's settings are the platform defaults, so no second store is needed.

type Operations = typeof mailSettingsOperations;

const toMailSettings = async (
  services: AppServices,
  organization: OrganizationView,
  showPlatformFrom: boolean,
): Promise<MailSettings> => {
  const sender = await mailSenderOf(services, organization);
  return {
    organization_id: organization.organizationId,
    sender_name: organization.mailSenderName,
    reply_to: organization.mailReplyTo,
    is_platform_default: organization.kind === 'platform',
    effective: { sender_name: sender.senderName, from_address: sender.fromAddress, reply_to: sender.replyTo },
    platform_from: showPlatformFrom ? services.config.MAIL_FROM : null,
  };
};

export const readMailSettings = async (
  services: AppServices,
  origin: Origin,
  organizationId: string,
): Promise<MailSettings> => {
  const me = signedInUser(origin.caller);
  const organization = await visibleOrganization(services, me, organizationId);
  return toMailSettings(services, organization, isSuperAdmin(me));
};

export const saveMailSettings = async (
  services: AppServices,
  origin: Origin,
  organizationId: string,
  body: ParsedRequest<Operations['save']>['body'],
): Promise<MailSettings> => {
  const me = signedInUser(origin.caller);
  const organization = await visibleOrganization(services, me, organizationId);
  await runCommand(services, origin, {
    streamId: organizationStreamId(organization.organizationId),
    decider: organizationDecider,
    command: {
      type: 'ChangeOrganizationMailSettings',
      data: { organizationId: organization.organizationId, senderName: body.sender_name, replyTo: body.reply_to },
      metadata: { now: nowIso(services) },
    },
  });
  const current = await findOrganization(services.db, organization.organizationId);
  if (!current) throw organizationNotFound();
  return toMailSettings(services, current, isSuperAdmin(me));
};

/**
 * Mails a test message with the organization's settings to the caller, who sees what its users
 * will see. Counted per caller and per organization with the password-reset limits (3 and 10 an
 * hour), under keys of its own, so testing never uses up anyone's reset requests.
 */
export const sendTestMail = async (
  services: AppServices & { rateLimiter: AuthRateLimiter },
  origin: Origin,
  organizationId: string,
): Promise<{ message: string; to: string }> => {
  const me = signedInUser(origin.caller);
  const organization = await visibleOrganization(services, me, organizationId);
  await services.rateLimiter.consume('password-reset', {
    account: `mail-settings-test:${me.userId}`,
    address: `mail-settings-test:${organization.organizationId}`,
  });
  const user = await findUser(services.db, me.userId);
  await services.queue.enqueue(sendMailJob, {
    template: MAIL_SETTINGS_TEST,
    locale: resolveMailLocale(user?.locale),
    to: me.email,
    organizationId: organization.organizationId,
    params: { firstName: me.firstName, organizationName: organization.name },
  });
  return { message: `A test mail is on its way to ${me.email}.`, to: me.email };
};
