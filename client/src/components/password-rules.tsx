import { PASSWORD_RULES, passwordProblems } from '@ai-coaching/domain';
import { useTranslation } from 'react-i18next';

/** The spec's password rule shown live, rule by rule, under a new-password field (the same rules the server checks). */
export const PasswordRules = ({ password, email, id }: { password: string; email?: string; id?: string }) => {
  const { t } = useTranslation('common');
  const problems = new Set<string>(passwordProblems(password, email));
  const rules = [...PASSWORD_RULES.map((rule) => rule.code), ...(email ? ['password_same_as_email' as const] : [])];
  return (
    <ul id={id} aria-live="polite" className="mt-1 space-y-0.5 text-xs">
      {rules.map((code) => {
        const met = password.length > 0 && !problems.has(code);
        return (
          <li
            key={code}
            data-rule={code}
            data-met={met}
            className={met ? 'text-scoring-800 dark:text-scoring-300' : 'text-gray-700 dark:text-gray-300'}
          >
            <span aria-hidden="true">{met ? '✓ ' : '○ '}</span>
            {t(`passwordRules.${code}`)}
            <span className="sr-only">{met ? t('passwordRules.met') : t('passwordRules.unmet')}</span>
          </li>
        );
      })}
    </ul>
  );
};
