import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { sendResetLink } from '../api/reset-link-api';
import type { User } from '../api/users-api';

/** From the user editor: mails an active user a password-reset link, after a confirmation. */
export const SendResetLinkButton = ({ user, name }: { user: Pick<User, 'id' | 'email'>; name: string }) => {
  const { t } = useTranslation('resetLink');
  return (
    <ConfirmAction
      variant="secondary"
      label={t('send')}
      title={t('title', { name })}
      body={t('body', { email: user.email })}
      confirmLabel={t('confirm')}
      doneMessage={t('sent', { email: user.email })}
      action={() => sendResetLink(user.id)}
    />
  );
};
