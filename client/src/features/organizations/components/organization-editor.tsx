import { forbiddenOrganizationFields, ORGANIZATION_METADATA_KINDS, type OrganizationField } from '@ai-coaching/domain';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { WalletFigures } from '../../../components/wallet-figures';
import { canAll, useCan, useCurrentUser } from '../../../lib/session/session-context';
import { archiveOrganization, useInvalidateOrganizations, useOrganization } from '../api/organizations-api';
import { MetadataEditor } from './metadata-editor';
import { OrganizationDetailsForm } from './organization-details-form';
import { OperatorNameForm } from './operator-name-form';
import { SessionRetentionForm } from './session-retention-form';
import { LeaderboardsForm, VoiceRecordingForm } from './voice-recording-form';

/** An organization's details, wallet and metadata; `/settings/organization/edit/{id}` and `/settings/my-organization`. */
export const OrganizationEditor = ({ id, own = false }: { id: string; own?: boolean }) => {
  const { t } = useTranslation('organizations');
  const can = useCan();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const query = useOrganization(id);
  const invalidate = useInvalidateOrganizations();

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const organization = query.data;
  // The API's own rule: offering a field for editing exactly when saving it would be accepted.
  const mayEdit = (field: OrganizationField) =>
    me !== null &&
    forbiddenOrganizationFields(
      { permissions: me.permissions, role: me.organization_role, organizationId: me.organization_id },
      organization.id,
      [field],
    ).length === 0;
  const mayEditDetails = mayEdit('name');

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title={t('edit.details')}>
        {organization.status === 'archived' ? (
          <p className="mb-3 inline-flex rounded-full bg-gray-200 px-2 py-0.5 text-xs dark:bg-gray-700">
            {t('edit.archived')}
          </p>
        ) : null}
        <OrganizationDetailsForm key={organization.updated_at} organization={organization} editable={mayEditDetails} />
        <OperatorNameForm
          key={`operator-${organization.updated_at}`}
          organization={organization}
          editable={
            can('operator-name-update') &&
            organization.status === 'active' &&
            (me?.organization_id === organization.id || me?.organization_role === 'super-admin')
          }
        />
        <SessionRetentionForm
          key={`retention-${organization.updated_at}`}
          organization={organization}
          editable={mayEdit('session_retention_days') && organization.status === 'active'}
        />
        <VoiceRecordingForm
          key={`recording-${organization.updated_at}`}
          organization={organization}
          editable={mayEdit('record_voice_sessions') && organization.status === 'active'}
        />
        <LeaderboardsForm
          key={`leaderboards-${organization.updated_at}`}
          organization={organization}
          editable={mayEdit('leaderboards_enabled') && organization.status === 'active'}
        />
        {can('organization-delete') && organization.kind === 'customer' && organization.status === 'active' && !own ? (
          <div className="mt-6 border-t border-gray-200 pt-4 dark:border-gray-700">
            <ConfirmAction
              label={t('edit.archive')}
              title={t('edit.archiveTitle', { name: organization.name })}
              body={t('edit.archiveBody')}
              confirmLabel={t('edit.archive')}
              doneMessage={t('edit.archivedToast', { name: organization.name })}
              action={async () => {
                await archiveOrganization(organization.id);
                await invalidate();
              }}
              onDone={() => void navigate('/settings/organization/list')}
            />
          </div>
        ) : null}
      </Card>
      <Card title={t('edit.credits')}>
        <WalletFigures wallet={organization} />
        <div className="mt-4 flex flex-wrap gap-2">
          {canAll(me, ['credit-allocate', 'credit-deallocate']) ? (
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
      <Card className="lg:col-span-2" title={t('metadata.title')}>
        <div className="flex flex-col gap-4">
          {ORGANIZATION_METADATA_KINDS.map((kind) => (
            <MetadataEditor
              key={`${kind}-${organization.updated_at}`}
              organization={organization}
              kind={kind}
              editable={mayEdit(`metadata_${kind}`)}
            />
          ))}
        </div>
      </Card>
    </div>
  );
};
