import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { SubmitRow } from '../../../components/ui/button';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { TextField } from '../../../components/ui/field';
import { QueryState } from '../../../components/ui/query-state';
import { useToast } from '../../../components/ui/toast';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { displayName } from '../../../lib/session/current-user';
import { useCan, useCurrentUser } from '../../../lib/session/session-context';
import {
  useAddAiServiceKey,
  useAiServiceKeys,
  useRevokeAiServiceKey,
  useUserName,
  type AiServiceKey,
} from '../api/ai-providers-api';
import { aiServiceKeyFormSchema } from '../api/ai-providers-form-schemas';

const BADGE = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

const useDate = () => {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
};

const SetBy = ({ serviceKey }: { serviceKey: AiServiceKey }) => {
  const { t } = useTranslation('aiProviders');
  const date = useDate();
  const me = useCurrentUser();
  const can = useCan();
  const mine = serviceKey.created_by !== null && serviceKey.created_by === me?.id;
  const user = useUserName(serviceKey.created_by, !mine && can('user-read'));
  const name = mine ? displayName(me) : user.isSuccess ? displayName(user.data) : null;
  const when = date(serviceKey.created_at);
  if (serviceKey.created_by === null) return <>{t('keys.setOn', { date: when })}</>;
  return <>{t('keys.setBy', { name: name ?? t('keys.someone'), date: when })}</>;
};

const KeyRow = ({ serviceKey }: { serviceKey: AiServiceKey }) => {
  const { t } = useTranslation('aiProviders');
  const can = useCan();
  const date = useDate();
  const revoke = useRevokeAiServiceKey();
  const revoked = serviceKey.status === 'revoked';
  return (
    <li
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="ai-key-row"
      data-status={serviceKey.status}
      data-current={String(serviceKey.current)}
    >
      <div className="min-w-0 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className={`font-medium break-words ${revoked ? 'text-gray-700 line-through dark:text-gray-300' : ''}`}>
            {serviceKey.label}
          </span>
          <span className="font-mono text-xs text-gray-700 dark:text-gray-300">
            {t('keys.endingWith', { last4: serviceKey.last4 })}
          </span>
          {serviceKey.current ? (
            <span className={`${BADGE} bg-scoring-100 text-scoring-900 dark:bg-scoring-900 dark:text-scoring-100`}>
              {t('keys.inUse')}
            </span>
          ) : null}
          {revoked ? (
            <span className={`${BADGE} bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100`}>
              {t('keys.revokedBadge')}
            </span>
          ) : null}
        </p>
        <p className="text-xs text-gray-700 dark:text-gray-300">
          <SetBy serviceKey={serviceKey} />
          {' · '}
          {serviceKey.last_used_at ? t('keys.lastUsed', { date: date(serviceKey.last_used_at) }) : t('keys.neverUsed')}
        </p>
      </div>
      {!revoked && can('ai-service-key-delete') ? (
        <div className="shrink-0">
          <ConfirmAction
            variant="secondary"
            label={t('keys.revoke')}
            srContext={serviceKey.label}
            title={t('keys.revokeTitle', { label: serviceKey.label })}
            body={t('keys.revokeBody')}
            confirmLabel={t('keys.revoke')}
            doneMessage={t('keys.revoked', { label: serviceKey.label })}
            action={() => revoke.mutateAsync(serviceKey.id)}
          />
        </div>
      ) : null}
    </li>
  );
};

const AddKeyForm = ({ providerId, onAdded }: { providerId: string; onAdded: () => void }) => {
  const { t } = useTranslation('aiProviders');
  const toast = useToast();
  const add = useAddAiServiceKey();
  const form = useSchemaForm({
    schema: aiServiceKeyFormSchema,
    initial: { provider_id: providerId, label: '', value: '' },
    requiredMessages: { label: t('keys.labelRequired'), value: t('keys.valueRequired') },
    submit: async (values) => {
      const added = await add.mutateAsync(values);
      toast.show(t('keys.added', { label: added.label }));
      onAdded();
    },
  });
  return (
    <form
      onSubmit={form.handleSubmit}
      noValidate
      // Side by side only where the card is wide enough (a container query): the card is half the page on wide screens.
      className="@container mt-4 border-t border-gray-200 pt-4 dark:border-gray-700"
    >
      <div className="grid gap-3 @md:grid-cols-2 @md:items-start">
        <TextField
          label={t('keys.label')}
          placeholder={t('keys.labelPlaceholder')}
          required
          autoComplete="off"
          {...form.field('label')}
        />
        <TextField
          label={t('keys.value')}
          hint={t('keys.valueHint')}
          type="password"
          required
          // Not a password of this site: no password manager should offer to save it.
          autoComplete="off"
          spellCheck={false}
          {...form.field('value')}
        />
      </div>
      <ErrorAlert error={form.formError} className="mt-3" />
      <SubmitRow loading={form.submitting} className="mt-3">
        {t('keys.add')}
      </SubmitRow>
    </form>
  );
};

/** The provider's service keys: add (write-only), list without values, revoke. */
export const ServiceKeysSection = ({ providerId, manageable }: { providerId: string; manageable: boolean }) => {
  const { t } = useTranslation('aiProviders');
  const can = useCan();
  const keys = useAiServiceKeys(providerId, manageable && can('ai-service-key-list'));
  // A new form after each key: the value typed is gone from the page as soon as it is stored.
  const [formKey, setFormKey] = useState(0);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('keys.description')}</p>
      {!can('ai-service-key-list') ? null : (
        <QueryState query={keys} isEmpty={(data) => data.items.length === 0} empty={t('keys.none')}>
          {(data) => (
            <ul className="divide-y divide-gray-100 dark:divide-gray-800" aria-label={t('keys.title')}>
              {data.items.map((serviceKey) => (
                <KeyRow key={serviceKey.id} serviceKey={serviceKey} />
              ))}
            </ul>
          )}
        </QueryState>
      )}
      {can('ai-service-key-create') ? (
        <AddKeyForm key={formKey} providerId={providerId} onAdded={() => setFormKey((n) => n + 1)} />
      ) : null}
    </div>
  );
};
