// The built-in observer's lines (docs/ai-builtin-provider.md): what its report says, in the session's language.

/** Whether a count takes the language's singular ("1 criterion"; in French 0 too: "0 critère"). */
const singular = (language: 'en-GB' | 'fr-FR', count: number) => new Intl.PluralRules(language).select(count) === 'one';

/** The built-in observer's lines, in the session's language (en-US reads the British ones). */
export const BUILTIN_LINES = {
  'en-GB': {
    heard: (name: string) => `${name}: your own words show it.`,
    missed: (name: string) => `${name}: say in so many words what it asks for.`,
    summary: (heard: number, total: number) =>
      `${heard} of ${total} ${singular('en-GB', total) ? 'criterion' : 'criteria'} heard in your words. The built-in observer matches words, it does not judge meaning.`,
  },
  'fr-FR': {
    heard: (name: string) => `${name}\u00a0: vos propres mots le montrent.`,
    missed: (name: string) => `${name}\u00a0: dites explicitement ce que ce critère demande.`,
    summary: (heard: number, total: number) =>
      `${heard} ${singular('fr-FR', heard) ? 'critère' : 'critères'} sur ${total} ${singular('fr-FR', heard) ? 'retrouvé' : 'retrouvés'} dans vos mots. L’observateur intégré compare des mots, il ne juge pas le sens.`,
  },
};
