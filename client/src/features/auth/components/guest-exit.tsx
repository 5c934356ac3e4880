import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useGuestSession } from '../hooks/use-guest-session';

/** Where a guest without an account of their own lands once signed out, with what that page shows. */
export type GuestEnd = { to: string; state?: unknown };

/**
 * The way out of the guest role. A visitor who was signed in gets their own session back (spec §4, the guest backup
 * restored) and their dashboard; one who was not is signed out onto `end` (issue 23: not the product's login page,
 * which is no page of theirs).
 */
export const GuestExitButton = ({
  end,
  finish = false,
}: {
  end: GuestEnd;
  /** Says "Finish" rather than "Leave": what is left to do once the link takes no more sessions. */
  finish?: boolean;
}) => {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const guest = useGuestSession();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      loading={busy}
      onClick={() => {
        setBusy(true);
        void guest
          .leave()
          .then((signedIn) =>
            signedIn
              ? navigate('/dashboard', { replace: true })
              : navigate(end.to, { replace: true, state: end.state }),
          );
      }}
    >
      {t(guest.hasBackup() ? 'guest.backToAccount' : finish ? 'guest.finish' : 'guest.leave')}
    </Button>
  );
};

/** Under a guest's result: thanks, and the way out. */
export const GuestExit = ({ end }: { end: GuestEnd }) => {
  const { t } = useTranslation('auth');
  const backup = useGuestSession().hasBackup();
  return (
    <Card>
      <h2 className="mb-1 text-lg font-semibold">{t('guest.doneTitle')}</h2>
      <p className="mb-3 text-sm text-gray-700 dark:text-gray-300">
        {t(backup ? 'guest.doneWithAccount' : 'guest.doneWithoutAccount')}
      </p>
      <GuestExitButton end={end} />
    </Card>
  );
};
