import { APP_NAME } from '@ai-coaching/domain';
import type { MailLocale, TemplateId, TemplateParams } from '@ai-coaching/application';
import { assignmentDigestTexts, type AssignmentDigestText } from './assignment-digest-texts.js';

/**
 * Transactional mail in every language the product speaks. Each locale is a catalogue of plain
 * sentences with `{param}` placeholders, without markup; one layout turns them into both the text
 * and the HTML part, so the two always say the same thing and the HTML can be escaped whole.
 */

/**
 * One mail's sentences, in reading order; `intro` holds its paragraphs. Placeholders name the
 * template's params, plus `appName`.
 */
type MailText = {
  subject: string;
  greeting: string;
  intro: readonly string[];
  action: string;
  linkHint: string;
  expiry: string;
  expired: string;
  ignore: string;
  signature: string;
};

type InvitationText = MailText & { introWithInviter: readonly string[] };

/** A reviewer's comment to the learner; `reply…`: the learner's reply to the comment's author. */
type SessionCommentText = MailText & { replySubject: string; replyIntro: readonly string[]; replyAction: string };

/** A reminder: due in 3 days (the base sentences), due tomorrow, overdue (`overdue…`, which has no "due by" note). */
type AssignmentReminderText = MailText & {
  tomorrowSubject: string;
  tomorrowIntro: readonly string[];
  overdueSubject: string;
  overdueIntro: readonly string[];
  overdueExpiry: string;
};

export type MailCatalogue = {
  invitation: InvitationText;
  'password-reset': MailText;
  'shared-session-wallet-empty': MailText;
  'assignment-assigned': MailText;
  'session-comment': SessionCommentText;
  'assignment-reminder': AssignmentReminderText;
  'assignment-passed': MailText;
  'assignment-digest': AssignmentDigestText;
  'webhook-disabled': MailText;
};

// French puts a non-breaking space (\u00a0) before : ? and inside « », so they never start a line.
export const catalogues: Record<MailLocale, MailCatalogue> = {
  'en-GB': {
    invitation: {
      subject: 'You are invited to join {organizationName} on {appName}',
      greeting: 'Hello {firstName},',
      introWithInviter: [
        '{inviterName} has invited you to join {organizationName} on {appName}, where you can practise conversations with AI coaching personas.',
      ],
      intro: [
        'You have been invited to join {organizationName} on {appName}, where you can practise conversations with AI coaching personas.',
      ],
      action: 'Activate my account',
      linkHint: 'If the button does not work, copy this link into your browser:',
      expiry: 'This link is valid until {expiresAt}.',
      expired: 'If it has expired, ask an administrator of {organizationName} to send you a new invitation.',
      ignore:
        'If you were not expecting this invitation, you can ignore this email: no account is created until you activate it.',
      signature: 'The {appName} team',
    },
    'password-reset': {
      subject: 'Reset your {appName} password',
      greeting: 'Hello {firstName},',
      intro: ['We received a request to reset the password of your {appName} account.'],
      action: 'Choose a new password',
      linkHint: 'If the button does not work, copy this link into your browser:',
      expiry: 'This link is valid until {expiresAt} and can be used once.',
      expired: 'If it has expired, ask for a new one from the sign-in page with “Forgot your password?”.',
      ignore: 'If you did not ask for this, you can ignore this email: your password stays as it is.',
      signature: 'The {appName} team',
    },
    'shared-session-wallet-empty': {
      subject: 'Your share link “{linkLabel}” has run out of credits',
      greeting: 'Hello {firstName},',
      intro: [
        'A visitor could not start a session of “{scenarioName}” through your share link “{linkLabel}”: the wallet the link names does not hold enough credits for another session.',
        'Add credits to that wallet, or ask an operator of your organization to allocate some, so that the next visitors can play.',
      ],
      action: 'See my share links',
      linkHint: 'If the button does not work, copy this link into your browser:',
      expiry: 'The link stays valid until {expiresAt}.',
      expired: 'Until credits are added, each new visitor is told that the link cannot start a session.',
      ignore: 'You receive this message at most once a day for each link.',
      signature: 'The {appName} team',
    },
    'assignment-assigned': {
      subject: 'New assignment: {programName}',
      greeting: 'Hello {firstName},',
      intro: ['You have been assigned the program “{programName}” on {appName}.', '{message}'],
      action: 'See my assignments',
      linkHint: 'If the button does not work, copy this link into your browser:',
      expiry: 'It is due by {expiresAt}.',
      expired: 'After that, it shows as overdue to you and to your managers.',
      ignore: 'You receive this message once for each assignment.',
      signature: 'The {appName} team',
    },
    'session-comment': {
      subject: '{authorName} commented on your practice session',
      replySubject: '{authorName} replied to your comment',
      greeting: 'Hello {firstName},',
      intro: ['{authorName} has left you a comment on the practice session you played on {appName}.'],
      replyIntro: ['{authorName} has replied to your comment on their practice session on {appName}.'],
      action: 'Read the comment',
      replyAction: 'Read the reply',
      linkHint: 'If the button does not work, copy this link into your browser:',
      expiry: 'The session was played on {playedAt}.',
      expired: 'The comment is not quoted here: it is kept with the session, and goes if the session is deleted.',
      ignore: 'You receive this message once for each comment.',
      signature: 'The {appName} team',
    },
    'assignment-reminder': {
      subject: 'Due in 3 days: {programName}',
      intro: [
        'Your assignment “{programName}” on {appName} is due in 3 days, and it is not finished yet.',
        'You have passed {itemsPassed} of its {itemsTotal} items.',
      ],
      tomorrowSubject: 'Due tomorrow: {programName}',
      tomorrowIntro: [
        'Your assignment “{programName}” on {appName} is due tomorrow, and it is not finished yet.',
        'You have passed {itemsPassed} of its {itemsTotal} items.',
      ],
      overdueSubject: 'Overdue: {programName}',
      overdueIntro: [
        'Your assignment “{programName}” on {appName} was due by {expiresAt}, and it is not finished yet.',
        'You have passed {itemsPassed} of its {itemsTotal} items. You can still finish it: until you do, it shows as overdue to you and to your managers.',
      ],
      greeting: 'Hello {firstName},',
      action: 'See my assignments',
      linkHint: 'If the button does not work, copy this link into your browser:',
      expiry: 'It is due by {expiresAt}.',
      overdueExpiry: 'This is the only overdue notice you receive for this due date.',
      expired: 'After that, it shows as overdue to you and to your managers.',
      ignore: 'You can turn these reminders off on the assignment, from your coaching home.',
      signature: 'The {appName} team',
    },
    'assignment-passed': {
      subject: 'You passed: {programName}',
      greeting: 'Hello {firstName},',
      intro: [
        'Congratulations: you have passed every item of “{programName}” on {appName}.',
        'Your certificate is ready. Anyone you give its link to can check that it is genuine.',
      ],
      action: 'See my certificate',
      linkHint: 'If the button does not work, copy this link into your browser:',
      expiry: 'Passed on {passedAt}.',
      expired:
        'The certificate names the version of the program you passed: a later change to the program does not alter it.',
      ignore: 'You receive this message once for each assignment you pass.',
      signature: 'The {appName} team',
    },
    'assignment-digest': assignmentDigestTexts['en-GB'],
    'webhook-disabled': {
      subject: 'A webhook endpoint was turned off',
      greeting: 'Hello {firstName},',
      intro: [
        'The webhook endpoint you created at {endpointOrigin} has stopped receiving events from {appName}: its deliveries failed for 24 hours, or it answered that it is gone (410).',
        'Events that happen while it is off are not sent to it. Once the receiver works again, turn the endpoint back on, and send again the deliveries it missed from its log.',
      ],
      action: 'See the webhook endpoints',
      linkHint: 'If the button does not work, copy this link into your browser:',
      expiry: 'Turned off on {disabledAt}.',
      expired: 'Each delivery’s log says what the receiver answered, if it answered.',
      ignore: 'You receive this message because you created this endpoint.',
      signature: 'The {appName} team',
    },
  },
  'fr-FR': {
    invitation: {
      subject: 'Vous avez reçu une invitation à rejoindre {organizationName} sur {appName}',
      greeting: 'Bonjour {firstName},',
      introWithInviter: [
        '{inviterName} vous invite à rejoindre {organizationName} sur {appName}, où vous pourrez vous entraîner à des conversations avec des personas de coaching IA.',
      ],
      intro: [
        'Vous avez reçu une invitation à rejoindre {organizationName} sur {appName}, où vous pourrez vous entraîner à des conversations avec des personas de coaching IA.',
      ],
      action: 'Activer mon compte',
      linkHint: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
      expiry: 'Ce lien est valable jusqu’au {expiresAt}.',
      expired:
        'S’il a expiré, demandez une nouvelle invitation à un administrateur de l’organisation {organizationName}.',
      ignore:
        'Si vous n’attendiez pas cette invitation, vous pouvez ignorer ce message\u00a0: aucun compte n’est créé tant que vous ne l’activez pas.',
      signature: 'L’équipe {appName}',
    },
    'password-reset': {
      subject: 'Réinitialisez votre mot de passe {appName}',
      greeting: 'Bonjour {firstName},',
      intro: ['Nous avons reçu une demande de réinitialisation du mot de passe de votre compte {appName}.'],
      action: 'Choisir un nouveau mot de passe',
      linkHint: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
      expiry: 'Ce lien est valable jusqu’au {expiresAt} et ne peut servir qu’une fois.',
      expired:
        'S’il a expiré, demandez-en un nouveau depuis la page de connexion avec «\u00a0Mot de passe oublié\u00a0?\u00a0».',
      ignore:
        'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message\u00a0: votre mot de passe reste inchangé.',
      signature: 'L’équipe {appName}',
    },
    'shared-session-wallet-empty': {
      subject: 'Votre lien de partage «\u00a0{linkLabel}\u00a0» n’a plus de crédits',
      greeting: 'Bonjour {firstName},',
      intro: [
        'Un visiteur n’a pas pu commencer une session de «\u00a0{scenarioName}\u00a0» avec votre lien de partage «\u00a0{linkLabel}\u00a0»\u00a0: le portefeuille que ce lien désigne n’a plus assez de crédits pour une autre session.',
        'Ajoutez des crédits à ce portefeuille, ou demandez à un opérateur de votre organisation d’en allouer, pour que les prochains visiteurs puissent jouer.',
      ],
      action: 'Voir mes liens de partage',
      linkHint: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
      expiry: 'Le lien reste valable jusqu’au {expiresAt}.',
      expired:
        'Tant que des crédits n’ont pas été ajoutés, chaque nouveau visiteur apprend que le lien ne peut pas commencer de session.',
      ignore: 'Vous recevez ce message au plus une fois par jour et par lien.',
      signature: 'L’équipe {appName}',
    },
    'assignment-assigned': {
      subject: 'Nouvelle assignation\u00a0: {programName}',
      greeting: 'Bonjour {firstName},',
      intro: ['Le programme «\u00a0{programName}\u00a0» vous a été assigné sur {appName}.', '{message}'],
      action: 'Voir mes assignations',
      linkHint: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
      expiry: 'Il est à terminer avant le {expiresAt}.',
      expired: 'Passé cette date, il apparaît en retard pour vous et pour vos responsables.',
      ignore: 'Vous recevez ce message une fois pour chaque assignation.',
      signature: 'L’équipe {appName}',
    },
    'session-comment': {
      subject: '{authorName} a commenté votre session d’entraînement',
      replySubject: '{authorName} a répondu à votre commentaire',
      greeting: 'Bonjour {firstName},',
      intro: [
        '{authorName} vous a laissé un commentaire sur la session d’entraînement que vous avez jouée sur {appName}.',
      ],
      replyIntro: ['{authorName} a répondu à votre commentaire sur sa session d’entraînement sur {appName}.'],
      action: 'Lire le commentaire',
      replyAction: 'Lire la réponse',
      linkHint: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
      expiry: 'La session a été jouée le {playedAt}.',
      expired:
        'Le commentaire n’est pas cité ici\u00a0: il est conservé avec la session, et disparaît si la session est supprimée.',
      ignore: 'Vous recevez ce message une fois pour chaque commentaire.',
      signature: 'L’équipe {appName}',
    },
    'assignment-reminder': {
      subject: 'À terminer dans 3\u00a0jours\u00a0: {programName}',
      intro: [
        'Votre assignation «\u00a0{programName}\u00a0» sur {appName} est à terminer dans 3\u00a0jours, et elle n’est pas encore terminée.',
        'Vous avez réussi {itemsPassed} de ses {itemsTotal}\u00a0éléments.',
      ],
      tomorrowSubject: 'À terminer demain\u00a0: {programName}',
      tomorrowIntro: [
        'Votre assignation «\u00a0{programName}\u00a0» sur {appName} est à terminer demain, et elle n’est pas encore terminée.',
        'Vous avez réussi {itemsPassed} de ses {itemsTotal}\u00a0éléments.',
      ],
      overdueSubject: 'En retard\u00a0: {programName}',
      overdueIntro: [
        'Votre assignation «\u00a0{programName}\u00a0» sur {appName} était à terminer avant le {expiresAt}, et elle n’est pas encore terminée.',
        'Vous avez réussi {itemsPassed} de ses {itemsTotal}\u00a0éléments. Vous pouvez encore la terminer\u00a0: d’ici là, elle apparaît en retard pour vous et pour vos responsables.',
      ],
      greeting: 'Bonjour {firstName},',
      action: 'Voir mes assignations',
      linkHint: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
      expiry: 'Elle est à terminer avant le {expiresAt}.',
      overdueExpiry: 'C’est le seul avis de retard que vous recevez pour cette date.',
      expired: 'Passé cette date, elle apparaît en retard pour vous et pour vos responsables.',
      ignore: 'Vous pouvez couper ces rappels sur l’assignation, depuis votre accueil coaching.',
      signature: 'L’équipe {appName}',
    },
    'assignment-passed': {
      subject: 'Programme réussi\u00a0: {programName}',
      greeting: 'Bonjour {firstName},',
      intro: [
        'Félicitations\u00a0: vous avez réussi tous les éléments de «\u00a0{programName}\u00a0» sur {appName}.',
        'Votre certificat est prêt. Toute personne à qui vous en donnez le lien peut vérifier qu’il est authentique.',
      ],
      action: 'Voir mon certificat',
      linkHint: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
      expiry: 'Réussi le {passedAt}.',
      expired:
        'Le certificat nomme la version du programme que vous avez réussie\u00a0: une modification ultérieure du programme ne le change pas.',
      ignore: 'Vous recevez ce message une fois pour chaque assignation réussie.',
      signature: 'L’équipe {appName}',
    },
    'assignment-digest': assignmentDigestTexts['fr-FR'],
    'webhook-disabled': {
      subject: 'Un point de terminaison de webhook a été désactivé',
      greeting: 'Bonjour {firstName},',
      intro: [
        'Le point de terminaison de webhook que vous avez créé sur {endpointOrigin} ne reçoit plus les événements de {appName}\u00a0: ses livraisons ont échoué pendant 24\u00a0heures, ou il a répondu qu’il n’existe plus (410).',
        'Les événements qui surviennent pendant qu’il est désactivé ne lui sont pas envoyés. Quand le récepteur fonctionne de nouveau, réactivez le point de terminaison et renvoyez depuis son journal les livraisons manquées.',
      ],
      action: 'Voir les points de terminaison',
      linkHint: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
      expiry: 'Désactivé le {disabledAt}.',
      expired: 'Le journal de chaque livraison indique ce que le récepteur a répondu, s’il a répondu.',
      ignore: 'Vous recevez ce message parce que vous avez créé ce point de terminaison.',
      signature: 'L’équipe {appName}',
    },
  },
};

/** The `{name}` placeholders of a catalogue sentence, for the test that both locales use the same ones. */
export const placeholdersOf = (sentence: string): string[] =>
  [...sentence.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);

const fill = (sentence: string, values: Readonly<Record<string, string | undefined>>): string =>
  sentence.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    // A catalogue naming a param its template lacks is a bug to catch in tests, not to mail out.
    if (value === undefined) throw new Error(`mail placeholder {${key}} has no value`);
    return value;
  });

const escapeHtml = (value: string): string =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/**
 * The date and time in the recipient's language, on `timeZone`'s clock and naming it. The recipient's own zone is not
 * known: a mail says UTC unless its template names a zone (an assignment's), rather than whatever zone the server
 * happens to run in.
 */
export const formatExpiry = (iso: string, locale: MailLocale, timeZone = 'UTC'): string =>
  new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));

export type RenderedMail = { subject: string; text: string; html: string };

/** A paragraph of lines with a link of its own (a digest's assignment and its program's page). */
type Entry = { lines: readonly string[]; url: string; label: string };

type Parts = {
  subject: string;
  greeting: string;
  intro: readonly string[];
  entries: readonly Entry[];
  action: string;
  url: string;
  linkHint: string;
  notes: readonly string[];
  signature: string;
};

const toText = (parts: Parts): string =>
  [
    parts.greeting,
    ...parts.intro,
    ...parts.entries.map((entry) => [...entry.lines, entry.url].join('\n')),
    `${parts.action}\n${parts.url}`,
    ...parts.notes,
    `— ${parts.signature}`,
  ].join('\n\n') + '\n';

const paragraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;

/**
 * The brand colour: the theme's pink primary as the app's primary buttons wear it
 * (`--color-primary-700`, oklch(52.5% 0.223 3.958) in client/src/styles/index.css) in sRGB hex,
 * which every mail client reads. White on it has a contrast ratio of 5.9:1 (WCAG AA).
 */
export const BRAND_PRIMARY = '#c6005c';

const entryParagraph = ({ lines, url, label }: Entry) =>
  `<p style="margin:0 0 16px">${lines.map(escapeHtml).join('<br>')}<br><a href="${escapeHtml(url)}" style="color:${BRAND_PRIMARY}">${escapeHtml(label)}</a></p>`;

// Inline styles only: most mail clients drop <style> blocks. The button is a plain link, so it
// works with images and CSS off.
const toHtml = (parts: Parts, locale: MailLocale): string => {
  const url = escapeHtml(parts.url);
  return [
    '<!doctype html>',
    `<html lang="${locale}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(parts.subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f5f5f5">',
    `<div role="article" aria-label="${escapeHtml(parts.subject)}" lang="${locale}" style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;color:#1f2937;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">`,
    paragraph(parts.greeting),
    ...parts.intro.map(paragraph),
    ...parts.entries.map(entryParagraph),
    `<p style="margin:24px 0"><a href="${url}" style="display:inline-block;padding:12px 24px;background:${BRAND_PRIMARY};color:#ffffff;font-weight:bold;text-decoration:none;border-radius:6px">${escapeHtml(parts.action)}</a></p>`,
    `<p style="margin:0 0 16px">${escapeHtml(parts.linkHint)}<br><a href="${url}" style="color:${BRAND_PRIMARY};word-break:break-all">${url}</a></p>`,
    ...parts.notes.map(paragraph),
    paragraph(parts.signature),
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
};

/**
 * The digest's values and its assignments, each a paragraph with the program's page: their lines are filled here with
 * the entry's own values (names, program names: data, escaped with the rest in the HTML).
 */
const assignmentDigest = (params: TemplateParams<'assignment-digest'>, locale: MailLocale) => {
  const texts = catalogues[locale]['assignment-digest'];
  const counts = { learnerCount: String(params.learnerCount), programCount: String(params.programCount) };
  const values = {
    firstName: params.firstName,
    ...counts,
    moreAssignments: String(params.moreAssignments),
    learners: fill(params.learnerCount === 1 ? texts.learnersOne : texts.learnersMany, counts),
    programs: fill(params.programCount === 1 ? texts.programsOne : texts.programsMany, counts),
  };
  const entries = params.assignments.map((entry): Entry => {
    const names = entry.names.join(', ');
    const more = entry.overdue - entry.names.length;
    return {
      lines: [
        fill(texts.entryDue, {
          programName: entry.programName,
          dueAt: formatExpiry(entry.dueAt, locale, entry.timeZone),
        }),
        fill(texts.entryCount, { overdue: String(entry.overdue), assigned: String(entry.assigned) }),
        more > 0 ? fill(texts.entryNamesMore, { names, more: String(more) }) : names,
      ],
      url: entry.programUrl,
      label: texts.entryLink,
    };
  });
  const notes = params.moreAssignments > 0 ? [texts.moreAssignments] : [];
  return { texts, values, entries, notes };
};

export type MailRequest = {
  [T in TemplateId]: { template: T; locale: MailLocale; params: TemplateParams<T> };
}[TemplateId];

/** Subject, text and HTML of a mail in the recipient's locale; every interpolated value is escaped in the HTML. */
export const renderMail = (request: MailRequest): RenderedMail => {
  const { locale } = request;
  const expiresAt = 'expiresAt' in request.params ? formatExpiry(request.params.expiresAt, locale) : '';
  let texts: MailText;
  let values: Record<string, string | undefined>;
  let url: string;
  let entries: readonly Entry[] = [];
  let firstNotes: readonly string[] = [];
  switch (request.template) {
    case 'invitation': {
      const catalogue = catalogues[locale].invitation;
      texts = request.params.inviterName ? { ...catalogue, intro: catalogue.introWithInviter } : catalogue;
      values = { ...request.params, expiresAt };
      url = request.params.activationUrl;
      break;
    }
    case 'password-reset':
      texts = catalogues[locale]['password-reset'];
      values = { ...request.params, expiresAt };
      url = request.params.resetUrl;
      break;
    case 'shared-session-wallet-empty':
      texts = catalogues[locale]['shared-session-wallet-empty'];
      values = { ...request.params, expiresAt };
      url = request.params.linksUrl;
      break;
    case 'assignment-assigned': {
      const catalogue = catalogues[locale]['assignment-assigned'];
      // Without a message, its paragraph goes.
      texts = request.params.message ? catalogue : { ...catalogue, intro: catalogue.intro.slice(0, 1) };
      values = {
        ...request.params,
        expiresAt: formatExpiry(request.params.expiresAt, locale, request.params.timeZone),
      };
      url = request.params.assignmentsUrl;
      break;
    }
    case 'session-comment': {
      const catalogue = catalogues[locale]['session-comment'];
      texts = request.params.reply
        ? { ...catalogue, subject: catalogue.replySubject, intro: catalogue.replyIntro, action: catalogue.replyAction }
        : catalogue;
      values = { ...request.params, reply: undefined, playedAt: formatExpiry(request.params.playedAt, locale) };
      url = request.params.sessionUrl;
      break;
    }
    case 'assignment-reminder': {
      const catalogue = catalogues[locale]['assignment-reminder'];
      const { reminder } = request.params;
      texts =
        reminder === 'due_tomorrow'
          ? { ...catalogue, subject: catalogue.tomorrowSubject, intro: catalogue.tomorrowIntro }
          : reminder === 'overdue'
            ? {
                ...catalogue,
                subject: catalogue.overdueSubject,
                intro: catalogue.overdueIntro,
                expiry: catalogue.overdueExpiry,
                expired: '',
              }
            : catalogue;
      values = {
        ...request.params,
        itemsPassed: String(request.params.itemsPassed),
        itemsTotal: String(request.params.itemsTotal),
        expiresAt: formatExpiry(request.params.expiresAt, locale, request.params.timeZone),
      };
      url = request.params.assignmentsUrl;
      break;
    }
    case 'assignment-passed':
      texts = catalogues[locale]['assignment-passed'];
      values = { ...request.params, passedAt: formatExpiry(request.params.passedAt, locale, request.params.timeZone) };
      url = request.params.certificateUrl;
      break;
    case 'assignment-digest':
      ({ texts, values, entries, notes: firstNotes } = assignmentDigest(request.params, locale));
      url = request.params.programsUrl;
      break;
    case 'webhook-disabled':
      texts = catalogues[locale]['webhook-disabled'];
      values = { ...request.params, disabledAt: formatExpiry(request.params.disabledAt, locale) };
      url = request.params.webhooksUrl;
      break;
  }
  const say = (sentence: string) => fill(sentence, { ...values, appName: APP_NAME });
  const parts: Parts = {
    subject: say(texts.subject),
    greeting: say(texts.greeting),
    intro: texts.intro.map(say),
    entries,
    action: say(texts.action),
    url,
    linkHint: say(texts.linkHint),
    // An empty sentence (the overdue notice has no "after that") is left out.
    notes: [...firstNotes, texts.expiry, texts.expired, texts.ignore].filter(Boolean).map(say),
    signature: say(texts.signature),
  };
  return { subject: parts.subject, text: toText(parts), html: toHtml(parts, locale) };
};
