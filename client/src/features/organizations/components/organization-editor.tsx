import { ORGANIZATION_METADATA_KINDS } from '@ai-coaching/domain';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { useToast } from '../../../components/ui/toast';
import { WalletFigures } from '../../../components/wallet-figures';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { canEvery, useCan, useCurrentUser } from '../../../lib/session/session-context';
import { useArchiveOrganization, useOrganization } from '../api/organizations-api';
import { MetadataEditor } from './metadata-editor';
import { OrganizationDetailsForm } from './organization-details-form';

/** An organization's details, wallet and metadata; `/settings/organization/edit/{id}` and `/settings/my-organization`. */
export const OrganizationEditor = ({ id, own = false }: { id: string; own?: boolean }) => {
  const { t } = useTranslation('organizations');
  const can = useCan();
  const me = useCurrentUser();
  const toast = useToast();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const query = useOrganization(id);
  const archive = useArchiveOrganization();
  const [confirmArchive, setConfirmArchive] = useState(false);

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const organization = query.data;
  const mayEditDetails = can('organization-update') || (own && can('organization-self-edit'));

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <h2 className="mb-4 text-lg font-semibold">{t('edit.details')}</h2>
        {organization.status === 'archived' ? (
          <p className="mb-3 inline-flex rounded-full bg-gray-200 px-2 py-0.5 text-xs dark:bg-gray-700">
            {t('edit.archived')}
          </p>
        ) : null}
        <OrganizationDetailsForm key={organization.updated_at} organization={organization} editable={mayEditDetails} />
        {can('organization-delete') && organization.kind === 'customer' && organization.status === 'active' && !own ? (
          <div className="mt-6 border-t border-gray-200 pt-4 dark:border-gray-700">
            <Button variant="danger" onClick={() => setConfirmArchive(true)}>
              {t('edit.archive')}
            </Button>
          </div>
        ) : null}
      </Card>
      <Card>
        <h2 className="mb-4 text-lg font-semibold">{t('edit.credits')}</h2>
        <WalletFigures wallet={organization} />
        <div className="mt-4 flex flex-wrap gap-2">
          {canEvery(me, ['credit-allocate', 'credit-deallocate']) ? (
            <Link to={`/settings/organization/transaction/${organization.id}`} className={buttonClassName('primary')}>
              {t('edit.transactions')}
            </Link>
          ) : null}
          {can(['credit-transaction-read', 'credit-consumption-read']) ? (
            <Link
              to={`/settings/organization/transaction/history/${organization.id}`}
              className={buttonClassName('secondary')}
            >
              {t('edit.history')}
            </Link>
          ) : null}
        </div>
        <p className="mt-4 text-sm text-gray-700 dark:text-gray-300">
          {t('edit.users', { count: organization.user_count })}
        </p>
      </Card>
      <Card className="lg:col-span-2">
        <h2 className="mb-4 text-lg font-semibold">{t('metadata.title')}</h2>
        <div className="grid gap-4 xl:grid-cols-3">
          {ORGANIZATION_METADATA_KINDS.map((kind) => (
            <MetadataEditor
              key={`${kind}-${organization.updated_at}`}
              organization={organization}
              kind={kind}
              editable={
                can(`organization-metadata-${kind}-update`) &&
                (own || me?.organization_role === 'super-admin' || me?.organization_id === organization.id)
              }
            />
          ))}
        </div>
      </Card>
      <ConfirmDialog
        open={confirmArchive}
        title={t('edit.archiveTitle', { name: organization.name })}
        confirmLabel={t('edit.archive')}
        tone="danger"
        busy={archive.isPending}
        onCancel={() => setConfirmArchive(false)}
        onConfirm={() =>
          archive.mutate(organization.id, {
            onSuccess: () => {
              toast.show(t('edit.archivedToast', { name: organization.name }));
              void navigate('/settings/organization/list');
            },
            onError: (error) => {
              toast.show(errorMessage(error), 'error');
              setConfirmArchive(false);
            },
          })
        }
      >
        {t('edit.archiveBody')}
      </ConfirmDialog>
    </div>
  );
};
