import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../lib/http/use-error-message';
import { Alert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';

/** Loading and error states shared by every screen that reads from the API. */
export const Loading = ({ label }: { label?: string }) => {
  const { t } = useTranslation('common');
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-12 text-gray-700 dark:text-gray-300">
      <Spinner />
      <span>{label ?? t('states.loading')}</span>
    </div>
  );
};

export const LoadError = ({ error, onRetry }: { error: unknown; onRetry?: () => void }) => {
  const { t } = useTranslation('common');
  const message = useErrorMessage();
  return (
    <Alert tone="error">
      <p>{message(error)}</p>
      {onRetry ? (
        <Button variant="secondary" className="mt-3" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      ) : null}
    </Alert>
  );
};

export const EmptyState = ({ children }: { children: ReactNode }) => (
  <p className="rounded-md border border-dashed border-gray-300 px-4 py-10 text-center text-sm text-gray-700 dark:border-gray-700 dark:text-gray-300">
    {children}
  </p>
);

/**
 * A query's loading and error states (with a retry), else `empty` when `isEmpty` says its data holds nothing to show,
 * else what `children` makes of the data.
 */
export const QueryState = <Data,>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<Data>;
  isEmpty?: (data: Data) => boolean;
  empty?: ReactNode;
  children: (data: Data) => ReactNode;
}) => {
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return <EmptyState>{empty}</EmptyState>;
  return <>{children(query.data)}</>;
};
