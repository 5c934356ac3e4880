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
  if (!manages) return null;
  return (
    <Card>
      <h2 className="mb-3 text-sm font-medium text-gray-700 dark:text-gray-300">{t('notifications.title')}</h2>
      <CheckboxField
        label={t('notifications.weeklyDigest')}
        hint={t('notifications.weeklyDigestHint')}
        checked={update.isPending ? update.variables.weekly_digest === true : (settings.data?.weekly_digest ?? true)}
        disabled={settings.isPending || update.isPending}
        onChange={(weeklyDigest) => update.mutate({ weekly_digest: weeklyDigest })}
      />
      {settings.isError || update.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {t(update.isError ? 'notifications.saveFailed' : 'notifications.loadFailed')}
        </p>
      ) : null}
    </Card>
  );
};
