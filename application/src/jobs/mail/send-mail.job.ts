import { isValidEmail } from '@ai-coaching/domain';
import { defineJob } from '@ai-coaching/platform';
import { z } from 'zod';

// What a producer needs to send a transactional mail: the languages mail is written in, each
// template's parameters and the job. The texts and their rendering live with the handler (workers).

export const MAIL_LOCALES = ['en-GB', 'fr-FR'] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];
export const DEFAULT_MAIL_LOCALE: MailLocale = 'en-GB';

/** The recipient's locale, or the nearest one mail is written in: `fr`, `fr-CA` → fr-FR; anything else → en-GB. */
export const resolveMailLocale = (locale: string | undefined): MailLocale => {
  const exact = MAIL_LOCALES.find((candidate) => candidate.toLowerCase() === locale?.toLowerCase());
  if (exact) return exact;
  const language = locale?.split(/[-_]/)[0]?.toLowerCase();
  return MAIL_LOCALES.find((candidate) => candidate.startsWith(`${language}-`)) ?? DEFAULT_MAIL_LOCALE;
};

// Only web links: a `javascript:` or `data:` URL must never become a button in someone's mailbox.
const webUrl = z.url({ protocol: /^https?$/, error: 'an http(s) URL' });
/** The longest name a mail shows (a greeting's first name, an organization's name). */
export const MAIL_NAME_MAX = 200;
const name = z.string().trim().min(1).max(MAIL_NAME_MAX);
/** The weekly digest names this many overdue learners per assignment ("and N more"), and lists this many assignments. */
export const ASSIGNMENT_DIGEST_NAMES_MAX = 10;
export const ASSIGNMENT_DIGEST_ASSIGNMENTS_MAX = 50;
const instant = z.iso.datetime({ offset: true });

export const templateParamsSchemas = {
  invitation: z.object({
    firstName: name,
    /** Who sent the invitation; the mail says "you have been invited" without it. */
    inviterName: name.optional(),
    organizationName: name,
    activationUrl: webUrl,
    /** ISO 8601; shown in the recipient's locale. */
    expiresAt: instant,
  }),
  'password-reset': z.object({
    firstName: name,
    resetUrl: webUrl,
    expiresAt: instant,
  }),
  /** A share link's wallet could not pay a visitor's session (docs/shared-sessions.md); `expiresAt`: the link's. */
  'shared-session-wallet-empty': z.object({
    firstName: name,
    linkLabel: name,
    scenarioName: z.string().trim().max(200),
    linksUrl: webUrl,
    expiresAt: instant,
  }),
  /**
   * A program was assigned to the recipient (docs/programs.md, "Notices"): `expiresAt` is its due date, said on
   * `timeZone`'s clock.
   */
  'assignment-assigned': z.object({
    firstName: name,
    programName: name,
    /** The manager's message, quoted as it is; empty for none. */
    message: z.string().trim().max(2000),
    assignmentsUrl: webUrl,
    expiresAt: instant,
    timeZone: z.string().min(1).max(100),
  }),
  /**
   * Manager review (docs/programs.md): a reviewer commented on the recipient's session, or (`reply`) its learner
   * answered the recipient's comment. The comment is not quoted: it stays with the session, erased with it.
   */
  'session-comment': z.object({
    firstName: name,
    authorName: name,
    reply: z.boolean(),
    sessionUrl: webUrl,
    /** When the session was played; shown in the recipient's locale. */
    playedAt: instant,
  }),
  /**
   * A reminder of an assignment the recipient has not finished (docs/programs.md, "Notices"): due in 3 days, due
   * tomorrow, or overdue; `expiresAt` is the due date, said on `timeZone`'s clock.
   */
  'assignment-reminder': z.object({
    firstName: name,
    programName: name,
    reminder: z.enum(['due_in_3_days', 'due_tomorrow', 'overdue']),
    itemsPassed: z.number().int().min(0),
    itemsTotal: z.number().int().min(1),
    assignmentsUrl: webUrl,
    expiresAt: instant,
    timeZone: z.string().min(1).max(100),
  }),
  /** The recipient passed every item of an assigned program: their certificate's public page. */
  'assignment-passed': z.object({
    firstName: name,
    programName: name,
    certificateUrl: webUrl,
    passedAt: instant,
    timeZone: z.string().min(1).max(100),
  }),
  /**
   * The managers' weekly digest (docs/programs.md, "Weekly digest"): their organization's assignments with overdue
   * learners, each with its due date on its own clock, how many of its learners are overdue and the first names.
   */
  'assignment-digest': z.object({
    firstName: name,
    /** Distinct learners overdue, and distinct programs, over every assignment (those left out too). */
    learnerCount: z.number().int().min(1),
    programCount: z.number().int().min(1),
    assignments: z
      .array(
        z.object({
          programName: name,
          programUrl: webUrl,
          dueAt: instant,
          timeZone: z.string().min(1).max(100),
          overdue: z.number().int().min(1),
          /** Every learner the assignment reaches. */
          assigned: z.number().int().min(1),
          /** The first overdue learners' names; `overdue` says how many there are. */
          names: z.array(name).min(1).max(ASSIGNMENT_DIGEST_NAMES_MAX),
        }),
      )
      .min(1)
      .max(ASSIGNMENT_DIGEST_ASSIGNMENTS_MAX),
    /** Assignments with overdue learners beyond those listed. */
    moreAssignments: z.number().int().min(0),
    programsUrl: webUrl,
  }),
  /**
   * A webhook endpoint the recipient created was turned off after 24 hours of failed deliveries, or a 410 answer
   * (docs/api/integrations.md, "Webhooks"). Only the URL's origin is said: its path or query may hold a token.
   */
  'webhook-disabled': z.object({
    firstName: name,
    endpointOrigin: z.string().trim().min(1).max(300),
    webhooksUrl: webUrl,
    disabledAt: instant,
  }),
} as const;

export type TemplateId = keyof typeof templateParamsSchemas;
export const TEMPLATE_IDS = Object.keys(templateParamsSchemas) as TemplateId[];
export type TemplateParams<T extends TemplateId> = z.infer<(typeof templateParamsSchemas)[T]>;

const recipient = {
  locale: z.enum(MAIL_LOCALES),
  // The same rule as the account's address (an internationalised local part such as chloé@ is
  // one): a stricter check here would refuse to mail an account the domain just accepted.
  to: z.string().refine(isValidEmail, 'an email address'),
  /**
   * Whose mail this is: its sender name and reply-to apply (docs/mail.md "Sender"). Absent: those of
   * the organization of the recipient's account, else the platform defaults.
   */
  organizationId: z.string().min(1).max(100).optional(),
};

/** The mail-settings test: no link, no expiry, so it is not one of the linked templates above. */
export const MAIL_SETTINGS_TEST = 'mail-settings-test';
export const mailSettingsTestParamsSchema = z.object({
  /** May be empty: the greeting then has no name. */
  firstName: z.string().trim().max(200),
  organizationName: name,
});
export type MailSettingsTestParams = z.infer<typeof mailSettingsTestParamsSchema>;

/** One variant per template, so `params` is checked (and typed) against the template it goes with. */
export const sendMailPayloadSchema = z.discriminatedUnion('template', [
  z.object({ template: z.literal('invitation'), ...recipient, params: templateParamsSchemas.invitation }),
  z.object({ template: z.literal('password-reset'), ...recipient, params: templateParamsSchemas['password-reset'] }),
  z.object({
    template: z.literal('shared-session-wallet-empty'),
    ...recipient,
    params: templateParamsSchemas['shared-session-wallet-empty'],
  }),
  z.object({
    template: z.literal('assignment-assigned'),
    ...recipient,
    params: templateParamsSchemas['assignment-assigned'],
  }),
  z.object({
    template: z.literal('session-comment'),
    ...recipient,
    params: templateParamsSchemas['session-comment'],
  }),
  z.object({
    template: z.literal('assignment-reminder'),
    ...recipient,
    params: templateParamsSchemas['assignment-reminder'],
  }),
  z.object({
    template: z.literal('assignment-passed'),
    ...recipient,
    params: templateParamsSchemas['assignment-passed'],
  }),
  z.object({
    template: z.literal('assignment-digest'),
    ...recipient,
    params: templateParamsSchemas['assignment-digest'],
  }),
  z.object({
    template: z.literal('webhook-disabled'),
    ...recipient,
    params: templateParamsSchemas['webhook-disabled'],
  }),
  z.object({ template: z.literal(MAIL_SETTINGS_TEST), ...recipient, params: mailSettingsTestParamsSchema }),
]);

/** Who a mail goes to, from their account: their language (or the nearest one mail is written in) and address. */
export const mailRecipientOf = (user: { email: string; locale?: string }) => ({
  locale: resolveMailLocale(user.locale),
  to: user.email,
});

/** The name a mail's greeting says: the recipient's first name, else their address. */
export const mailGreetingOf = (user: { email: string; firstName: string }): string =>
  (user.firstName.trim() || user.email).slice(0, MAIL_NAME_MAX);

/** A name a mail shows (a program's, an organization's): trimmed, cut at `MAIL_NAME_MAX`, a dash when empty. */
export const mailName = (name: string): string => (name.trim() || '—').slice(0, MAIL_NAME_MAX);

/** Any mail the job sends. */
export type MailJobPayload = z.infer<typeof sendMailPayloadSchema>;

/** A mail of one of the linked templates (invitation, password reset), which `renderMail` renders. */
export type SendMailPayload = Exclude<MailJobPayload, { template: typeof MAIL_SETTINGS_TEST }>;

/**
 * Renders a transactional mail and sends it. Eight tries from 2 s doubling spread over about four
 * minutes, enough to ride out a relay restart or a greylisting delay.
 */
export const sendMailJob = defineJob({
  id: 'mail.send',
  schema: sendMailPayloadSchema,
  attempts: 8,
  backoffMs: 2000,
});
