import { Link, type LinkProps } from 'react-router';

/** A link set in the page's text (a page header's way back, "See the result"): underlined, in the primary colour. */
export const TextLink = ({ className = '', ...link }: LinkProps) => (
  <Link
    className={`text-sm font-medium text-primary-700 underline dark:text-primary-300 ${className}`.trim()}
    {...link}
  />
);
