import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreditCommandForm, type CreditAction } from '../../../components/credit-command-form';
import { Card } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { WalletFigures } from '../../../components/wallet-figures';
import { useCan, useSession } from '../../../lib/session/session-context';
import { creditCommand, useCreditTargets, useInvalidateAfterCredits, type CreditTarget } from '../api/credit-api';
import { useOrganization } from '../api/organizations-api';

/**
 * `/settings/organization/transaction/{id}`: allocate and deallocate credits — to the organization itself from
 * issuance (super-admins), or from the organization to one of its groups or users.
 */
export const CreditTransactions = ({ organizationId }: { organizationId: string }) => {
  const { t } = useTranslation('credits');
  const can = useCan();
  const { reloadProfile } = useSession();
  const organization = useOrganization(organizationId);
  const invalidate = useInvalidateAfterCredits();
  const issuing = can('organization-update-credit');
  // Nothing is preselected: credits going to the wrong place is worse than one more choice.
  const [target, setTarget] = useState<CreditTarget | ''>('');
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState('');
  const [missing, setMissing] = useState<'kind' | 'target' | null>(null);
  const options = useCreditTargets(organizationId, target === 'user' ? 'user' : 'group', q);

  if (organization.isPending) return <Loading />;
  if (organization.isError) return <LoadError error={organization.error} onRetry={() => void organization.refetch()} />;

  const candidates = target === 'group' || target === 'user' ? (options.data ?? []) : [];
  const chosen =
    target === 'organization'
      ? { id: organizationId, label: organization.data.name }
      : candidates.find((option) => option.id === picked);
  const checkChoice = () => {
    const problem = target === '' ? 'kind' : chosen ? null : 'target';
    setMissing(problem);
    return problem === null;
  };
  const action = (command: 'allocate' | 'deallocate'): CreditAction => ({
    id: command,
    label: t(`transactions.${command}`),
    submit: async (nb, key) => {
      if (!chosen || target === '') throw new Error(t('transactions.pickTarget'));
      await creditCommand(command, target, chosen.id, nb, key);
      await invalidate();
      reloadProfile();
    },
    done: (nb) => t(`transactions.${command}d`, { count: nb, name: chosen?.label ?? '' }),
  });
  const actions = [
    ...(can('credit-allocate') ? [action('allocate')] : []),
    ...(can('credit-deallocate') ? [action('deallocate')] : []),
  ];
  const emptyPicker =
    (target === 'group' || target === 'user') && options.isSuccess && candidates.length === 0
      ? t(q.trim() ? `transactions.noMatch.${target}` : `transactions.none.${target}`)
      : null;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title={t('transactions.wallet', { name: organization.data.name })}>
        <WalletFigures wallet={organization.data} />
        <p className="mt-4 text-sm text-gray-700 dark:text-gray-300">
          {t(issuing ? 'transactions.explainIssuer' : 'transactions.explain')}
        </p>
      </Card>
      <Card title={t('transactions.title')}>
        <div className="flex flex-col gap-4">
          <SelectField
            label={t('transactions.targetKind')}
            value={target}
            required
            onChange={(event) => {
              setTarget(event.target.value as CreditTarget | '');
              setPicked('');
              setQ('');
              setMissing(null);
            }}
            options={[
              { value: '', label: t('transactions.chooseKind') },
              ...(issuing ? [{ value: 'organization', label: t('transactions.targets.organization') }] : []),
              { value: 'group', label: t('transactions.targets.group') },
              { value: 'user', label: t('transactions.targets.user') },
            ]}
            error={missing === 'kind' ? t('transactions.pickKind') : null}
          />
          {target === 'group' || target === 'user' ? (
            <>
              <TextField
                label={t('transactions.search')}
                type="search"
                value={q}
                onChange={(event) => setQ(event.target.value)}
              />
              <SelectField
                label={t(`transactions.pick.${target}`)}
                value={chosen?.id ?? ''}
                required
                onChange={(event) => {
                  setPicked(event.target.value);
                  setMissing(null);
                }}
                options={[
                  { value: '', label: t(`transactions.choose.${target}`) },
                  ...candidates.map((option) => ({
                    value: option.id,
                    label: `${option.label} — ${t('transactions.available', { count: option.available })}`,
                  })),
                ]}
                error={emptyPicker ?? (missing === 'target' ? t('transactions.pickTarget') : null)}
              />
            </>
          ) : null}
          {actions.length > 0 ? (
            <CreditCommandForm actions={actions} beforeSubmit={checkChoice} scope={`${target}:${chosen?.id ?? ''}`} />
          ) : null}
        </div>
      </Card>
    </div>
  );
};
