import type { FormEvent, ReactNode } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { SubmitRow } from '../../../components/ui/button';

/**
 * One of the organization's settings below its details (operator name, session retention, voice recording): its own
 * form under a rule, with a title, the form's error, and "Save" for whoever may change it.
 */
export const SettingForm = ({
  form,
  title,
  saveLabel,
  editable,
  children,
}: {
  form: { handleSubmit: (event: FormEvent) => void; formError: unknown; submitting: boolean };
  title: string;
  saveLabel: string;
  editable: boolean;
  children: ReactNode;
}) => (
  <form
    onSubmit={form.handleSubmit}
    noValidate
    className="mt-6 flex flex-col gap-4 border-t border-gray-200 pt-4 dark:border-gray-700"
  >
    <h3 className="text-base font-semibold">{title}</h3>
    {children}
    <ErrorAlert error={form.formError} />
    {editable ? (
      <SubmitRow variant="secondary" loading={form.submitting}>
        {saveLabel}
      </SubmitRow>
    ) : null}
  </form>
);
