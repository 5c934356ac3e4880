import type { UserLocale } from '../users/events.js';

/**
 * The applications the platform offers (spec §2 "/apps", §6 `application-*`), declared in code: an application is
 * code that ships with the product, so there is nothing to create at run time, only to install per organization.
 */
export const APPLICATION_IDS = ['ai-coaching'] as const;
export type ApplicationId = (typeof APPLICATION_IDS)[number];

export type ApplicationEntry = {
  id: ApplicationId;
  /** Its name and one-line description in each interface language. */
  name: Record<UserLocale, string>;
  description: Record<UserLocale, string>;
  /** A name of the client's icon set. */
  icon: 'coaching';
  /** Where its card on `/apps` leads. */
  entryPath: string;
};

export const APPLICATIONS: readonly ApplicationEntry[] = [
  {
    id: 'ai-coaching',
    name: { 'en-GB': 'AI coaching', 'fr-FR': 'Coaching IA' },
    description: {
      'en-GB': 'Practise conversations with AI personas, follow playlists and read your reports.',
      'fr-FR': 'Entraînez-vous à des conversations avec des personas IA, suivez des playlists et lisez vos rapports.',
    },
    icon: 'coaching',
    entryPath: '/apps/ai-coaching',
  },
];

export const isApplicationId = (value: string): value is ApplicationId =>
  (APPLICATION_IDS as readonly string[]).includes(value);

/**
 * What every organization has installed from its creation, before any event of its applications stream. Frozen: an
 * organization's stream records only changes from this set, so changing it would change what old streams mean. A
 * future default application is installed in existing organizations by events of their own (docs/applications.md).
 */
export const APPLICATIONS_INSTALLED_AT_CREATION: readonly ApplicationId[] = ['ai-coaching'];
