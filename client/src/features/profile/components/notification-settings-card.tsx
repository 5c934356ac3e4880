import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../components/ui/choice-fields';
import { Card } from '../../../components/ui/card';
import { useCan } from '../../../lib/session/session-context';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/profile-api';

/**
 * The managers' weekly digest of overdue assignments, on unless turned off (docs/programs.md, "Weekly digest"): shown
 * to those who assign programs, the only ones it is sent to.
 */
export const NotificationSettingsCard = () => {
  const { t } = useTranslation('profile');
  const manages = useCan()('coaching-program-assign');
  const settings = useNotificationSettings(manages);
  const update = useUpdateNotificationSettings();
  // The box shows the choice at once: the answer and the refetch after it come later, and a controlled checkbox would
  // otherwise flip back to the old value in between.
  const [chosen, setChosen] = useState<boolean | null>(null);
  if (!manages) return null;
  return (
    <Card>
      <h2 className="mb-3 text-sm font-medium text-gray-700 dark:text-gray-300">{t('notifications.title')}</h2>
      <CheckboxField
        label={t('notifications.weeklyDigest')}
        hint={t('notifications.weeklyDigestHint')}
        checked={chosen ?? settings.data?.weekly_digest ?? true}
        disabled={settings.isPending || update.isPending}
        onChange={(weeklyDigest) => {
          setChosen(weeklyDigest);
          update.mutate({ weekly_digest: weeklyDigest }, { onError: () => setChosen(null) });
        }}
      />
      {settings.isError || update.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {t(update.isError ? 'notifications.saveFailed' : 'notifications.loadFailed')}
        </p>
      ) : null}
    </Card>
  );
};
