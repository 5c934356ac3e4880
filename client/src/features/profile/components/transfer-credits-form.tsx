import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreditCommandForm } from '../../../components/credit-command-form';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { formatCredits } from '../../../lib/credits/nb-credits';
import { useCan, useCurrentUser, useSession } from '../../../lib/session/session-context';
import { transferCredits, useTransferTargets } from '../api/profile-api';

/** `/profile/transfer-credits`: give some of my own credits to a user or group of my organization. */
export const TransferCreditsForm = () => {
  const { t, i18n } = useTranslation('profile');
  const can = useCan();
  const me = useCurrentUser();
  const { reloadProfile } = useSession();
  const mayListUsers = can('user-list');
  const mayListGroups = can('user-group-list');
  const [kind, setKind] = useState<'user' | 'group'>(mayListUsers ? 'user' : 'group');
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState('');
  const allowed = can('credit-transfer');
  const targets = useTransferTargets(kind, q, allowed && (kind === 'user' ? mayListUsers : mayListGroups));
  const options = (targets.data ?? []).filter((target) => target.id !== me?.id);
  const chosen = options.find((option) => option.id === (picked || options[0]?.id));

  if (!allowed) return <Alert tone="info">{t('transfer.notAllowed')}</Alert>;
  if (!mayListUsers && !mayListGroups) return <Alert tone="info">{t('transfer.noTargets')}</Alert>;

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
      <Card>
        <h2 className="text-sm font-medium text-gray-700 dark:text-gray-300">{t('transfer.available')}</h2>
        <p className="mt-1 text-3xl font-semibold" data-testid="own-credits">
          {formatCredits(me?.credit_wallet ?? 0, i18n.language)}
        </p>
      </Card>
      <Card>
        <div className="flex flex-col gap-4">
          <SelectField
            label={t('transfer.kind')}
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as 'user' | 'group');
              setPicked('');
            }}
            options={[
              ...(mayListUsers ? [{ value: 'user', label: t('transfer.kinds.user') }] : []),
              ...(mayListGroups ? [{ value: 'group', label: t('transfer.kinds.group') }] : []),
            ]}
          />
          <TextField
            label={t('transfer.search')}
            type="search"
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
          <SelectField
            label={t(`transfer.to.${kind}`)}
            value={chosen?.id ?? ''}
            onChange={(event) => setPicked(event.target.value)}
            options={options.map((option) => ({ value: option.id, label: option.label }))}
            error={targets.isSuccess && options.length === 0 ? t('transfer.nobody') : null}
          />
          {chosen ? (
            <CreditCommandForm
              key={`${kind}-${chosen.id}`}
              actions={[
                {
                  id: 'transfer',
                  label: t('transfer.submit'),
                  submit: async (nb, key) => {
                    await transferCredits(kind, chosen.id, nb, key);
                    reloadProfile();
                  },
                  done: (nb) => t('transfer.done', { count: nb, name: chosen.label }),
                },
              ]}
            />
          ) : null}
        </div>
      </Card>
    </div>
  );
};
