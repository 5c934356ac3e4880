import type { UserLocale } from '@ai-coaching/domain';
import { createSecretCode, hashSecretCode } from '@ai-coaching/platform';
import type { AppServices } from '../app-services.js';
import type { UserCaller } from '../tenancy/scope.js';
import { MAIL_NAME_MAX, sendMailJob } from '../jobs/mail/send-mail.job.js';

export const INVITE_CODE_TTL_DAYS = 7;

/** The mail template's limit for a person's name. */

export type InviteCode = { code: string; codeHash: string; expiresAt: string };

/** A fresh single-use code: the code itself only ever goes into the mail, its hash into the events. */
export const newInviteCode = (now: Date): InviteCode => {
  const code = createSecretCode();
  const expiresAt = new Date(now.getTime() + INVITE_CODE_TTL_DAYS * 24 * 3600_000).toISOString();
  return { code, codeHash: hashSecretCode(code), expiresAt };
};

/** The display name rule (spec section 3): first and last name, else whichever exists, else the email. */
export const displayName = (caller: UserCaller): string =>
  (
    [caller.firstName, caller.lastName]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' ') || caller.email
  ).slice(0, MAIL_NAME_MAX);

/** Queues the invitation mail in the invitee's language, with the link the SPA's activation screen reads. */
export const enqueueInvitationMail = async (
  services: Pick<AppServices, 'queue' | 'config'>,
  invitation: {
    to: string;
    locale: UserLocale;
    firstName: string;
    organizationName: string;
    inviterName: string;
    code: InviteCode;
  },
): Promise<void> => {
  await services.queue.enqueue(sendMailJob, {
    template: 'invitation',
    locale: invitation.locale,
    to: invitation.to,
    params: {
      firstName: invitation.firstName,
      inviterName: invitation.inviterName,
      organizationName: invitation.organizationName,
      activationUrl: `${services.config.publicUrl}/activate?code=${encodeURIComponent(invitation.code.code)}`,
      expiresAt: invitation.code.expiresAt,
    },
  });
};
