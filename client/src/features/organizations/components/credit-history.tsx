import { SORT_KEYS, type SortKey } from '@ai-coaching/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import type { DataColumn } from '../../../components/ui/data-table';
import { PagedTable } from '../../../components/ui/paged-table';
import { useToast } from '../../../components/ui/toast';
import { useListParams } from '../../../hooks/use-list-params';
import { formatCredits } from '../../../lib/credits/nb-credits';
import { isApiError } from '../../../lib/http/api-error';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import {
  MOVEMENT_KINDS,
  useCreditMovements,
  useCreditMovementsCsv,
  useCreditTargets,
  type CreditMovementItem,
  type HistoryFilters,
  type MovementKind,
} from '../api/credit-api';
import { useOrganization } from '../api/organizations-api';
import { saveTextFile } from '../../../lib/save-text-file';

type ChangeList = ReturnType<typeof useListParams>[1];

/** Every account's name (the organization, its users and groups), and an account as the history shows it. */
const useAccountNames = (organizationId: string) => {
  const { t } = useTranslation('credits');
  const organization = useOrganization(organizationId);
  const users = useCreditTargets(organizationId, 'user', '');
  const groups = useCreditTargets(organizationId, 'group', '');
  const names = useMemo(() => {
    const map = new Map<string, string>();
    if (organization.data) map.set(`organization:${organizationId}`, organization.data.name);
    for (const user of users.data ?? []) map.set(`user:${user.id}`, user.label);
    for (const group of groups.data ?? []) map.set(`group:${group.id}`, group.label);
    return map;
  }, [organization.data, organizationId, users.data, groups.data]);
  const accountLabel = (account: string | null) => {
    if (!account) return '—';
    if (account === 'issuance' || account === 'consumed') return t(`history.accounts.${account}`);
    const [kind] = account.split(':');
    return names.get(account) ?? t(`history.accounts.unknown.${kind as 'user'}`);
  };
  return { names, accountLabel };
};

/** The movements as they are filtered, saved as a CSV file. */
const useCsvDownload = (organizationId: string, filters: HistoryFilters) => {
  const { t } = useTranslation('credits');
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const csvExport = useCreditMovementsCsv(organizationId);
  const download = async () => {
    try {
      const csv = await csvExport.mutateAsync(filters);
      saveTextFile(csv, `credit-movements-${organizationId}.csv`, 'text/csv');
      toast.show(t('history.downloaded'));
    } catch (error) {
      toast.show(errorMessage(error), 'error');
    }
  };
  return { download, downloading: csvExport.isPending };
};

type FilterFormProps = { filters: HistoryFilters; names: Map<string, string>; change: ChangeList };

const HistoryFilterForm = ({ filters, names, change }: FilterFormProps) => {
  const { t } = useTranslation('credits');
  return (
    <form
      className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      onSubmit={(event) => event.preventDefault()}
    >
      <SelectField
        label={t('history.filters.kind')}
        value={filters.kind ?? ''}
        onChange={(event) => change({ kind: event.target.value })}
        options={[
          { value: '', label: t('history.filters.allKinds') },
          ...MOVEMENT_KINDS.map((kind) => ({ value: kind, label: t(`history.kinds.${kind}`) })),
        ]}
      />
      <SelectField
        label={t('history.filters.account')}
        value={filters.account ?? ''}
        onChange={(event) => change({ account: event.target.value })}
        options={[
          { value: '', label: t('history.filters.allAccounts') },
          ...[...names.entries()].map(([value, label]) => ({ value, label })),
        ]}
      />
      <TextField
        label={t('history.filters.from')}
        type="date"
        value={filters.from}
        onChange={(event) => change({ from: event.target.value })}
      />
      <TextField
        label={t('history.filters.to')}
        type="date"
        value={filters.to}
        onChange={(event) => change({ to: event.target.value })}
      />
      <SelectField
        label={t('history.filters.sort')}
        value={filters.sort}
        onChange={(event) => change({ sort: event.target.value as SortKey })}
        options={SORT_KEYS.filter((key) => key !== 'name').map((key) => ({
          value: key,
          label: t(`history.sort.${key as 'updated_at'}`),
        }))}
      />
    </form>
  );
};

/** The history's columns: when, who, what kind, from and to which account, how much, and the balances after. */
const useMovementColumns = (accountLabel: (account: string | null) => string): DataColumn<CreditMovementItem>[] => {
  const { t, i18n } = useTranslation('credits');
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const credits = (value: number | null) => (value === null ? '—' : formatCredits(value, i18n.language));
  return [
    {
      id: 'when',
      header: t('history.columns.when'),
      sortKey: 'updated_at',
      priority: 2,
      cell: (movement) => <span className="whitespace-nowrap">{when.format(new Date(movement.occurred_at))}</span>,
    },
    {
      id: 'who',
      header: t('history.columns.who'),
      priority: 3,
      cell: (movement) => movement.actor_name ?? (movement.actor_id ? '—' : t('history.system')),
    },
    {
      id: 'kind',
      header: t('history.columns.kind'),
      isRowHeader: true,
      cell: (movement) => (
        <>
          <span className="block">{t(`history.kinds.${movement.kind}`)}</span>
          {/* Where the date, from and to columns give way, they go under the kind. */}
          <span className="block text-xs font-normal text-gray-700 sm:hidden dark:text-gray-300">
            {when.format(new Date(movement.occurred_at))}
          </span>
          <span
            className="block text-xs font-normal text-gray-700 sm:hidden dark:text-gray-300"
            data-testid="movement-accounts"
          >
            {t('history.fromTo', { from: accountLabel(movement.from), to: accountLabel(movement.to) })}
          </span>
        </>
      ),
    },
    { id: 'from', header: t('history.columns.from'), priority: 2, cell: (m) => accountLabel(m.from) },
    { id: 'to', header: t('history.columns.to'), priority: 2, cell: (m) => accountLabel(m.to) },
    {
      id: 'amount',
      header: t('history.columns.amount'),
      align: 'end',
      cell: (movement) => (
        <span className="font-medium" data-testid="movement-amount">
          {formatCredits(movement.amount, i18n.language)}
        </span>
      ),
    },
    {
      id: 'balanceAfter',
      header: t('history.columns.balanceAfter'),
      align: 'end',
      priority: 3,
      cell: (movement) => (
        <span className="text-gray-700 dark:text-gray-300">
          {`${credits(movement.from_balance_after)} / ${credits(movement.to_balance_after)}`}
        </span>
      ),
    },
  ];
};

/** `/settings/organization/transaction/history/{id}`: every movement, filtered, sorted, paged and exportable as CSV. */
export const CreditHistory = ({ organizationId }: { organizationId: string }) => {
  const { t } = useTranslation('credits');
  const [list, change, params] = useListParams('-updated_at');
  const filters: HistoryFilters = {
    page: list.page,
    page_size: list.page_size,
    sort: list.sort,
    kind: (params.get('kind') ?? '') as MovementKind | '',
    account: params.get('account') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const { names, accountLabel } = useAccountNames(organizationId);
  const movements = useCreditMovements(organizationId, filters);
  const { download, downloading } = useCsvDownload(organizationId, filters);
  const columns = useMovementColumns(accountLabel);

  const forbidden = isApiError(movements.error) && movements.error.status === 403;
  const filtered = Boolean(filters.kind || filters.account || filters.from || filters.to);

  const filterForm = <HistoryFilterForm filters={filters} names={names} change={change} />;
  const actions = (
    <div className="mb-4 flex justify-end">
      <Button variant="secondary" onClick={() => void download()} loading={downloading} disabled={forbidden}>
        {t('history.download')}
      </Button>
    </div>
  );

  return (
    <>
      {forbidden ? (
        <>
          {filterForm}
          {actions}
          <Alert tone="error">{t('history.forbidden')}</Alert>
        </>
      ) : (
        <PagedTable<CreditMovementItem>
          query={movements}
          state={list}
          onChange={change}
          toolbar={
            <>
              {filterForm}
              {actions}
            </>
          }
          isFiltered={filtered}
          empty={t('history.none')}
          noMatch={t('history.empty')}
          caption={t('history.caption')}
          rowKey={(movement) => movement.id}
          rowTestId="movement-row"
          rowData={(movement) => ({ kind: movement.kind })}
          columns={columns}
        />
      )}
    </>
  );
};
