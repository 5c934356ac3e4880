import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreditCommandForm, type CreditAction } from '../../../components/credit-command-form';
import { Card } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { WalletFigures } from '../../../components/wallet-figures';
import { formatCredits } from '../../../lib/credits/nb-credits';
import { useCan, useSession } from '../../../lib/session/session-context';
import { creditCommand, useCreditTargets, useInvalidateAfterCredits, type CreditTarget } from '../api/credit-api';
import { useOrganization } from '../api/organizations-api';

/**
 * `/settings/organization/transaction/{id}`: allocate and deallocate credits — to the organization itself from
 * issuance (super-admins), or from the organization to one of its groups or users.
 */
export const CreditTransactions = ({ organizationId }: { organizationId: string }) => {
  const { t, i18n } = useTranslation('credits');
  const can = useCan();
  const { reloadProfile } = useSession();
  const organization = useOrganization(organizationId);
  const invalidate = useInvalidateAfterCredits();
  const issuing = can('organization-update-credit');
  const [target, setTarget] = useState<CreditTarget>(issuing ? 'organization' : 'group');
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState('');
  const options = useCreditTargets(organizationId, target === 'user' ? 'user' : 'group', q);

  if (organization.isPending) return <Loading />;
  if (organization.isError) return <LoadError error={organization.error} onRetry={() => void organization.refetch()} />;

  const candidates = target === 'organization' ? [] : (options.data ?? []);
  const chosen =
    target === 'organization'
      ? { id: organizationId, label: organization.data.name }
      : candidates.find((option) => option.id === (picked || candidates[0]?.id));
  const action = (command: 'allocate' | 'deallocate'): CreditAction => ({
    id: command,
    label: t(`transactions.${command}`),
    submit: async (nb, key) => {
      if (!chosen) throw new Error(t('transactions.pickTarget'));
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

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <h2 className="mb-4 text-lg font-semibold">{t('transactions.wallet', { name: organization.data.name })}</h2>
        <WalletFigures wallet={organization.data} />
        <p className="mt-4 text-sm text-gray-700 dark:text-gray-300">
          {t(issuing ? 'transactions.explainIssuer' : 'transactions.explain')}
        </p>
      </Card>
      <Card>
        <h2 className="mb-4 text-lg font-semibold">{t('transactions.title')}</h2>
        <div className="flex flex-col gap-4">
          <SelectField
            label={t('transactions.targetKind')}
            value={target}
            onChange={(event) => {
              setTarget(event.target.value as CreditTarget);
              setPicked('');
              setQ('');
            }}
            options={[
              ...(issuing ? [{ value: 'organization', label: t('transactions.targets.organization') }] : []),
              { value: 'group', label: t('transactions.targets.group') },
              { value: 'user', label: t('transactions.targets.user') },
            ]}
          />
          {target !== 'organization' ? (
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
                onChange={(event) => setPicked(event.target.value)}
                options={candidates.map((option) => ({
                  value: option.id,
                  label: `${option.label} — ${t('transactions.available', { credits: formatCredits(option.available, i18n.language) })}`,
                }))}
                error={options.isSuccess && candidates.length === 0 ? t('transactions.noTargets') : null}
              />
            </>
          ) : null}
          {actions.length > 0 && chosen ? <CreditCommandForm key={`${target}-${chosen.id}`} actions={actions} /> : null}
        </div>
      </Card>
    </div>
  );
};
