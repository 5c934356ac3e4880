import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { buttonClassName } from '../../../components/ui/button';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { PagedTable } from '../../../components/ui/paged-table';
import { useListParams } from '../../../hooks/use-list-params';
import { displayName } from '../../../lib/session/current-user';
import { useCan, useCurrentUser } from '../../../lib/session/session-context';
import {
  changeSuperAdmin,
  removeSuperAdmin,
  useInvalidateSuperAdmins,
  useSuperAdmins,
  type SuperAdmin,
} from '../api/super-admins-api';
import { SuperAdminStatus } from './super-admin-status';
import { SectionHeading } from '../../../components/ui/section-heading';

/** What may be done to one super-admin: never to oneself; the API keeps the last active one. */
const RowActions = ({ superAdmin }: { superAdmin: SuperAdmin }) => {
  const { t } = useTranslation('settingsSuperAdmins');
  const can = useCan();
  const me = useCurrentUser();
  const invalidate = useInvalidateSuperAdmins();
  const name = displayName(superAdmin);
  if (me?.id === superAdmin.id) {
    return <span className="text-xs text-gray-700 dark:text-gray-300">{t('list.you')}</span>;
  }
  const refresh = () => void invalidate();
  return (
    <span className="flex flex-wrap justify-end gap-1">
      {superAdmin.status === 'invited' && can('super-admin-delete') ? (
        <ConfirmAction
          variant="ghost"
          label={t('actions.cancelInvitation')}
          srContext={name}
          title={t('actions.cancelInvitationTitle', { name })}
          body={t('actions.cancelInvitationBody', { email: superAdmin.email })}
          confirmLabel={t('actions.cancelInvitation')}
          doneMessage={t('actions.invitationCancelled', { name })}
          action={() => removeSuperAdmin(superAdmin.id)}
          onDone={refresh}
        />
      ) : null}
      {superAdmin.status !== 'invited' && can('super-admin-update') ? (
        <ConfirmAction
          variant="ghost"
          label={t('actions.demote')}
          srContext={name}
          title={t('actions.demoteTitle', { name })}
          body={t('actions.demoteBody')}
          confirmLabel={t('actions.demote')}
          doneMessage={t('actions.demoted', { name })}
          action={() => changeSuperAdmin(superAdmin.id, { organization_role: 'user' })}
          onDone={refresh}
        />
      ) : null}
      {superAdmin.status === 'active' && can('super-admin-update') ? (
        <ConfirmAction
          variant="ghost"
          label={t('actions.disable')}
          srContext={name}
          title={t('actions.disableTitle', { name })}
          body={t('actions.disableBody')}
          confirmLabel={t('actions.disable')}
          doneMessage={t('actions.disabled', { name })}
          action={() => changeSuperAdmin(superAdmin.id, { status: 'disabled' })}
          onDone={refresh}
        />
      ) : null}
      {superAdmin.status === 'disabled' && can('super-admin-update') ? (
        <ConfirmAction
          variant="ghost"
          label={t('actions.enable')}
          srContext={name}
          title={t('actions.enableTitle', { name })}
          body={t('actions.enableBody')}
          confirmLabel={t('actions.enable')}
          doneMessage={t('actions.enabled', { name })}
          action={() => changeSuperAdmin(superAdmin.id, { status: 'active' })}
          onDone={refresh}
        />
      ) : null}
    </span>
  );
};

/** The platform's super-admins, paged, sorted and searchable, with what may be done to each. */
export const SuperAdminTable = () => {
  const { t } = useTranslation('settingsSuperAdmins');
  const can = useCan();
  const [state, update] = useListParams('name');
  const superAdmins = useSuperAdmins(state);
  return (
    <section aria-labelledby="super-admins-heading" className="flex flex-col gap-3">
      <SectionHeading id="super-admins-heading" title={t('list.title')} className="items-center gap-2">
        {can('super-admin-create') ? (
          <Link to="/settings/super-admins/invite" className={buttonClassName('primary')}>
            {t('list.invite')}
          </Link>
        ) : null}
      </SectionHeading>
      <Alert>{t('list.lastOne')}</Alert>
      <PagedTable<SuperAdmin>
        query={superAdmins}
        state={state}
        onChange={update}
        searchLabel={t('list.search')}
        empty={t('list.none')}
        noMatch={t('list.noMatch')}
        caption={t('list.title')}
        rowKey={(superAdmin) => superAdmin.id}
        rowTestId="super-admin-row"
        rowData={(superAdmin) => ({ status: superAdmin.status })}
        columns={[
          {
            id: 'name',
            header: t('list.name'),
            sortKey: 'name',
            isRowHeader: true,
            cell: (superAdmin) => (
              <span className="block min-w-0">
                <span className="block">{displayName(superAdmin)}</span>
                <span className="block text-xs font-normal text-gray-700 dark:text-gray-300">{superAdmin.email}</span>
                <span className="mt-1 block sm:hidden">
                  <SuperAdminStatus status={superAdmin.status} />
                </span>
              </span>
            ),
          },
          {
            id: 'status',
            header: t('list.status'),
            priority: 2,
            cell: (superAdmin) => <SuperAdminStatus status={superAdmin.status} />,
          },
          {
            id: 'actions',
            header: <span className="sr-only">{t('list.actions')}</span>,
            align: 'end',
            cell: (superAdmin) => <RowActions superAdmin={superAdmin} />,
          },
        ]}
      />
    </section>
  );
};
