import { useTranslation } from 'react-i18next';
import { Can } from '../../../components/can';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiKeysSection } from '../../../features/integrations/components/api-keys-section';
import { UserImportSection } from '../../../features/integrations/components/user-import-section';

/**
 * `/settings/integrations`: how the organization wires the product into its systems (docs/api/integrations.md), one
 * section each, shown to who may use it. Webhooks and SCIM add their sections here, in the slots below.
 */
export const IntegrationsRoute = () => {
  const { t } = useTranslation('integrations');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="space-y-10">
        <Can permissions={['api-key-list']}>
          <ApiKeysSection />
        </Can>
        {/* Webhooks: their section goes here. */}
        {/* SCIM: its section goes here. */}
        <Can permissions={['user-import-create', 'user-import-read']}>
          <UserImportSection />
        </Can>
      </div>
    </>
  );
};
