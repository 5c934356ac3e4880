import type { ReactNode } from 'react';

export const Card = ({ children, className = '' }: { children: ReactNode; className?: string }) => (
  <section
    className={`rounded-lg border border-gray-200 bg-white p-4 shadow-xs sm:p-6 dark:border-gray-800 dark:bg-gray-900 ${className}`}
  >
    {children}
  </section>
);
