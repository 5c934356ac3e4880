import { SHARED_SESSION_LABEL_MAX, SHARED_SESSION_MAX_USES } from '@ai-coaching/domain';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { newIdempotencyKey } from '../../../lib/http/api';
import { isApiError } from '../../../lib/http/api-error';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useCan } from '../../../lib/session/session-context';
import { useCreateShareLink, usePayingGroups, type SharedSession } from '../api/shared-sessions-api';
import { CopyLinkButton } from './copy-link-button';
import { SHARE_LINKS_PATH } from './share-links';

const DAY_MS = 86_400_000;
/** `YYYY-MM-DD` of a date in the browser's time zone, for a date input. */
const dateInput = (date: Date) =>
  new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

type Errors = Partial<Record<'label' | 'expires_at' | 'max_uses', string>>;

/**
 * The new link's label, last day, uses and payer as typed, checked here first, then by the API (its field issues
 * next to the fields); one idempotency key per link made.
 */
const useShareLinkDraft = (scenarioId: string, scenarioName: string, onMade: (link: SharedSession) => void) => {
  const { t } = useTranslation('sharedSessions');
  const create = useCreateShareLink();
  const [payer, setPayer] = useState('');
  const [label, setLabel] = useState(scenarioName.slice(0, SHARED_SESSION_LABEL_MAX));
  const [expiry, setExpiry] = useState(() => dateInput(new Date(Date.now() + 7 * DAY_MS)));
  const [uses, setUses] = useState('10');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const endOfDay = new Date(`${expiry}T23:59:59`);
    const maxUses = Number(uses);
    const found: Errors = {
      ...(label.trim() === '' ? { label: t('share.labelRequired') } : {}),
      ...(Number.isNaN(endOfDay.getTime()) || endOfDay.getTime() <= Date.now()
        ? { expires_at: t('share.expiryFuture') }
        : {}),
      ...(!Number.isInteger(maxUses) || maxUses < 1 || maxUses > SHARED_SESSION_MAX_USES
        ? { max_uses: t('share.usesRange', { max: SHARED_SESSION_MAX_USES }) }
        : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    try {
      const link = await create.mutateAsync({
        body: {
          scenario_id: scenarioId,
          label: label.trim(),
          expires_at: endOfDay.toISOString(),
          max_uses: maxUses,
          paid_by: payer ? { type: 'user_group', user_group_id: payer } : { type: 'user' },
        },
        idempotencyKey,
      });
      onMade(link);
      setIdempotencyKey(newIdempotencyKey());
    } catch (error) {
      const issues = isApiError(error) ? error.issues : [];
      const own = Object.fromEntries(
        issues
          .filter((issue) => ['label', 'expires_at', 'max_uses'].includes(issue.path))
          .map((i) => [i.path, i.message]),
      ) as Errors;
      if (Object.keys(own).length > 0) setErrors(own);
      else setFailure(error);
    }
  };
  return {
    fields: { payer, setPayer, label, setLabel, expiry, setExpiry, uses, setUses },
    errors,
    failure,
    submit,
    creating: create.isPending,
  };
};

/** The link just made: its address to copy, another one, or all of them. */
const MadeLink = ({ made, onAnother }: { made: SharedSession; onAnother: () => void }) => {
  const { t } = useTranslation('sharedSessions');
  return (
    <div className="flex flex-col gap-3" data-testid="share-link-made">
      <Alert tone="success">{t('share.made', { label: made.label })}</Alert>
      <input
        readOnly
        aria-label={t('share.url')}
        value={made.url}
        className="w-full rounded-md border border-gray-400 bg-gray-50 px-3 py-2 text-sm dark:border-gray-600 dark:bg-gray-900"
        onFocus={(event) => event.target.select()}
      />
      <div className="flex flex-wrap gap-2">
        <CopyLinkButton url={made.url} />
        <Button variant="secondary" onClick={onAnother}>
          {t('share.another')}
        </Button>
        <Link to={SHARE_LINKS_PATH} className="self-center text-sm text-primary-700 underline dark:text-primary-300">
          {t('share.all')}
        </Link>
      </div>
    </div>
  );
};

/**
 * On a scenario's page, for users with `generate-shared-session`: a link guests open to play it, paid from the
 * sharer's wallet. The link stays valid until the end of the chosen day. A paying wallet that cannot hold one guest's
 * session is said here, before any guest meets the refusal.
 */
export const ShareLinkPanel = ({
  scenarioId,
  scenarioName,
  priceCredits,
  ownCredits,
}: {
  scenarioId: string;
  scenarioName: string;
  /** What one guest's session reserves. */
  priceCredits: number;
  /** The sharer's own available credits. */
  ownCredits: number;
}) => {
  const { t } = useTranslation('sharedSessions');
  const errorMessage = useErrorMessage();
  const can = useCan();
  const [open, setOpen] = useState(false);
  // Operators may have a group of theirs pay instead of their own wallet.
  const payingGroups = usePayingGroups(open && can('credit-allocate'));
  const [made, setMade] = useState<SharedSession | null>(null);
  const { fields, errors, failure, submit, creating } = useShareLinkDraft(scenarioId, scenarioName, setMade);
  const { payer, setPayer, label, setLabel, expiry, setExpiry, uses, setUses } = fields;
  const payingGroup = payingGroups.data?.items.find((group) => group.id === payer);
  const payingCredits = payer ? payingGroup?.credit_wallet : ownCredits;
  const walletShort = payingCredits !== undefined && priceCredits > 0 && payingCredits < priceCredits;

  if (!open) {
    return (
      <Button variant="secondary" className="mt-3 w-full" onClick={() => setOpen(true)}>
        {t('share.open')}
      </Button>
    );
  }
  return (
    <Card className="mt-4">
      <h2 className="mb-1 text-lg font-semibold">{t('share.title')}</h2>
      <p className="mb-3 text-sm text-gray-700 dark:text-gray-300">{t('share.intro')}</p>
      {made ? (
        <MadeLink made={made} onAnother={() => setMade(null)} />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
          <TextField
            label={t('share.label')}
            required
            value={label}
            maxLength={SHARED_SESSION_LABEL_MAX}
            onChange={(event) => setLabel(event.target.value)}
            error={errors.label ?? null}
          />
          <TextField
            label={t('share.expiresOn')}
            type="date"
            required
            value={expiry}
            onChange={(event) => setExpiry(event.target.value)}
            error={errors.expires_at ?? null}
          />
          <TextField
            label={t('share.maxUses')}
            hint={t('share.maxUsesHint')}
            type="number"
            inputMode="numeric"
            min={1}
            max={SHARED_SESSION_MAX_USES}
            required
            value={uses}
            onChange={(event) => setUses(event.target.value)}
            error={errors.max_uses ?? null}
          />
          {payingGroups.data && payingGroups.data.items.length > 0 ? (
            <SelectField
              label={t('share.paidBy')}
              value={payer}
              onChange={(event) => setPayer(event.target.value)}
              options={[
                { value: '', label: t('share.paidByMe') },
                ...payingGroups.data.items.map((group) => ({
                  value: group.id,
                  label: t('share.paidByGroup', { name: group.name }),
                })),
              ]}
            />
          ) : (
            <p className="text-sm text-gray-700 dark:text-gray-300">{t('share.paidByYou')}</p>
          )}
          {walletShort ? (
            <Alert tone="warning">
              {t(
                payer
                  ? 'share.groupWalletShort'
                  : can('credit-allocate')
                    ? 'share.walletShortOperator'
                    : 'share.walletShort',
                {
                  available: payingCredits,
                  count: priceCredits,
                  name: payingGroup?.name ?? '',
                },
              )}
            </Alert>
          ) : null}
          {failure ? <Alert tone="error">{errorMessage(failure)}</Alert> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={creating}>
              {t('share.create')}
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('share.cancel')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
};
