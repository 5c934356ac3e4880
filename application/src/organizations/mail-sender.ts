import { APP_NAME, normalizeEmail } from '@ai-coaching/domain';
import { senderAddress, senderName } from '@ai-coaching/platform';
import {
  findOrganization,
  findPlatformOrganization,
  findUserByEmail,
  type OrganizationView,
} from '@ai-coaching/projections';
import type { AppServices } from '../app-services.js';

/** What a mail carries besides its content: who it says it is from, and where replies go. */
export type MailSender = { senderName: string; fromAddress: string; replyTo: string | null };

type SenderSettings = Pick<OrganizationView, 'operatorName' | 'mailSenderName' | 'mailReplyTo'>;

/**
 * The sender of an organization's mail. The name: its mail settings' sender name, else its
 * operator display name, else the platform default (the platform organization's sender name),
 * else MAIL_FROM's own name. The reply-to: its own, else the platform default, else none. The
 * address is always MAIL_FROM's.
 */
export const effectiveMailSender = (
  organization: SenderSettings | undefined,
  platform: SenderSettings | undefined,
  mailFrom: string,
): MailSender => ({
  senderName:
    organization?.mailSenderName ||
    organization?.operatorName ||
    platform?.mailSenderName ||
    senderName(mailFrom) ||
    APP_NAME,
  fromAddress: senderAddress(mailFrom),
  replyTo: organization?.mailReplyTo || platform?.mailReplyTo || null,
});

/** The sender of a mail of this organization, with the platform defaults read now. */
export const mailSenderOf = async (
  services: Pick<AppServices, 'db' | 'config'>,
  organization: SenderSettings | undefined,
): Promise<MailSender> =>
  effectiveMailSender(organization, await findPlatformOrganization(services.db), services.config.MAIL_FROM);

/**
 * For the mail job: the sender of the organization the mail names, else of the organization of
 * the recipient's account (an address belongs to one account at most), else the platform defaults.
 * `fromName` is left out when it is MAIL_FROM's own, so such mail is sent exactly as MAIL_FROM says.
 */
export const resolveMailSender = async (
  services: Pick<AppServices, 'db' | 'config'>,
  mail: { to: string; organizationId?: string | undefined },
): Promise<{ fromName?: string; replyTo?: string }> => {
  const organizationId =
    mail.organizationId ?? (await findUserByEmail(services.db, normalizeEmail(mail.to)))?.organizationId;
  const organization = organizationId ? await findOrganization(services.db, organizationId) : undefined;
  const sender = await mailSenderOf(services, organization);
  return {
    ...(sender.senderName !== senderName(services.config.MAIL_FROM) ? { fromName: sender.senderName } : {}),
    ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
  };
};
