import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useResendInvitation, type User } from '../api/users-api';

/** Mails a new activation link to an invited user (the previous link stops working). */
export const ResendInvitationButton = ({
  user,
  variant,
}: {
  user: Pick<User, 'id' | 'email'>;
  variant: ButtonVariant;
}) => {
  const { t } = useTranslation('users');
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const resend = useResendInvitation();
  return (
    <Button
      variant={variant}
      loading={resend.isPending}
      onClick={() =>
        resend.mutate(user.id, {
          onSuccess: () => toast.show(t('list.invitationSent', { email: user.email })),
          onError: (error) => toast.show(errorMessage(error), 'error'),
        })
      }
    >
      {t('list.resend')}
    </Button>
  );
};
