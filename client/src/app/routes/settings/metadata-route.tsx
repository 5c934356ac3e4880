import { ORGANIZATION_METADATA_KINDS } from '@ai-coaching/domain';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { useOrganization } from '../../../features/organizations/api/organizations-api';
import { MetadataEditor } from '../../../features/organizations/components/metadata-editor';
import { useCan, useCurrentUser } from '../../../lib/session/session-context';

/** `/settings/metadata`: the three metadata kinds of the caller's organization, each under its own permission. */
export const MetadataRoute = () => {
  const { t } = useTranslation('organizations');
  const can = useCan();
  const me = useCurrentUser();
  const organization = useOrganization(me?.organization_id ?? '');
  return (
    <>
      <PageHeader title={t('metadata.pageTitle')} description={t('metadata.description')} />
      {organization.isPending ? (
        <Loading />
      ) : organization.isError ? (
        <LoadError error={organization.error} onRetry={() => void organization.refetch()} />
      ) : (
        <Card>
          <div className="flex flex-col gap-4">
            {ORGANIZATION_METADATA_KINDS.map((kind) => (
              <MetadataEditor
                key={`${kind}-${organization.data.updated_at}`}
                organization={organization.data}
                kind={kind}
                editable={can(`organization-metadata-${kind}-update`)}
              />
            ))}
          </div>
        </Card>
      )}
    </>
  );
};
