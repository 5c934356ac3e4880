import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { PageHeader } from '../../../components/ui/page-header';
import { PagedTable } from '../../../components/ui/paged-table';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useListParams } from '../../../hooks/use-list-params';
import { useRevokeShareLink, useShareLinks, type SharedSession } from '../api/shared-sessions-api';
import { CopyLinkButton } from './copy-link-button';
import { TextLink } from '../../../components/ui/text-link';

/** Where a sharer finds their links (and the sharer's mail when a link's wallet runs dry points here). */
export const SHARE_LINKS_PATH = '/apps/ai-coaching/shared-session/list';

const STATUS_TONE: Record<SharedSession['status'], string> = {
  active: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
  expired: 'bg-gray-200 text-gray-900 dark:bg-gray-700 dark:text-gray-100',
  used_up: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  revoked: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
};

const StatusBadge = ({ status }: { status: SharedSession['status'] }) => {
  const { t } = useTranslation('sharedSessions');
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${STATUS_TONE[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
};

/** `shared-session/list`: the caller's share links, their uses, and Copy and Revoke. */
export const ShareLinks = () => {
  const { t, i18n } = useTranslation('sharedSessions');
  const [state, update] = useListParams();
  const linksQuery = useShareLinks(state);
  const revoke = useRevokeShareLink();
  useDocumentTitle(t('list.title'));
  const date = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <>
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={<TextLink to="/apps/ai-coaching/scenario/list">{t('list.scenarios')}</TextLink>}
      />
      <PagedTable<SharedSession>
        query={linksQuery}
        state={state}
        onChange={update}
        searchLabel={t('list.search')}
        // The date these links sort by is the day each was made: the choice and the column's arrow say the same.
        sortLabels={{
          '-updated_at': t('list.sortNewest'),
          updated_at: t('list.sortOldest'),
          name: t('list.sortLabel'),
        }}
        empty={t('list.none')}
        noMatch={t('list.noMatch')}
        caption={t('list.title')}
        rowKey={(link) => link.id}
        rowTestId="share-link-row"
        rowData={(link) => ({ status: link.status })}
        columns={[
          {
            id: 'label',
            header: t('list.label'),
            sortKey: 'name',
            isRowHeader: true,
            cell: (link) => (
              <span className="min-w-0">
                <span className="block font-medium">{link.label}</span>
                <span className="block text-sm text-gray-700 dark:text-gray-300">{link.scenario_name}</span>
                {/* Where the status column gives way. */}
                <span className="mt-1 block sm:hidden">
                  <StatusBadge status={link.status} />
                </span>
              </span>
            ),
          },
          {
            id: 'status',
            header: t('list.status'),
            priority: 2,
            cell: (link) => <StatusBadge status={link.status} />,
          },
          {
            id: 'uses',
            header: t('list.uses'),
            priority: 2,
            cell: (link) => t('list.usesOf', { uses: link.uses, max: link.max_uses }),
          },
          {
            id: 'created',
            header: t('list.created'),
            sortKey: 'updated_at',
            priority: 3,
            cell: (link) => date(link.created_at),
          },
          {
            id: 'expires',
            header: t('list.expires'),
            priority: 3,
            cell: (link) => date(link.expires_at),
          },
          {
            id: 'actions',
            header: t('list.actions'),
            align: 'end',
            cell: (link) => (
              <span className="flex flex-wrap justify-end gap-2">
                {link.status === 'active' ? <CopyLinkButton url={link.url} label={t('list.copy')} /> : null}
                {link.status !== 'revoked' ? (
                  <ConfirmAction
                    label={t('list.revoke')}
                    srContext={link.label}
                    title={t('list.revokeTitle', { label: link.label })}
                    body={t('list.revokeBody')}
                    confirmLabel={t('list.revoke')}
                    doneMessage={t('list.revoked', { label: link.label })}
                    action={() => revoke.mutateAsync(link)}
                  />
                ) : null}
              </span>
            ),
          },
        ]}
      />
    </>
  );
};
