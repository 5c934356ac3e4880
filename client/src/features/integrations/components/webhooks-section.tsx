import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@ai-coaching/domain';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../components/can';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button, SubmitRow } from '../../../components/ui/button';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { SelectField, TextField } from '../../../components/ui/field';
import { QueryState } from '../../../components/ui/query-state';
import { SectionHeading } from '../../../components/ui/section-heading';
import { useToast } from '../../../components/ui/toast';
import { useCan } from '../../../lib/session/session-context';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRedeliverWebhook,
  useRotateWebhookSecret,
  useTestWebhook,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
  type WebhookBody,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '../api/webhooks-api';
import { ShownOnce } from './shown-once';

/** Each event's text key (event names hold dots, which the catalogues read as nesting). */
const EVENT_KEYS = {
  'coaching.session.ended': 'sessionEnded',
  'coaching.analysis.completed': 'analysisCompleted',
  'coaching.assignment.passed': 'assignmentPassed',
  'coaching.assignment.overdue': 'assignmentOverdue',
  'credits.wallet.low': 'walletLow',
  'user.activated': 'userActivated',
  'webhook.test': 'test',
} as const satisfies Record<WebhookEventType | 'webhook.test', string>;

const eventKey = (type: string) => (type in EVENT_KEYS ? EVENT_KEYS[type as keyof typeof EVENT_KEYS] : null);

/** The grace periods offered when the secret is rotated, in seconds. */
const GRACE_PERIODS = { none: 0, hour: 3600, day: 86_400, week: 604_800 } as const;

const when = (iso: string | null, locale: string) =>
  iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso)) : '—';

const PILLS = {
  good: 'bg-scoring-100 text-scoring-900 dark:bg-scoring-900 dark:text-scoring-100',
  neutral: 'bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100',
  bad: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
} as const;

/** A status as a coloured pill. */
const Pill = ({ tone, children, testId }: { tone: keyof typeof PILLS; children: ReactNode; testId?: string }) => (
  <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${PILLS[tone]}`} data-testid={testId}>
    {children}
  </span>
);

const DELIVERY_TONES = { pending: 'neutral', succeeded: 'good', failed: 'bad' } as const;

const EventLabel = ({ type }: { type: string }) => {
  const { t } = useTranslation('integrations');
  const key = eventKey(type);
  return <>{key ? t(`webhooks.events.${key}`) : type}</>;
};

type FormValues = { url: string; events: WebhookEventType[]; description: string; threshold: string };

const valuesOf = (endpoint: WebhookEndpoint | null): FormValues => ({
  url: endpoint?.url ?? '',
  events: endpoint?.events ?? [],
  description: endpoint?.description ?? '',
  threshold: endpoint?.credit_low_threshold === null || !endpoint ? '' : String(endpoint.credit_low_threshold),
});

/** URL, events as checkboxes, description, the optional low-credit threshold: to create or to edit. */
const WebhookForm = ({
  endpoint,
  error,
  loading,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  endpoint: WebhookEndpoint | null;
  error: unknown;
  loading: boolean;
  submitLabel: string;
  onSubmit: (body: WebhookBody) => Promise<unknown>;
  onCancel: () => void;
}) => {
  const { t } = useTranslation('integrations');
  const [values, setValues] = useState(() => valuesOf(endpoint));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const threshold = values.threshold.trim();
    void onSubmit({
      url: values.url,
      events: values.events,
      description: values.description,
      credit_low_threshold: threshold === '' ? null : Number(threshold),
    }).catch(() => undefined);
  };
  return (
    <form className="mt-4 space-y-4" onSubmit={submit} data-testid="webhook-form">
      <TextField
        label={t('webhooks.url')}
        hint={t('webhooks.urlHint')}
        type="url"
        inputMode="url"
        value={values.url}
        onChange={(event) => setValues({ ...values, url: event.target.value })}
        required
      />
      <fieldset className="rounded border border-gray-200 p-3 dark:border-gray-800">
        <legend className="px-1 text-sm font-medium">{t('webhooks.eventsLegend')}</legend>
        <ul className="grid gap-1 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <li key={type}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={values.events.includes(type)}
                  onChange={(event) =>
                    setValues({
                      ...values,
                      events: event.target.checked
                        ? [...values.events, type]
                        : values.events.filter((chosen) => chosen !== type),
                    })
                  }
                />
                <EventLabel type={type} />
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <TextField
        label={t('webhooks.descriptionLabel')}
        value={values.description}
        onChange={(event) => setValues({ ...values, description: event.target.value })}
      />
      <TextField
        label={t('webhooks.threshold')}
        hint={t('webhooks.thresholdHint')}
        type="number"
        min={1}
        step={1}
        value={values.threshold}
        onChange={(event) => setValues({ ...values, threshold: event.target.value })}
      />
      <ErrorAlert error={error} />
      <SubmitRow loading={loading} cancel={{ label: t('webhooks.cancel'), onClick: onCancel }}>
        {submitLabel}
      </SubmitRow>
    </form>
  );
};

const DeliveryRow = ({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) => {
  const { t, i18n } = useTranslation('integrations');
  const redeliver = useRedeliverWebhook();
  const toast = useToast();
  return (
    <li
      className="rounded border border-gray-200 p-3 text-sm dark:border-gray-800"
      data-testid="webhook-delivery"
      data-status={delivery.status}
    >
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-semibold">
          <EventLabel type={delivery.event_type} />
        </span>
        <code className="text-xs">{delivery.event_type}</code>
        <Pill tone={DELIVERY_TONES[delivery.status]}>{t(`webhooks.deliveryStatus.${delivery.status}`)}</Pill>
      </p>
      <dl className="mt-1 grid gap-x-4 text-gray-700 sm:grid-cols-2 dark:text-gray-300">
        <div>
          <dt className="inline">{t('webhooks.attempts')} </dt>
          <dd className="inline">{delivery.attempts}</dd>
        </div>
        <div>
          <dt className="inline">{t('webhooks.responseCode')} </dt>
          <dd className="inline" data-testid="webhook-delivery-code">
            {delivery.last_response_code ?? '—'}
          </dd>
        </div>
        <div>
          <dt className="inline">{t('webhooks.duration')} </dt>
          <dd className="inline">
            {delivery.last_duration_ms === null
              ? '—'
              : t('webhooks.milliseconds', { count: delivery.last_duration_ms })}
          </dd>
        </div>
        <div>
          <dt className="inline">{t('webhooks.time')} </dt>
          <dd className="inline">{when(delivery.last_attempt_at ?? delivery.created_at, i18n.language)}</dd>
        </div>
      </dl>
      <details className="mt-2">
        <summary className="cursor-pointer">{t('webhooks.body')}</summary>
        <pre className="mt-1 max-h-64 overflow-auto rounded bg-gray-100 p-2 text-xs whitespace-pre-wrap break-all dark:bg-gray-900">
          {delivery.body}
        </pre>
      </details>
      {delivery.status === 'pending' ? null : (
        <Can permissions="webhook-update">
          <Button
            type="button"
            variant="secondary"
            className="mt-2"
            loading={redeliver.isPending}
            onClick={() =>
              void redeliver
                .mutateAsync({ id: endpointId, delivery_id: delivery.id })
                .then(() => toast.show(t('webhooks.redelivered')))
                .catch(() => undefined)
            }
          >
            {t('webhooks.redeliver')}
          </Button>
        </Can>
      )}
      <ErrorAlert error={redeliver.error} />
    </li>
  );
};

const DeliveryLog = ({ endpointId, id }: { endpointId: string; id: string }) => {
  const { t } = useTranslation('integrations');
  const deliveries = useWebhookDeliveries(endpointId);
  return (
    <div id={id} className="mt-3 space-y-2" data-testid="webhook-deliveries">
      <h4 className="text-sm font-semibold">{t('webhooks.log')}</h4>
      <QueryState query={deliveries} isEmpty={(page) => page.items.length === 0} empty={t('webhooks.logEmpty')}>
        {(page) => (
          <ul className="space-y-2">
            {page.items.map((delivery) => (
              <DeliveryRow key={delivery.id} endpointId={endpointId} delivery={delivery} />
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
};

/** "Rotate the secret", with how long the previous one keeps signing; the new one is shown once. */
const RotateSecret = ({
  endpointId,
  onSecret,
}: {
  endpointId: string;
  onSecret: (endpoint: WebhookEndpointWithSecret) => void;
}) => {
  const { t } = useTranslation('integrations');
  const rotate = useRotateWebhookSecret();
  const [grace, setGrace] = useState<keyof typeof GRACE_PERIODS>('day');
  return (
    <div className="flex flex-wrap items-end gap-2">
      <SelectField
        label={t('webhooks.grace')}
        value={grace}
        onChange={(event) => setGrace(event.target.value as keyof typeof GRACE_PERIODS)}
        options={(Object.keys(GRACE_PERIODS) as (keyof typeof GRACE_PERIODS)[]).map((period) => ({
          value: period,
          label: t(`webhooks.gracePeriods.${period}`),
        }))}
      />
      <Button
        type="button"
        variant="secondary"
        loading={rotate.isPending}
        onClick={() =>
          void rotate
            .mutateAsync({ id: endpointId, seconds: GRACE_PERIODS[grace] })
            .then(onSecret)
            .catch(() => undefined)
        }
      >
        {t('webhooks.rotate')}
      </Button>
      <ErrorAlert error={rotate.error} />
    </div>
  );
};

const EndpointRow = ({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (endpoint: WebhookEndpointWithSecret) => void;
}) => {
  const { t, i18n } = useTranslation('integrations');
  const can = useCan();
  const toast = useToast();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const [editing, setEditing] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const logId = `webhook-log-${endpoint.id}`;
  const sendTest = async () => {
    await test.mutateAsync(endpoint.id);
    setLogOpen(true);
    toast.show(t('webhooks.testQueued'));
  };
  return (
    <li className="rounded border border-gray-200 p-3 dark:border-gray-800" data-testid="webhook-row">
      <h3 className="font-semibold break-all">{endpoint.url}</h3>
      <p className="mt-1">
        <Pill
          tone={endpoint.enabled ? 'good' : endpoint.disabled_reason === 'manual' ? 'neutral' : 'bad'}
          testId="webhook-status"
        >
          {endpoint.enabled ? t('webhooks.enabled') : t(`webhooks.disabled.${endpoint.disabled_reason ?? 'manual'}`)}
        </Pill>
      </p>
      {endpoint.description ? <p className="text-sm">{endpoint.description}</p> : null}
      <dl className="mt-2 grid gap-x-4 text-sm text-gray-700 sm:grid-cols-2 dark:text-gray-300">
        <div>
          <dt className="inline">{t('webhooks.eventsLabel')} </dt>
          <dd className="inline">
            {endpoint.events.map((type, index) => (
              <span key={type}>
                {index > 0 ? ', ' : ''}
                <EventLabel type={type} />
              </span>
            ))}
          </dd>
        </div>
        <div>
          <dt className="inline">{t('webhooks.thresholdLabel')} </dt>
          <dd className="inline">
            {endpoint.credit_low_threshold === null
              ? t('webhooks.noThreshold')
              : new Intl.NumberFormat(i18n.language).format(endpoint.credit_low_threshold)}
          </dd>
        </div>
        <div>
          <dt className="inline">{t('webhooks.created')} </dt>
          <dd className="inline">{when(endpoint.created_at, i18n.language)}</dd>
        </div>
        {endpoint.previous_secret_expires_at ? (
          <div>
            <dt className="inline">{t('webhooks.previousSecret')} </dt>
            <dd className="inline">{when(endpoint.previous_secret_expires_at, i18n.language)}</dd>
          </div>
        ) : null}
      </dl>
      {editing ? (
        <WebhookForm
          endpoint={endpoint}
          error={update.error}
          loading={update.isPending}
          submitLabel={t('webhooks.save')}
          onCancel={() => setEditing(false)}
          onSubmit={(patch) =>
            update.mutateAsync({ id: endpoint.id, patch }).then(() => {
              setEditing(false);
              toast.show(t('webhooks.saved'));
            })
          }
        />
      ) : (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          {can('webhook-update') ? (
            <>
              <Button type="button" variant="secondary" onClick={() => setEditing(true)}>
                {t('webhooks.edit')}
                <span className="sr-only"> {endpoint.url}</span>
              </Button>
              <Button
                type="button"
                variant="secondary"
                loading={update.isPending}
                onClick={() =>
                  void update
                    .mutateAsync({ id: endpoint.id, patch: { enabled: !endpoint.enabled } })
                    .catch(() => undefined)
                }
              >
                {endpoint.enabled ? t('webhooks.disable') : t('webhooks.enable')}
              </Button>
              <Button
                type="button"
                variant="secondary"
                loading={test.isPending}
                onClick={() => void sendTest().catch(() => undefined)}
              >
                {t('webhooks.test')}
              </Button>
            </>
          ) : null}
          <Button
            type="button"
            variant="ghost"
            aria-expanded={logOpen}
            aria-controls={logOpen ? logId : undefined}
            onClick={() => setLogOpen(!logOpen)}
          >
            {logOpen ? t('webhooks.hideLog') : t('webhooks.showLog')}
          </Button>
          {can('webhook-update') ? <RotateSecret endpointId={endpoint.id} onSecret={onSecret} /> : null}
          {can('webhook-delete') ? (
            <ConfirmAction
              label={t('webhooks.delete')}
              srContext={endpoint.url}
              title={t('webhooks.deleteTitle', { url: endpoint.url })}
              body={t('webhooks.deleteBody')}
              confirmLabel={t('webhooks.delete')}
              doneMessage={t('webhooks.deleted')}
              action={() => remove.mutateAsync(endpoint.id)}
            />
          ) : null}
        </div>
      )}
      <ErrorAlert error={update.error ?? test.error} />
      {logOpen ? <DeliveryLog endpointId={endpoint.id} id={logId} /> : null}
    </li>
  );
};

/**
 * Settings → Integrations, "Webhooks": the organization's endpoints, a new one's signing secret shown once, editing,
 * turning on and off, rotation, a test event and each endpoint's delivery log. `/settings/webhooks` (the link of the
 * mail sent when an endpoint is turned off) leads here, to `#webhooks`.
 */
export const WebhooksSection = () => {
  const { t } = useTranslation('integrations');
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);
  const [creating, setCreating] = useState(false);
  return (
    <section id="webhooks" aria-labelledby="webhooks-heading" className="scroll-mt-20 space-y-3">
      <SectionHeading id="webhooks-heading" title={t('webhooks.title')} className="items-center gap-2">
        {creating ? null : (
          <Can permissions="webhook-create">
            <Button type="button" onClick={() => setCreating(true)}>
              {t('webhooks.new')}
            </Button>
          </Can>
        )}
      </SectionHeading>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('webhooks.description')}</p>
      {secret ? (
        <ShownOnce
          value={secret.secret}
          warning={t('webhooks.storeNow', { url: secret.url })}
          copied={t('webhooks.copied')}
          done={t('webhooks.done')}
          testId="webhook-secret"
          onClose={() => setSecret(null)}
        />
      ) : null}
      {creating ? (
        <WebhookForm
          endpoint={null}
          error={create.error}
          loading={create.isPending}
          submitLabel={t('webhooks.create')}
          onCancel={() => setCreating(false)}
          onSubmit={(body) =>
            create.mutateAsync(body).then((created) => {
              setCreating(false);
              setSecret(created);
            })
          }
        />
      ) : null}
      <QueryState query={webhooks} isEmpty={(page) => page.items.length === 0} empty={t('webhooks.empty')}>
        {(page) => (
          <ul className="space-y-2">
            {page.items.map((endpoint) => (
              <EndpointRow key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
};
