import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    'bg-primary-700 text-white hover:bg-primary-800 dark:bg-primary-300 dark:text-gray-950 dark:hover:bg-primary-200',
  secondary:
    'border border-gray-300 bg-white text-gray-900 hover:border-primary-600 hover:text-primary-800 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100 dark:hover:border-primary-300 dark:hover:text-primary-200',
  danger: 'bg-red-700 text-white hover:bg-red-800 dark:bg-red-400 dark:text-gray-950 dark:hover:bg-red-300',
  ghost:
    'text-gray-800 hover:bg-gray-100 hover:text-primary-800 dark:text-gray-200 dark:hover:bg-gray-800 dark:hover:text-primary-200',
};

export const buttonClassName = (variant: ButtonVariant = 'primary', extra = '') =>
  `inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors ${VARIANTS[variant]} ${extra}`;

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /** Shows a spinner, keeps the label for screen readers and blocks repeated clicks. */
  loading?: boolean;
  icon?: ReactNode;
};

export const Button = ({
  variant = 'primary',
  loading = false,
  icon,
  className = '',
  children,
  disabled,
  type,
  ...rest
}: ButtonProps) => (
  <button
    type={type ?? 'button'}
    disabled={disabled || loading}
    aria-busy={loading || undefined}
    className={buttonClassName(variant, className)}
    {...rest}
  >
    {loading ? <Spinner size={16} /> : icon}
    {children}
  </button>
);

export type SubmitRowProps = Pick<ButtonProps, 'variant' | 'loading' | 'disabled' | 'children'> & {
  /** A "Cancel" before the submit button, blocked while the form sends. */
  cancel?: { label: ReactNode; onClick: () => void };
  /** Further classes of the row (a grid span, a margin, wrapping). */
  className?: string;
};

/** A form's submit button (after its "Cancel", if any) at the end of its own line; `loading` while the form sends. */
export const SubmitRow = ({ cancel, className = '', ...button }: SubmitRowProps) => (
  <div className={`flex justify-end ${cancel ? 'gap-2 ' : ''}${className}`.trim()}>
    {cancel ? (
      <Button variant="secondary" onClick={cancel.onClick} disabled={button.loading}>
        {cancel.label}
      </Button>
    ) : null}
    <Button type="submit" {...button} />
  </div>
);
