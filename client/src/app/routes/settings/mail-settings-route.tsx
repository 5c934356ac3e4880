import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { MailSettingsPanel } from '../../../features/settings-email/components/mail-settings-panel';
import { useCurrentUser } from '../../../lib/session/session-context';

/** `/settings/email` (settings-email): the caller's own organization's mail settings; a super-admin's are the platform defaults. */
export const MailSettingsRoute = () => {
  const { t } = useTranslation('settingsEmail');
  const me = useCurrentUser();
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {me ? <MailSettingsPanel organizationId={me.organization_id} /> : null}
    </>
  );
};
