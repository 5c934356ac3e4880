import { useState } from 'react';
import type { MyAssignment } from '@ai-coaching/contracts';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '../../../components/ui/button';
import { SectionHeading } from '../../../components/ui/section-heading';
import { formatZonedDate } from '../../../lib/time-zones';
import { CheckboxField } from '../../../components/ui/choice-fields';
import { useMuteAssignmentReminders, useMyAssignments } from '../api/coaching-api';
import { COACHING_BASE, playlistPlayPath } from '../utils/coaching-kinds';

type Item = MyAssignment['items'][number];

const TONES: Record<MyAssignment['status'], string> = {
  not_started: 'bg-primary-100 text-primary-900 dark:bg-primary-900 dark:text-primary-100',
  in_progress: 'bg-primary-100 text-primary-900 dark:bg-primary-900 dark:text-primary-100',
  passed: 'bg-scoring-100 text-scoring-900 dark:bg-scoring-900 dark:text-scoring-100',
  failed: 'bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100',
  overdue: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  withdrawn: 'bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100',
};

const itemPath = (item: Item) =>
  item.kind === 'scenario' ? `${COACHING_BASE}/scenario/info-${item.id}` : playlistPlayPath(item.id);

/** The item to go on with: the first one open and not passed yet. */
const nextItem = (assignment: MyAssignment): Item | undefined =>
  assignment.items.find((item) => item.open && item.status !== 'passed' && item.status !== 'failed');

const ItemLine = ({ item }: { item: Item }) => {
  const { t } = useTranslation('coaching');
  const facts = [
    t(`assignments.itemStatus.${item.status}`),
    ...(item.score === null ? [] : [t('assignments.score', { score: Math.round(item.score) })]),
    ...(item.scenarios
      ? [t('assignments.scenarios', { passed: item.scenarios.passed, count: item.scenarios.total })]
      : []),
    ...(item.attempts_left === null || item.status === 'passed'
      ? []
      : [t('assignments.attemptsLeft', { count: item.attempts_left })]),
    ...(item.open ? [] : [t('assignments.locked')]),
  ];
  return (
    <li className="flex flex-col gap-0.5 py-2" data-testid="assignment-item" data-status={item.status}>
      <span className="font-medium break-words">{t(`assignments.kind.${item.kind}`, { name: item.name })}</span>
      <span className="text-sm text-gray-700 dark:text-gray-300">{facts.join(' · ')}</span>
    </li>
  );
};

/** Reminders by mail, on unless the learner turned them off (the first notice and the "passed" one always come). */
const RemindersChoice = ({ assignment }: { assignment: MyAssignment }) => {
  const { t } = useTranslation('coaching');
  const mute = useMuteAssignmentReminders();
  // The box shows the choice at once, not the old value until the list is read again.
  const [remind, setRemind] = useState<boolean | null>(null);
  return (
    <div>
      <CheckboxField
        label={t('assignments.reminders')}
        hint={t('assignments.remindersHint')}
        checked={remind ?? !assignment.reminders_muted}
        disabled={mute.isPending}
        onChange={(value) => {
          setRemind(value);
          mute.mutate({ id: assignment.id, muted: !value }, { onError: () => setRemind(null) });
        }}
      />
      {mute.isError ? (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {t('assignments.remindersFailed')}
        </p>
      ) : null}
    </div>
  );
};

const AssignmentCard = ({ assignment }: { assignment: MyAssignment }) => {
  const { t, i18n } = useTranslation('coaching');
  const due = formatZonedDate(assignment.due_at, assignment.time_zone, i18n.resolvedLanguage ?? 'en-GB');
  const next = nextItem(assignment);
  const headingId = `assignment-${assignment.id}`;
  const { passed, total } = assignment.progress;
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900"
      data-testid="assignment"
      data-status={assignment.status}
      aria-labelledby={headingId}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 text-base font-semibold break-words">
          {assignment.name}
        </h3>
        <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${TONES[assignment.status]}`}>
          {t(`assignments.status.${assignment.status}`)}
        </span>
      </div>
      <p className={`text-sm ${assignment.status === 'overdue' ? 'font-medium text-red-700 dark:text-red-400' : ''}`}>
        {t('assignments.due', { date: due })}
      </p>
      {assignment.message ? <p className="text-sm whitespace-pre-line">{assignment.message}</p> : null}
      <div>
        <p id={`${headingId}-progress`} className="text-sm">
          {t('assignments.progress', { passed, count: total })}
        </p>
        <div
          role="progressbar"
          aria-labelledby={`${headingId}-progress`}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={passed}
          className="mt-1 h-2 w-full overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
        >
          <div
            className="h-full bg-primary-700 dark:bg-primary-300"
            style={{ width: `${total === 0 ? 0 : (100 * passed) / total}%` }}
          />
        </div>
      </div>
      <ol className="divide-y divide-gray-200 dark:divide-gray-800">
        {assignment.items.map((item, index) => (
          <ItemLine key={`${item.kind}-${item.id}-${index}`} item={item} />
        ))}
      </ol>
      {next ? (
        <div>
          <Link to={itemPath(next)} className={buttonClassName('primary')}>
            {t('assignments.continue')}
            <span className="sr-only"> {assignment.name}</span>
          </Link>
        </div>
      ) : null}
      {assignment.certificate_id ? (
        <div>
          <Link to={`/certificates/${assignment.certificate_id}`} className={buttonClassName('secondary')}>
            {t('assignments.certificate')}
            <span className="sr-only"> {assignment.name}</span>
          </Link>
        </div>
      ) : null}
      {assignment.status === 'passed' || assignment.status === 'failed' ? null : (
        <RemindersChoice assignment={assignment} />
      )}
    </li>
  );
};

/**
 * The learner's assignments, first on their coaching home (issue 27): due soonest first, overdue in red, progress per
 * item and the way on. Nothing when they have none; withdrawn ones are left out.
 */
export const MyAssignments = () => {
  const { t } = useTranslation('coaching');
  const assignments = useMyAssignments();
  const shown = (assignments.data?.items ?? []).filter((assignment) => assignment.status !== 'withdrawn');
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="coaching-assignments" className="mb-8">
      <SectionHeading id="coaching-assignments" title={t('assignments.title')} className="mb-3" />
      <ul className="grid gap-4 lg:grid-cols-2">
        {shown.map((assignment) => (
          <AssignmentCard key={assignment.id} assignment={assignment} />
        ))}
      </ul>
    </section>
  );
};
