import { PERMISSIONS, type Permission } from '@ai-coaching/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { Button, SubmitRow } from '../../../components/ui/button';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { TextField } from '../../../components/ui/field';
import { QueryState } from '../../../components/ui/query-state';
import { SectionHeading } from '../../../components/ui/section-heading';
import { useToast } from '../../../components/ui/toast';
import { useCurrentUser } from '../../../lib/session/session-context';
import {
  useApiKeys,
  useCreateApiKey,
  useRevokeApiKey,
  useRotateApiKey,
  type ApiKey,
  type CreatedApiKey,
} from '../api/integrations-api';

const when = (iso: string | null, locale: string) =>
  iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '—';

/** The key itself, once: a copy button and the warning that it is never shown again. */
const ShownOnce = ({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) => {
  const { t } = useTranslation('integrations');
  const toast = useToast();
  const copy = async () => {
    await navigator.clipboard.writeText(created.key);
    toast.show(t('keys.copied'));
  };
  return (
    <div className="mt-4 space-y-3" data-testid="api-key-shown-once">
      <Alert tone="warning">{t('keys.storeNow')}</Alert>
      <p className="flex flex-wrap items-center gap-2">
        <code
          className="min-w-0 break-all rounded bg-gray-100 px-2 py-1 text-sm dark:bg-gray-900"
          data-testid="api-key-value"
        >
          {created.key}
        </code>
        <Button type="button" variant="secondary" onClick={() => void copy()}>
          {t('keys.copy')}
        </Button>
        <Button type="button" variant="ghost" onClick={onClose}>
          {t('keys.done')}
        </Button>
      </p>
    </div>
  );
};

/** Name, the permissions the operator holds (never `api-key-*`), an optional expiry. */
const CreateKeyForm = ({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) => {
  const { t } = useTranslation('integrations');
  const me = useCurrentUser();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [expires, setExpires] = useState('');
  const [chosen, setChosen] = useState<Permission[]>([]);
  const offered = PERMISSIONS.filter(
    (permission) => !permission.startsWith('api-key-') && (me?.permissions ?? []).includes(permission),
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const created = await create.mutateAsync({
      name,
      permissions: chosen,
      ...(expires ? { expires_at: new Date(`${expires}T23:59:59Z`).toISOString() } : {}),
    });
    setName('');
    setChosen([]);
    onCreated(created);
  };
  return (
    <form className="mt-4 space-y-4" onSubmit={(event) => void submit(event).catch(() => undefined)}>
      <TextField label={t('keys.name')} value={name} onChange={(event) => setName(event.target.value)} required />
      <fieldset className="rounded border border-gray-200 p-3 dark:border-gray-800">
        <legend className="px-1 text-sm font-medium">{t('keys.permissions')}</legend>
        <ul className="grid max-h-56 gap-1 overflow-y-auto sm:grid-cols-2">
          {offered.map((permission) => (
            <li key={permission}>
              <label className="flex items-center gap-2 text-sm break-all">
                <input
                  type="checkbox"
                  checked={chosen.includes(permission)}
                  onChange={(event) =>
                    setChosen((current) =>
                      event.target.checked ? [...current, permission] : current.filter((p) => p !== permission),
                    )
                  }
                />
                {permission}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <TextField
        label={t('keys.expiry')}
        hint={t('keys.expiryHint')}
        type="date"
        value={expires}
        onChange={(event) => setExpires(event.target.value)}
      />
      <ErrorAlert error={create.error} />
      <SubmitRow loading={create.isPending}>{t('keys.create')}</SubmitRow>
    </form>
  );
};

const KeyRow = ({ apiKey, onCreated }: { apiKey: ApiKey; onCreated: (key: CreatedApiKey) => void }) => {
  const { t, i18n } = useTranslation('integrations');
  const rotate = useRotateApiKey();
  const revoke = useRevokeApiKey();
  const [hours, setHours] = useState(24);
  const live = apiKey.status === 'active';
  return (
    <li className="rounded border border-gray-200 p-3 dark:border-gray-800" data-testid="api-key-row">
      <p className="flex flex-wrap items-baseline gap-x-3">
        <span className="font-semibold">{apiKey.name}</span>
        <code className="text-sm">{apiKey.prefix}…</code>
        <span className="text-sm">{t(`keys.status.${apiKey.status}`)}</span>
      </p>
      <dl className="mt-2 grid gap-x-4 text-sm text-gray-700 sm:grid-cols-2 dark:text-gray-300">
        <div>
          <dt className="inline">{t('keys.permissionsLabel')} </dt>
          <dd className="inline break-all">{apiKey.permissions.join(', ')}</dd>
        </div>
        <div>
          <dt className="inline">{t('keys.createdBy')} </dt>
          <dd className="inline">{apiKey.created_by_name ?? apiKey.created_by}</dd>
        </div>
        <div>
          <dt className="inline">{t('keys.lastUsed')} </dt>
          <dd className="inline">
            {when(apiKey.last_used_at, i18n.language)}
            {apiKey.last_used_address ? ` (${apiKey.last_used_address})` : ''}
          </dd>
        </div>
        <div>
          <dt className="inline">{t('keys.expires')} </dt>
          <dd className="inline">{when(apiKey.expires_at, i18n.language)}</dd>
        </div>
      </dl>
      {live ? (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <label className="text-sm">
            {t('keys.grace')}
            <input
              type="number"
              min={0}
              max={168}
              value={hours}
              onChange={(event) => setHours(Math.min(168, Math.max(0, Number(event.target.value) || 0)))}
              className="ms-2 w-20 rounded border border-gray-300 px-2 py-1 dark:border-gray-700 dark:bg-gray-950"
            />
          </label>
          <Button
            type="button"
            variant="secondary"
            loading={rotate.isPending}
            onClick={() => void rotate.mutateAsync({ id: apiKey.id, hours }).then(onCreated)}
          >
            {t('keys.rotate')}
          </Button>
          <ConfirmAction
            label={t('keys.revoke')}
            srContext={apiKey.name}
            title={t('keys.revokeTitle', { name: apiKey.name })}
            body={t('keys.revokeBody')}
            confirmLabel={t('keys.revoke')}
            doneMessage={t('keys.revoked')}
            action={() => revoke.mutateAsync(apiKey.id)}
          />
        </div>
      ) : null}
      <ErrorAlert error={rotate.error} />
    </li>
  );
};

/** Settings → Integrations, "API keys": the organization's keys, a new one shown once, rotation and revocation. */
export const ApiKeysSection = () => {
  const { t } = useTranslation('integrations');
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [creating, setCreating] = useState(false);
  return (
    <section aria-labelledby="api-keys-heading" className="space-y-3">
      <SectionHeading id="api-keys-heading" title={t('keys.title')} className="items-center gap-2">
        {creating ? null : (
          <Button type="button" onClick={() => setCreating(true)}>
            {t('keys.new')}
          </Button>
        )}
      </SectionHeading>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('keys.description')}</p>
      {created ? <ShownOnce created={created} onClose={() => setCreated(null)} /> : null}
      {creating ? (
        <CreateKeyForm
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
          }}
        />
      ) : null}
      <QueryState query={keys} isEmpty={(page) => page.items.length === 0} empty={t('keys.empty')}>
        {(page) => (
          <ul className="space-y-2">
            {page.items.map((apiKey) => (
              <KeyRow key={apiKey.id} apiKey={apiKey} onCreated={setCreated} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
};
