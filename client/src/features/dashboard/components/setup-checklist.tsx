import type { PlatformSetupStep } from '@ai-coaching/contracts';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { usePlatformSetupChecklist } from '../api/dashboard-api';

/** Where each step is done. */
const STEP_PATHS: Record<PlatformSetupStep, string> = {
  create_organization: '/settings/organization/create',
  issue_credits: '/settings/organization/list',
  invite_operator: '/settings/user/create',
  connect_ai: '/ai-providers/list',
  play_starter: '/apps/ai-coaching',
};

/**
 * A new platform's first minutes, for its super-admin: five steps in order, each ticked once the platform's data shows
 * it (`GET /v1/platform/setup_checklist`) and linking to its screen. Nothing shows once every step is done.
 */
export const SetupChecklist = () => {
  const { t } = useTranslation('dashboard');
  const checklist = usePlatformSetupChecklist(true);
  if (!checklist.data || checklist.data.complete) return null;
  const steps = checklist.data.steps;
  const done = steps.filter((step) => step.done).length;
  return (
    <Card className="mb-6">
      <section aria-labelledby="setup-checklist">
        <h2 id="setup-checklist" className="text-lg font-semibold">
          {t('setup.title')}
        </h2>
        <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
          {t('setup.progress', { count: done, total: steps.length })}
        </p>
        <ol className="mt-3 flex flex-col gap-2">
          {steps.map((step, index) => (
            <li key={step.key} className="flex items-start gap-3" data-testid={`setup-step-${step.key}`}>
              <span
                aria-hidden="true"
                className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
                  step.done
                    ? 'bg-scoring-700 text-white dark:bg-scoring-300 dark:text-gray-950'
                    : 'border border-gray-400 text-gray-700 dark:border-gray-500 dark:text-gray-300'
                }`}
              >
                {step.done ? '✓' : index + 1}
              </span>
              <span className="min-w-0">
                {step.done ? (
                  <span className="text-gray-700 line-through decoration-gray-400 dark:text-gray-300">
                    {t(`setup.steps.${step.key}.label`)}
                  </span>
                ) : (
                  <Link
                    to={STEP_PATHS[step.key]}
                    className="font-medium text-primary-700 underline dark:text-primary-300"
                  >
                    {t(`setup.steps.${step.key}.label`)}
                  </Link>
                )}
                <span className="sr-only">{step.done ? t('setup.done') : t('setup.toDo')}</span>
                {step.done ? null : (
                  <span className="block text-sm text-gray-700 dark:text-gray-300">
                    {t(`setup.steps.${step.key}.hint`)}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ol>
      </section>
    </Card>
  );
};
