import { passwordProblems } from '@ai-coaching/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordRules } from './password-rules';
import { NewPasswordField } from './account-fields';

export type NewPassword = { password: string; confirmation: string };

/** True when the password meets every rule and the confirmation matches. */
export const isAcceptableNewPassword = (value: NewPassword, email?: string) =>
  passwordProblems(value.password, email).length === 0 && value.password === value.confirmation;

/** New password with the rule shown live, rule by rule, and its confirmation (activation, reset, change). */
export const NewPasswordFields = ({
  value,
  onChange,
  email,
  submitted,
  serverError,
}: {
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  email?: string;
  /** Shows "does not meet the rule" / "does not match" only once the user tried to submit. */
  submitted: boolean;
  serverError?: string | null;
}) => {
  const { t } = useTranslation('common');
  const rulesId = useId();
  const broken = passwordProblems(value.password, email).length > 0;
  return (
    <>
      <NewPasswordField
        label={t('newPassword.password')}
        value={value.password}
        // The field's own description (the rules in its hint, then its error) is set by TextField: overriding it here
        // would leave the error out of what a screen reader announces.
        onValueChange={(password) => onChange({ ...value, password })}
        error={serverError ?? (submitted && broken ? t('newPassword.rulesNotMet') : null)}
        hint={<PasswordRules password={value.password} email={email} id={rulesId} />}
      />
      <NewPasswordField
        label={t('newPassword.confirmation')}
        value={value.confirmation}
        onValueChange={(confirmation) => onChange({ ...value, confirmation })}
        error={submitted && value.confirmation !== value.password ? t('newPassword.mismatch') : null}
      />
    </>
  );
};
