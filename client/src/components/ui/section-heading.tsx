import type { ReactNode } from 'react';

export type SectionHeadingProps = {
  /** The heading's id, for the section's `aria-labelledby`. */
  id: string;
  title: ReactNode;
  /** Alignment and spacing of the row (`items-center gap-2`, a bottom margin). */
  className: string;
  /** What acts on the section (a "Create" link, a filter), beside the title, under it on narrow screens. */
  children?: ReactNode;
};

/** A section's <h2> with what acts on the section beside it. */
export const SectionHeading = ({ id, title, className, children }: SectionHeadingProps) => (
  <div className={`flex flex-wrap justify-between ${className}`}>
    <h2 id={id} className="text-lg font-semibold">
      {title}
    </h2>
    {children}
  </div>
);
