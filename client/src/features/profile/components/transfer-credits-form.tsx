import { COLLEAGUE_SEARCH_MIN } from '@ai-coaching/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreditCommandForm } from '../../../components/credit-command-form';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { formatCredits } from '../../../lib/credits/nb-credits';
import { useCan, useCurrentUser, useSession } from '../../../lib/session/session-context';
import { transferCredits, useColleagues, useTransferGroups, type TransferTarget } from '../api/profile-api';

type Kind = 'user' | 'group';

/**
 * `/profile/transfer-credits`: give some of my own credits to a colleague or a group of my organization. Colleagues
 * are found by name or email and shown by name only, so a learner who may not list users can still give to one;
 * groups are the organization's for whoever may list them, else the ones I belong to (docs/client.md).
 */
export const TransferCreditsForm = () => {
  const { t, i18n } = useTranslation('profile');
  const can = useCan();
  const me = useCurrentUser();
  const { reloadProfile } = useSession();
  const allowed = can('credit-transfer');
  const mayListGroups = can('user-group-list');
  // Nothing is preselected: credits given to the wrong person cannot be taken back.
  const [kind, setKind] = useState<Kind | ''>('');
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState('');
  const [missing, setMissing] = useState<'kind' | 'target' | null>(null);
  const colleagues = useColleagues(q, allowed && kind === 'user');
  const groups = useTransferGroups({ mayListGroups, myId: me?.id ?? '', q }, allowed && kind === 'group');

  if (!allowed) return <Alert tone="info">{t('transfer.notAllowed')}</Alert>;

  const searchTooShort = kind === 'user' && q.trim().length < COLLEAGUE_SEARCH_MIN;
  const targets = kind === 'user' ? colleagues : groups;
  const options: TransferTarget[] = kind === '' || searchTooShort ? [] : (targets.data ?? []);
  const chosen = options.find((option) => option.id === picked);
  const emptyPicker = (() => {
    if (kind === '' || searchTooShort || !targets.isSuccess || options.length > 0) return null;
    if (kind === 'user') return t('transfer.nobody');
    return mayListGroups ? t(q.trim() ? 'transfer.noGroupMatches' : 'transfer.noGroups') : t('transfer.noOwnGroups');
  })();
  const checkChoice = () => {
    const problem = kind === '' ? 'kind' : chosen ? null : 'target';
    setMissing(problem);
    return problem === null;
  };

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
            required
            onChange={(event) => {
              setKind(event.target.value as Kind | '');
              setPicked('');
              setQ('');
              setMissing(null);
            }}
            options={[
              { value: '', label: t('transfer.chooseKind') },
              { value: 'user', label: t('transfer.kinds.user') },
              { value: 'group', label: t('transfer.kinds.group') },
            ]}
            error={missing === 'kind' ? t('transfer.pickKind') : null}
          />
          {kind === 'user' || (kind === 'group' && mayListGroups) ? (
            <TextField
              label={t(`transfer.search.${kind}`)}
              hint={kind === 'user' ? t('transfer.searchHint', { count: COLLEAGUE_SEARCH_MIN }) : undefined}
              type="search"
              autoComplete="off"
              value={q}
              onChange={(event) => {
                setQ(event.target.value);
                setMissing(null);
              }}
            />
          ) : null}
          {kind !== '' ? (
            <SelectField
              label={t(`transfer.to.${kind}`)}
              value={chosen?.id ?? ''}
              required
              disabled={searchTooShort}
              onChange={(event) => {
                setPicked(event.target.value);
                setMissing(null);
              }}
              options={[
                { value: '', label: t(searchTooShort ? 'transfer.searchFirst' : `transfer.choose.${kind}`) },
                ...options.map((option) => ({ value: option.id, label: option.label })),
              ]}
              error={emptyPicker ?? (missing === 'target' ? t(`transfer.pick.${kind}`) : null)}
            />
          ) : null}
          <CreditCommandForm
            beforeSubmit={checkChoice}
            scope={`${kind}:${chosen?.id ?? ''}`}
            actions={[
              {
                id: 'transfer',
                label: t('transfer.submit'),
                submit: async (nb, key) => {
                  if (!chosen || kind === '') throw new Error(t(`transfer.pick.${kind || 'user'}`));
                  await transferCredits(kind, chosen.id, nb, key);
                  reloadProfile();
                },
                done: (nb) => t('transfer.done', { count: nb, name: chosen?.label ?? '' }),
              },
            ]}
          />
        </div>
      </Card>
    </div>
  );
};
