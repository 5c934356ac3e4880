import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useGuestSession } from '../hooks/use-guest-session';

/**
 * Under a guest's result: the way out. A visitor who was signed in gets their own session back (spec §4, the guest
 * backup restored); one who was not is signed out.
 */
export const GuestExit = () => {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const guest = useGuestSession();
  const [busy, setBusy] = useState(false);
  const backup = guest.hasBackup();
  return (
    <Card>
      <h2 className="mb-1 text-lg font-semibold">{t('guest.doneTitle')}</h2>
      <p className="mb-3 text-sm text-gray-700 dark:text-gray-300">
        {t(backup ? 'guest.doneWithAccount' : 'guest.doneWithoutAccount')}
      </p>
      <Button
        loading={busy}
        onClick={() => {
          setBusy(true);
          void guest.leave().then((signedIn) => navigate(signedIn ? '/dashboard' : '/', { replace: true }));
        }}
      >
        {t(backup ? 'guest.backToAccount' : 'guest.leave')}
      </Button>
    </Card>
  );
};
