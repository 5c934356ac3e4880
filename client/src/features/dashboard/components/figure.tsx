import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';

const FIGURE_LINK =
  'group block rounded-lg border border-gray-200 bg-white p-4 shadow-xs transition-colors hover:border-primary-600 sm:p-6 dark:border-gray-800 dark:bg-gray-900 dark:hover:border-primary-300';

/** A figure of the dashboard; with `to`, the whole card links to the list the figure counts. */
export const Figure = ({
  label,
  value,
  testId,
  to,
}: {
  label: string;
  value: ReactNode;
  testId: string;
  to?: string;
}) => {
  const body = (
    <>
      <p className="flex items-start justify-between gap-2 text-sm text-gray-700 dark:text-gray-300">
        {label}
        {to ? (
          <span aria-hidden="true" className="text-primary-700 group-hover:translate-x-0.5 dark:text-primary-300">
            →
          </span>
        ) : null}
      </p>
      <p className="mt-2 text-3xl font-semibold" data-testid={testId}>
        {value ?? <Spinner />}
      </p>
    </>
  );
  return to ? (
    <Link to={to} className={FIGURE_LINK}>
      {body}
    </Link>
  ) : (
    <Card>{body}</Card>
  );
};
