import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../components/can';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button, SubmitRow } from '../../../components/ui/button';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { TextField } from '../../../components/ui/field';
import { QueryState } from '../../../components/ui/query-state';
import { SectionHeading } from '../../../components/ui/section-heading';
import { useCreateScimToken, useRevokeScimToken, useScimTokens, type CreatedScimToken } from '../api/scim-tokens-api';
import { CopyableValue, ShownOnce } from './shown-once';

const when = (iso: string | null, locale: string) =>
  iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '—';

/** Where the identity provider sends its requests: this origin's `/scim/v2` (the server's `PUBLIC_URL`). */
const baseUrl = () => `${window.location.origin}/scim/v2`;

const CreateTokenForm = ({
  onCreated,
  onCancel,
}: {
  onCreated: (token: CreatedScimToken) => void;
  onCancel: () => void;
}) => {
  const { t } = useTranslation('integrations');
  const create = useCreateScimToken();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void create
      .mutateAsync(name.trim() ? { name } : {})
      .then(onCreated)
      .catch(() => undefined);
  };
  return (
    <form className="mt-4 space-y-4" onSubmit={submit}>
      <TextField
        label={t('scim.name')}
        hint={t('scim.nameHint')}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <ErrorAlert error={create.error} />
      <SubmitRow loading={create.isPending} cancel={{ label: t('webhooks.cancel'), onClick: onCancel }}>
        {t('scim.create')}
      </SubmitRow>
    </form>
  );
};

/**
 * Settings → Integrations, "SCIM provisioning": the base URL to paste into the identity provider, the organization's
 * SCIM tokens, a new one shown once, revocation (docs/api/integrations.md, "SCIM").
 */
export const ScimSection = () => {
  const { t, i18n } = useTranslation('integrations');
  const tokens = useScimTokens();
  const revoke = useRevokeScimToken();
  const [created, setCreated] = useState<CreatedScimToken | null>(null);
  const [creating, setCreating] = useState(false);
  return (
    <section id="scim" aria-labelledby="scim-heading" className="scroll-mt-20 space-y-3">
      <SectionHeading id="scim-heading" title={t('scim.title')} className="items-center gap-2">
        {creating ? null : (
          <Can permissions="scim-token-create">
            <Button type="button" onClick={() => setCreating(true)}>
              {t('scim.new')}
            </Button>
          </Can>
        )}
      </SectionHeading>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('scim.description')}</p>
      <div data-testid="scim-base-url">
        <CopyableValue label={t('scim.baseUrl')} value={created?.base_url ?? baseUrl()} copied={t('scim.urlCopied')} />
      </div>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('scim.howTo')}</p>
      {created ? (
        <ShownOnce
          value={created.token}
          warning={t('scim.storeNow')}
          copied={t('scim.copied')}
          done={t('scim.done')}
          testId="scim-token"
          onClose={() => setCreated(null)}
        />
      ) : null}
      {creating ? (
        <CreateTokenForm
          onCancel={() => setCreating(false)}
          onCreated={(token) => {
            setCreating(false);
            setCreated(token);
          }}
        />
      ) : null}
      <QueryState query={tokens} isEmpty={(page) => page.items.length === 0} empty={t('scim.empty')}>
        {(page) => (
          <ul className="space-y-2">
            {page.items.map((token) => (
              <li
                key={token.id}
                className="rounded border border-gray-200 p-3 dark:border-gray-800"
                data-testid="scim-token-row"
              >
                <p className="flex flex-wrap items-baseline gap-x-3">
                  <span className="font-semibold">{token.name}</span>
                  <code className="text-sm">{token.prefix}…</code>
                  <span className="text-sm">{t(`keys.status.${token.status}`)}</span>
                </p>
                <dl className="mt-2 grid gap-x-4 text-sm text-gray-700 sm:grid-cols-2 dark:text-gray-300">
                  <div>
                    <dt className="inline">{t('keys.createdBy')} </dt>
                    <dd className="inline">{token.created_by_name ?? token.created_by}</dd>
                  </div>
                  <div>
                    <dt className="inline">{t('keys.lastUsed')} </dt>
                    <dd className="inline">
                      {when(token.last_used_at, i18n.language)}
                      {token.last_used_address ? ` (${token.last_used_address})` : ''}
                    </dd>
                  </div>
                </dl>
                {token.status === 'active' || token.status === 'expiring' ? (
                  <Can permissions="scim-token-delete">
                    <div className="mt-3">
                      <ConfirmAction
                        label={t('keys.revoke')}
                        srContext={token.name}
                        title={t('keys.revokeTitle', { name: token.name })}
                        body={t('scim.revokeBody')}
                        confirmLabel={t('keys.revoke')}
                        doneMessage={t('scim.revoked')}
                        action={() => revoke.mutateAsync(token.id)}
                      />
                    </div>
                  </Can>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
};
