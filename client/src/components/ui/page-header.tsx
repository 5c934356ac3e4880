import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../hooks/use-document-title';

export type PageHeaderProps = {
  title: string;
  description?: ReactNode;
  /** Buttons or links shown beside the title (below it on narrow screens). */
  actions?: ReactNode;
};

/** The page's single <h1>, which also names the document. */
export const PageHeader = ({ title, description, actions }: PageHeaderProps) => {
  useDocumentTitle(title);
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold break-words">{title}</h1>
        {description ? <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
};
