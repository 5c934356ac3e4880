import { useTranslation } from 'react-i18next';
import { useCan } from '../lib/session/session-context';
import { TextLink } from './ui/text-link';

/** Where the built-in provider is at work, and what it then does: plays a text or a voice session, or judges. */
export type ScriptedRole = 'text' | 'voice' | 'voiceEditor' | 'judge' | 'judgeEditor';

/**
 * Says what plays or judges on the built-in provider (issue 25, docs/ai-builtin-provider.md): scripted practice,
 * offline, by rules, not a language model; and, for those who may, where to connect one. On a voice scenario it also
 * says that spoken words need a speech provider and that typed turns are answered aloud.
 */
export const ScriptedPractice = ({ role = 'text' }: { role?: ScriptedRole }) => {
  const { t } = useTranslation('coachingSessions');
  const can = useCan();
  return (
    <p className="text-sm text-gray-700 dark:text-gray-300" data-testid="scripted-practice">
      <span className="mr-2 inline-block rounded-sm bg-amber-100 px-2 py-0.5 font-medium text-amber-950 dark:bg-amber-900 dark:text-amber-50">
        {t('scripted.label')}
      </span>
      {`${t(`scripted.${role}`)} `}
      {can('ai-provider-create') ? (
        <TextLink to="/ai-providers/create">{t('scripted.connect')}</TextLink>
      ) : (
        t('scripted.askAdmin')
      )}
    </p>
  );
};
