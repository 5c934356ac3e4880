import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Can } from '../../../components/can';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiKeysSection } from '../../../features/integrations/components/api-keys-section';
import { ScimSection } from '../../../features/integrations/components/scim-section';
import { UserImportSection } from '../../../features/integrations/components/user-import-section';
import { WebhooksSection } from '../../../features/integrations/components/webhooks-section';

/**
 * `/settings/integrations`: how the organization wires the product into its systems (docs/api/integrations.md), one
 * section each, shown to who may use it. `#webhooks` and `#scim` scroll to their sections (`/settings/webhooks`, the
 * link of the mail about an endpoint turned off, leads to `#webhooks`).
 */
export const IntegrationsRoute = () => {
  const { t } = useTranslation('integrations');
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length > 1) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="space-y-10">
        <Can permissions={['api-key-list']}>
          <ApiKeysSection />
        </Can>
        <Can permissions={['webhook-list']}>
          <WebhooksSection />
        </Can>
        <Can permissions={['scim-token-list']}>
          <ScimSection />
        </Can>
        <Can permissions={['user-import-create', 'user-import-read']}>
          <UserImportSection />
        </Can>
      </div>
    </>
  );
};
