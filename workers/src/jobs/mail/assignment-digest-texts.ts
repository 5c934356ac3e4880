import type { MailLocale } from '@ai-coaching/application';

/**
 * The managers' weekly digest in each language (docs/programs.md, "Weekly digest"), apart from the other templates'
 * sentences for its length. Besides the params, its sentences name words the renderer puts together:
 * `{learners}` and `{programs}` (a count with its noun, singular or plural) and `{more}` (names left out).
 */
export type AssignmentDigestText = {
  subject: string;
  learnersOne: string;
  learnersMany: string;
  programsOne: string;
  programsMany: string;
  greeting: string;
  intro: readonly string[];
  /** One assignment: its program and due date, how many of its learners are overdue, their names. */
  entryDue: string;
  entryCount: string;
  entryNamesMore: string;
  entryLink: string;
  moreAssignments: string;
  action: string;
  linkHint: string;
  expiry: string;
  expired: string;
  ignore: string;
  signature: string;
};

/** The placeholders a digest sentence may name besides the template's params and its assignments' fields. */
export const ASSIGNMENT_DIGEST_WORDS = ['learners', 'programs', 'more'] as const;

// French puts a non-breaking space (\u00a0) before : ? and inside « », so they never start a line.
export const assignmentDigestTexts: Record<MailLocale, AssignmentDigestText> = {
  'en-GB': {
    subject: 'Overdue assignments: {learners} in {programs}',
    learnersOne: '{learnerCount} learner',
    learnersMany: '{learnerCount} learners',
    programsOne: '{programCount} program',
    programsMany: '{programCount} programs',
    greeting: 'Hello {firstName},',
    intro: ['Learners of your organization on {appName} have not finished these assignments by their due date:'],
    entryDue: '“{programName}”, due by {dueAt}',
    entryCount: 'Learners overdue: {overdue} of {assigned}',
    entryNamesMore: '{names} and {more} more',
    entryLink: 'Open the program',
    moreAssignments: 'Other assignments with overdue learners: {moreAssignments}. Find them from the list of programs.',
    action: 'See the programs',
    linkHint: 'If the button does not work, copy this link into your browser:',
    expiry: 'Each due date is said on its assignment’s clock.',
    expired: 'A learner stays overdue until they pass or fail the program, or until its due date is moved.',
    ignore:
      'You receive this digest on Mondays while learners of your organization are overdue. You can turn it off on your profile page.',
    signature: 'The {appName} team',
  },
  'fr-FR': {
    subject: 'Assignations en retard\u00a0: {learners} dans {programs}',
    learnersOne: '{learnerCount}\u00a0apprenant',
    learnersMany: '{learnerCount}\u00a0apprenants',
    programsOne: '{programCount}\u00a0programme',
    programsMany: '{programCount}\u00a0programmes',
    greeting: 'Bonjour {firstName},',
    intro: [
      'Des apprenants de votre organisation sur {appName} n’ont pas terminé ces assignations avant leur échéance\u00a0:',
    ],
    entryDue: '«\u00a0{programName}\u00a0», à terminer avant le {dueAt}',
    entryCount: 'Apprenants en retard\u00a0: {overdue} sur {assigned}',
    entryNamesMore: '{names} et {more}\u00a0autres',
    entryLink: 'Ouvrir le programme',
    moreAssignments:
      'Autres assignations avec des apprenants en retard\u00a0: {moreAssignments}. Retrouvez-les depuis la liste des programmes.',
    action: 'Voir les programmes',
    linkHint: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
    expiry: 'Chaque échéance est donnée à l’heure de son assignation.',
    expired:
      'Un apprenant reste en retard jusqu’à ce qu’il réussisse ou échoue au programme, ou que l’échéance soit déplacée.',
    ignore:
      'Vous recevez ce récapitulatif le lundi tant que des apprenants de votre organisation sont en retard. Vous pouvez le désactiver sur votre page de profil.',
    signature: 'L’équipe {appName}',
  },
};
