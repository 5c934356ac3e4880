import type { ReactNode } from 'react';

export type CardProps = {
  /** The card's <h2>, first in it; `titleId` lets a control or the section point at it. */
  title?: ReactNode;
  titleId?: string;
  children: ReactNode;
  className?: string;
};

export const Card = ({ title, titleId, children, className = '' }: CardProps) => (
  // Named by its title when the title has an id: a region a screen reader lists.
  <section
    aria-labelledby={title && titleId ? titleId : undefined}
    className={`rounded-lg border border-gray-200 bg-white p-4 shadow-xs sm:p-6 dark:border-gray-800 dark:bg-gray-900 ${className}`}
  >
    {title ? (
      <h2 id={titleId} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
    ) : null}
    {children}
  </section>
);
