import { AI_CALL_ERROR_CODES, type AiCallErrorCode } from '@ai-coaching/domain';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useTestAiProvider, type AiProviderTestResult } from '../api/ai-providers-api';

/** The cause of a failed test as this screen words it; an answer without a known code is the provider's error. */
export const failureCause = (result: AiProviderTestResult): AiCallErrorCode =>
  result.error_code && (AI_CALL_ERROR_CODES as readonly string[]).includes(result.error_code)
    ? result.error_code
    : 'provider_error';

const Outcome = ({ result }: { result: AiProviderTestResult }) => {
  const { t } = useTranslation('aiProviders');
  if (result.ok) {
    return (
      <Alert tone="success">
        <span data-testid="connection-result" data-ok="true">
          {t('test.success', { ms: result.latency_ms })}
        </span>
      </Alert>
    );
  }
  const cause = failureCause(result);
  return (
    <Alert tone="error">
      <span data-testid="connection-result" data-ok="false" data-code={cause} className="flex flex-col gap-1">
        <strong className="font-semibold">{t('test.failed', { cause: t(`test.causes.${cause}`) })}</strong>
        <span>{t(`test.next.${cause}`)}</span>
      </span>
    </Alert>
  );
};

/** "Test connection": the round-trip time on success, otherwise the cause and what to do about it. */
export const ConnectionTest = ({ providerId }: { providerId: string }) => {
  const { t } = useTranslation('aiProviders');
  const errorMessage = useErrorMessage();
  const test = useTestAiProvider(providerId);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('test.description')}</p>
      <div>
        <Button variant="secondary" loading={test.isPending} onClick={() => test.mutate()}>
          {t('test.button')}
        </Button>
      </div>
      {/* A live region that exists before the outcome, so screen readers hear it arrive. */}
      <div aria-live="polite">
        {test.isPending ? null : test.isSuccess ? (
          <Outcome result={test.data} />
        ) : test.isError ? (
          <Alert tone="error">{errorMessage(test.error)}</Alert>
        ) : null}
      </div>
    </div>
  );
};
