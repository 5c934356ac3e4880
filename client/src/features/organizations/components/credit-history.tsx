import { SORT_KEYS, type SortKey } from '@ai-coaching/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/list-controls';
import { EmptyState, LoadError, Loading } from '../../../components/ui/query-state';
import { useToast } from '../../../components/ui/toast';
import { useListParams } from '../../../hooks/use-list-params';
import { formatCredits } from '../../../lib/credits/nb-credits';
import { isApiError } from '../../../lib/http/api-error';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import {
  MOVEMENT_KINDS,
  downloadCreditMovementsCsv,
  useCreditMovements,
  useCreditTargets,
  type HistoryFilters,
  type MovementKind,
} from '../api/credit-api';
import { useOrganization } from '../api/organizations-api';
import { saveTextFile } from '../utils/save-text-file';

/** `/settings/organization/transaction/history/{id}`: every movement, filtered, sorted, paged and exportable as CSV. */
export const CreditHistory = ({ organizationId }: { organizationId: string }) => {
  const { t, i18n } = useTranslation('credits');
  const toast = useToast();
  const errorMessage = useErrorMessage();
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
  const organization = useOrganization(organizationId);
  const movements = useCreditMovements(organizationId, filters);
  const users = useCreditTargets(organizationId, 'user', '');
  const groups = useCreditTargets(organizationId, 'group', '');
  const [downloading, setDownloading] = useState(false);

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

  const download = async () => {
    setDownloading(true);
    try {
      const csv = await downloadCreditMovementsCsv(organizationId, filters);
      saveTextFile(csv, `credit-movements-${organizationId}.csv`, 'text/csv');
      toast.show(t('history.downloaded'));
    } catch (error) {
      toast.show(errorMessage(error), 'error');
    } finally {
      setDownloading(false);
    }
  };

  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const forbidden = isApiError(movements.error) && movements.error.status === 403;
  return (
    <>
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
      <div className="mb-4 flex justify-end">
        <Button variant="secondary" onClick={() => void download()} loading={downloading} disabled={forbidden}>
          {t('history.download')}
        </Button>
      </div>
      {movements.isPending ? (
        <Loading />
      ) : forbidden ? (
        <Alert tone="error">{t('history.forbidden')}</Alert>
      ) : movements.isError ? (
        <LoadError error={movements.error} onRetry={() => void movements.refetch()} />
      ) : movements.data.items.length === 0 ? (
        <EmptyState>{t('history.empty')}</EmptyState>
      ) : (
        <>
          <div className="overflow-x-auto rounded-md border border-gray-200 dark:border-gray-800">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <caption className="sr-only">{t('history.caption')}</caption>
              <thead className="bg-gray-50 text-gray-700 dark:bg-gray-900 dark:text-gray-300">
                <tr>
                  {(['when', 'who', 'kind', 'from', 'to', 'amount', 'balanceAfter'] as const).map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 font-medium">
                      {t(`history.columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {movements.data.items.map((movement) => (
                  <tr
                    key={movement.id}
                    className="border-t border-gray-100 dark:border-gray-800"
                    data-testid="movement-row"
                    data-kind={movement.kind}
                  >
                    <td className="px-3 py-2 whitespace-nowrap">{when.format(new Date(movement.occurred_at))}</td>
                    <td className="px-3 py-2">
                      {movement.actor_name ?? (movement.actor_id ? '—' : t('history.system'))}
                    </td>
                    <td className="px-3 py-2">{t(`history.kinds.${movement.kind}`)}</td>
                    <td className="px-3 py-2">{accountLabel(movement.from)}</td>
                    <td className="px-3 py-2">{accountLabel(movement.to)}</td>
                    <td className="px-3 py-2 text-right font-medium" data-testid="movement-amount">
                      {formatCredits(movement.amount, i18n.language)}
                    </td>
                    <td className="px-3 py-2 text-right text-gray-700 dark:text-gray-300">
                      {[movement.from_balance_after, movement.to_balance_after]
                        .map((value) => (value === null ? '—' : formatCredits(value, i18n.language)))
                        .join(' / ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination state={list} total={movements.data.total} onChange={change} />
        </>
      )}
    </>
  );
};
