import { LEARNER_ASSIGNMENT_STATUSES, type AssignmentLearner, type ProgramAssignment } from '@ai-coaching/contracts';
import { zonedTimeToInstant } from '@ai-coaching/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckboxGroup } from '../../../components/ui/choice-fields';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/http/api-error';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { saveTextFile } from '../../../lib/save-text-file';
import { browserTimeZone, formatZonedDate, timeZoneChoices } from '../../../lib/time-zones';
import { useToast } from '../../../components/ui/toast';
import {
  useAssignableGroups,
  useAssignableUsers,
  useAssignmentCsv,
  useAssignmentLearners,
  useAssignProgram,
  useGrantAttempt,
  useProgramAssignments,
  useWithdrawAssignment,
  type AssignBody,
} from '../api/program-assignments-api';

// A published program's assignments, on its page (issue 27, docs/programs.md): assign it to groups and people with a
// due date on a time zone's clock, then follow each learner, filter them, export them, or withdraw the assignment.

const AssignForm = ({ programId }: { programId: string }) => {
  const { t } = useTranslation('coaching');
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const id = useId();
  const groups = useAssignableGroups();
  const users = useAssignableUsers();
  const assign = useAssignProgram(programId);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [userIds, setUserIds] = useState<string[]>([]);
  const [due, setDue] = useState('');
  const [timeZone, setTimeZone] = useState(browserTimeZone);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (groupIds.length + userIds.length === 0) local['assignees'] = t('assign.chooseSomeone');
    const dueAt = zonedTimeToInstant(due, timeZone);
    if (!dueAt) local['due_at'] = t('assign.chooseDue');
    setErrors(local);
    setFormError(null);
    if (Object.keys(local).length > 0 || !dueAt) return;
    const body: AssignBody = {
      assignees: [
        ...groupIds.map((groupId) => ({ user_group_id: groupId })),
        ...userIds.map((userId) => ({ user_id: userId })),
      ],
      due_at: dueAt,
      time_zone: timeZone,
      ...(message.trim() ? { message: message.trim() } : {}),
    };
    try {
      await assign.mutateAsync(body);
      toast.show(t('assign.done'));
      setGroupIds([]);
      setUserIds([]);
      setMessage('');
    } catch (error) {
      // The API's field issues next to their fields; anything else above the button.
      const issues = isApiError(error) ? error.issues : [];
      const fields = Object.fromEntries(
        issues
          .filter((issue) => ['assignees', 'due_at', 'time_zone', 'message'].includes(issue.path.split('.')[0]!))
          .map((issue) => [issue.path.split('.')[0]!, issue.message]),
      );
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(errorMessage(error));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4" aria-labelledby={id}>
      <h3 id={id} className="text-base font-semibold">
        {t('assign.title')}
      </h3>
      <CheckboxGroup
        legend={t('assign.groups')}
        options={(groups.data?.items ?? [])
          .filter((group) => group.status === 'active')
          .map((group) => ({ value: group.id, label: group.name }))}
        value={groupIds}
        onChange={setGroupIds}
        error={errors['assignees'] ?? null}
      />
      <CheckboxGroup
        legend={t('assign.people')}
        options={(users.data?.items ?? [])
          .filter((user) => user.status !== 'disabled')
          .map((user) => ({
            value: user.id,
            label: [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email,
          }))}
        value={userIds}
        onChange={setUserIds}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('assign.due')}
          type="datetime-local"
          required
          value={due}
          onChange={(event) => setDue(event.target.value)}
          error={errors['due_at'] ?? null}
        />
        <SelectField
          label={t('assign.timeZone')}
          value={timeZone}
          options={timeZoneChoices().map((zone) => ({ value: zone, label: zone }))}
          onChange={(event) => setTimeZone(event.target.value)}
          error={errors['time_zone'] ?? null}
        />
      </div>
      <TextAreaField
        label={t('assign.message')}
        hint={t('assign.messageHint')}
        rows={3}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        error={errors['message'] ?? null}
      />
      {formError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {formError}
        </p>
      ) : null}
      <div>
        <Button type="submit" loading={assign.isPending}>
          {t('assign.submit')}
        </Button>
      </div>
    </form>
  );
};

/** Which reminders reached the learner, the last one named; or that they muted them. */
const RemindersSent = ({ learner }: { learner: AssignmentLearner }) => {
  const { t } = useTranslation('coaching');
  const last = learner.reminders_sent.at(-1);
  const facts = [
    ...(last
      ? [
          t('assign.remindersSent', {
            count: learner.reminders_sent.length,
            last: t(`assign.reminder.${last.reminder}`),
          }),
        ]
      : []),
    ...(learner.reminders_muted ? [t('assign.remindersMuted')] : []),
  ];
  if (facts.length === 0) return null;
  return <span className="w-full text-xs text-gray-700 dark:text-gray-300">{facts.join(' · ')}</span>;
};

/** For each item the learner failed (no attempt left), one more attempt: the item is in progress again. */
const GrantAttempts = ({
  programId,
  assignmentId,
  learner,
}: {
  programId: string;
  assignmentId: string;
  learner: AssignmentLearner;
}) => {
  const { t } = useTranslation('coaching');
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const grant = useGrantAttempt(programId, assignmentId);
  const name = [learner.first_name, learner.last_name].filter(Boolean).join(' ') || learner.email;
  const failed = learner.items.flatMap((item, index) => (item.status === 'failed' ? [index] : []));
  if (failed.length === 0) return null;
  return (
    <span className="flex w-full flex-wrap gap-2">
      {failed.map((itemIndex) => (
        <Button
          key={itemIndex}
          variant="secondary"
          loading={grant.isPending && grant.variables?.itemIndex === itemIndex}
          onClick={() =>
            grant.mutate(
              { userId: learner.user_id, itemIndex },
              {
                onSuccess: () => toast.show(t('assign.attemptGranted', { name, item: itemIndex + 1 })),
                onError: (error) => toast.show(errorMessage(error), 'error'),
              },
            )
          }
        >
          {t('assign.grantAttempt', { item: itemIndex + 1 })}
          <span className="sr-only"> — {name}</span>
        </Button>
      ))}
    </span>
  );
};

const Learners = ({ programId, assignment }: { programId: string; assignment: ProgramAssignment }) => {
  const { t } = useTranslation('coaching');
  const [status, setStatus] = useState<AssignmentLearner['status'] | ''>('');
  const [groupId, setGroupId] = useState('');
  const groups = useAssignableGroups();
  const learners = useAssignmentLearners(programId, assignment.id, { status, groupId });
  const csv = useAssignmentCsv(programId, assignment.id);
  const download = async () => {
    const file = await csv.mutateAsync({ status, groupId });
    saveTextFile(await file.text(), `assignment-${assignment.id}.csv`, 'text/csv');
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SelectField
          label={t('assign.filterStatus')}
          value={status}
          options={[
            { value: '', label: t('assign.everyone') },
            ...LEARNER_ASSIGNMENT_STATUSES.map((value) => ({ value, label: t(`assignments.status.${value}`) })),
          ]}
          onChange={(event) => setStatus(event.target.value as AssignmentLearner['status'] | '')}
        />
        <SelectField
          label={t('assign.filterGroup')}
          value={groupId}
          options={[
            { value: '', label: t('assign.allGroups') },
            ...(groups.data?.items ?? []).map((group) => ({ value: group.id, label: group.name })),
          ]}
          onChange={(event) => setGroupId(event.target.value)}
        />
        <Button variant="secondary" loading={csv.isPending} onClick={() => void download()}>
          {t('assign.csv')}
        </Button>
      </div>
      {learners.data && learners.data.items.length > 0 ? (
        <ul className="divide-y divide-gray-200 dark:divide-gray-800" aria-label={t('assign.learners')}>
          {learners.data.items.map((learner) => (
            <li
              key={learner.user_id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2"
              data-testid="assignment-learner"
              data-status={learner.status}
            >
              <span className="min-w-0 break-words">
                <span className="font-medium">
                  {[learner.first_name, learner.last_name].filter(Boolean).join(' ') || learner.email}
                </span>{' '}
                <span className="text-sm text-gray-700 dark:text-gray-300">{learner.email}</span>
              </span>
              <span
                className={`text-sm ${learner.status === 'overdue' ? 'font-medium text-red-700 dark:text-red-400' : ''}`}
              >
                {t(`assignments.status.${learner.status}`)} ·{' '}
                {t('assignments.progress', { passed: learner.progress.passed, count: learner.progress.total })}
              </span>
              <RemindersSent learner={learner} />
              <GrantAttempts programId={programId} assignmentId={assignment.id} learner={learner} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-700 dark:text-gray-300">{t('assign.noLearners')}</p>
      )}
    </div>
  );
};

const AssignmentEntry = ({ programId, assignment }: { programId: string; assignment: ProgramAssignment }) => {
  const { t, i18n } = useTranslation('coaching');
  const withdraw = useWithdrawAssignment(programId);
  const groups = assignment.assignees.filter((assignee) => 'user_group_id' in assignee).length;
  const people = assignment.assignees.length - groups;
  const due = formatZonedDate(assignment.due_at, assignment.time_zone, i18n.resolvedLanguage ?? 'en-GB');
  return (
    <li className="flex flex-col gap-3 py-4" data-testid="program-assignment" data-status={assignment.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-medium">{t('assignments.due', { date: due })}</p>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {t('assign.reach', { groups, people })}
            {assignment.status === 'withdrawn' ? ` · ${t('assignments.status.withdrawn')}` : ''}
          </p>
          {assignment.message ? <p className="mt-1 text-sm whitespace-pre-line">{assignment.message}</p> : null}
        </div>
        {assignment.status === 'active' ? (
          <ConfirmAction
            label={t('assign.withdraw')}
            srContext={due}
            title={t('assign.withdrawTitle')}
            body={t('assign.withdrawBody')}
            confirmLabel={t('assign.withdraw')}
            doneMessage={t('assign.withdrawn')}
            action={() => withdraw.mutateAsync(assignment.id)}
          />
        ) : null}
      </div>
      <Learners programId={programId} assignment={assignment} />
    </li>
  );
};

/** On a published program's page, for those who may assign it. */
export const ProgramAssignments = ({ programId }: { programId: string }) => {
  const { t } = useTranslation('coaching');
  const assignments = useProgramAssignments(programId);
  const items = assignments.data?.items ?? [];
  return (
    <Card title={t('assign.section')} titleId="program-assignments" className="mt-6">
      <div className="flex flex-col gap-6">
        <AssignForm programId={programId} />
        {items.length > 0 ? (
          <ul className="divide-y divide-gray-200 border-t border-gray-200 dark:divide-gray-800 dark:border-gray-800">
            {items.map((assignment) => (
              <AssignmentEntry key={assignment.id} programId={programId} assignment={assignment} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-gray-700 dark:text-gray-300">{t('assign.none')}</p>
        )}
      </div>
    </Card>
  );
};
