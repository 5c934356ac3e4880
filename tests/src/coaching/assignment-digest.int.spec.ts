import {
  assignmentDigestJob,
  sendAssignmentDigests,
  starterLibraryItemId,
  startUpJobs,
} from '@ai-coaching/application';
import { describeApi } from '@ai-coaching/api/testing';
import {
  notificationSettingsOperations as settings,
  programAssignmentOperations as assignments,
  userOperations,
} from '@ai-coaching/contracts';
import { newId, shiftedClock, type JobQueue } from '@ai-coaching/platform';
import { workerJobs, type WorkerDeps } from '@ai-coaching/workers';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.js';
import { criterion, seedSession } from './coaching-dashboard-fixtures.js';
import { publishedProgram } from './program-fixtures.js';

// The managers' weekly digest (issue 27, docs/programs.md "Weekly digest"), on PostgreSQL with a clock set in March
// 2031: on Monday from 08:00 UTC, each organization's operators and editors are mailed its assignments with overdue
// learners, in their language, once a week; one who opted out and a learner never. The digest is run by calling the
// application's function with the server's services, as the hourly job does.

const unique = (label: string) => `${label} ${newId().slice(-8)}`;
const price = starterLibraryItemId('scenario', 'price', 'en-GB');
/** Sunday 16 March 2031: the assignments are made, and fall due at noon UTC (13:00 in Paris). */
const SUNDAY = '2031-03-16T10:00:00.000Z';
const DUE = '2031-03-16T12:00:00.000Z';
const DELIVERY_TIMEOUT_MS = 20_000;
const EN_SUBJECT = 'Overdue assignments: 1 learner in 1 program';
const FR_SUBJECT = 'Assignations en retard\u00a0: 1\u00a0apprenant dans 1\u00a0programme';

let sink: SmtpSink;
const clock = shiftedClock(Date.parse(SUNDAY) - Date.now());
const setClock = (iso: string) => clock.shift(Date.parse(iso) - clock.now().getTime());

await describeApi(
  '[COACHING]: the managers’ weekly digest of overdue assignments',
  (context) => {
    const { api } = context;
    const people = {
      operator: { email: '', token: '' },
      editor: { email: '' },
      optedOut: { email: '' },
      learner: { email: '', token: '' },
      otherOperator: { email: '' },
      programId: '',
    };
    const to = (address: string) => (mail: ParsedMail) => JSON.stringify(mail.to ?? '').includes(address);
    const digestsTo = (address: string) =>
      sink.messages.filter(
        (mail) => to(address)(mail) && /^(Overdue assignments|Assignations en retard)/.test(mail.subject ?? ''),
      );
    const waitForDigests = (address: string, count: number) =>
      expect.poll(() => digestsTo(address).length, { timeout: DELIVERY_TIMEOUT_MS }).toBe(count);
    const digest = () => sendAssignmentDigests(context.server.platform, { correlationId: `digest-test-${newId()}` });

    /** A published one-scenario program of the organization, assigned to the learners, due on Sunday at noon UTC. */
    const assignOverdue = async (operator: string, learnerIds: string[]) => {
      const programId = await publishedProgram(context.server, operator, {
        name: 'Price talk basics',
        items: [{ scenario_id: price }],
      });
      const assigned = await api(operator).send('POST', assignments.create.path.replace(':id', programId), {
        body: { assignees: learnerIds.map((user_id) => ({ user_id })), due_at: DUE, time_zone: 'Europe/Paris' },
      });
      expect(assigned.status).toBe(201);
      return programId;
    };

    beforeAll(async () => {
      const acme = await context.tenant({
        name: unique('Acme'),
        members: {
          operator: { role: 'operator', firstName: 'Olga', lastName: 'Operator' },
          editor: { role: 'editor', firstName: 'Edith', lastName: 'Editor' },
          optedOut: { role: 'editor', firstName: 'Omar', lastName: 'Optout' },
          learner: { role: 'user', firstName: 'Ada', lastName: 'Late' },
          passed: { role: 'user', firstName: 'Paul', lastName: 'Passed' },
        },
      });
      Object.assign(people, {
        operator: acme.operator,
        editor: acme.editor,
        optedOut: acme.optedOut,
        learner: acme.learner,
      });
      await api(acme.operator.token).call(userOperations.update, {
        params: { id: acme.editor.userId },
        body: { locale: 'fr-FR' },
      });
      people.programId = await assignOverdue(acme.operator.token, [acme.learner.userId, acme.passed.userId]);
      // Paul passes (100 on the only item) before the due date; Ada plays nothing.
      await seedSession(context.server, {
        organizationId: acme.organizationId,
        userId: acme.passed.userId,
        scenarioId: price,
        startedAt: '2031-03-16T10:30:00.000Z',
        ended: { status: 'end', captured: 1 },
        reports: [[criterion('Discovery', '1_5', 1, 5)]],
      });
      // Omar turns the digest off; the learner may set it too, and it changes nothing for them.
      const off = await api(acme.optedOut.token).call(settings.update, { body: { weekly_digest: false } });
      expect(off.body).toEqual({ weekly_digest: false });
      const learnerOn = await api(acme.learner.token).call(settings.update, { body: { weekly_digest: true } });
      expect(learnerOn.body).toEqual({ weekly_digest: true });

      const beta = await context.tenant({
        name: unique('Beta'),
        members: {
          operator: { role: 'operator' },
          learner: { role: 'user', firstName: 'Bruno', lastName: 'Beta' },
        },
      });
      people.otherOperator = beta.operator;
      await assignOverdue(beta.operator.token, [beta.learner.userId]);
    }, 120_000);

    afterAll(async () => {
      await sink?.close();
    });

    it('answers each user’s setting, on by default, and refuses an empty change or an unknown field', async () => {
      expect((await api(people.operator.token).call(settings.read, {})).body).toEqual({ weekly_digest: true });
      expect((await api(people.learner.token).call(settings.read, {})).body).toEqual({ weekly_digest: true });
      const empty = await api(people.operator.token).send('PATCH', settings.update.path, { body: {} });
      expect(empty.status).toBe(400);
      const unknown = await api(people.operator.token).send('PATCH', settings.update.path, {
        body: { weekly_digest: true, daily: true },
      });
      expect(unknown.status).toBe(400);
      expect((await api().send('GET', settings.read.path)).status).toBe(401);
    });

    it('is registered at every start as an hourly repeat, bound to its handler', async () => {
      const repeats: { id: string; schedulerId: string; everyMs: number }[] = [];
      const queue: JobQueue = {
        ...context.server.platform.queue,
        repeat: async (definition, _payload, options) => {
          repeats.push({ id: definition.id, ...options });
        },
      };
      await startUpJobs({ ...context.server.platform, queue });
      expect(repeats).toContainEqual({
        id: 'coaching.assignment.digest',
        schedulerId: 'coaching-assignment-digest',
        everyMs: 60 * 60 * 1000,
      });
      const bindings = workerJobs(context.server.platform as unknown as WorkerDeps);
      expect(bindings.map((binding) => binding.definition.id)).toContain(assignmentDigestJob.id);
    });

    it('sends nothing before Monday 08:00 UTC', async () => {
      setClock('2031-03-17T07:59:00.000Z');
      expect(await digest()).toEqual({ sent: 0 });
    });

    it('on Monday from 08:00 UTC, mails the operator and editors who want it the overdue learners, in their language', async () => {
      setClock('2031-03-17T08:30:00.000Z');
      // Acme's operator and French editor, Beta's operator: not Omar, who opted out, and no learner.
      expect(await digest()).toEqual({ sent: 3 });
      await waitForDigests(people.operator.email, 1);
      await waitForDigests(people.editor.email, 1);
      await waitForDigests(people.otherOperator.email, 1);

      const [english] = digestsTo(people.operator.email);
      expect(english!.subject).toBe(EN_SUBJECT);
      expect(english!.text).toMatch(/“Price talk basics”, due by Sunday,? 16 March 2031 at 13:00 CET/);
      expect(english!.text).toContain('Learners overdue: 1 of 2\nAda Late\n');
      expect(english!.text).toContain(`http://app.test/apps/ai-coaching/program/edit/${people.programId}`);
      // Not the learner who passed, nor another organization's.
      expect(english!.text).not.toContain('Paul Passed');
      expect(english!.text).not.toContain('Bruno Beta');

      const [french] = digestsTo(people.editor.email);
      expect(french!.subject).toBe(FR_SUBJECT);
      expect(french!.text).toMatch(/à terminer avant le dimanche,? 16 mars 2031 à 13:00 UTC\+1/);
      expect(french!.text).toContain('Apprenants en retard\u00a0: 1 sur 2\nAda Late\n');

      const [beta] = digestsTo(people.otherOperator.email);
      expect(beta!.text).toContain('Bruno Beta');
      expect(beta!.text).not.toContain('Ada Late');
    }, 60_000);

    it('sends nothing more that week, to nobody who opted out, and never to a learner', async () => {
      setClock('2031-03-17T09:30:00.000Z');
      expect(await digest()).toEqual({ sent: 0 });
      setClock('2031-03-20T15:00:00.000Z');
      expect(await digest()).toEqual({ sent: 0 });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(digestsTo(people.operator.email)).toHaveLength(1);
      expect(digestsTo(people.editor.email)).toHaveLength(1);
      expect(digestsTo(people.optedOut.email)).toHaveLength(0);
      expect(digestsTo(people.learner.email)).toHaveLength(0);
    });

    it('sends again the next week, while the learner is still overdue', async () => {
      setClock('2031-03-24T08:05:00.000Z');
      expect(await digest()).toEqual({ sent: 3 });
      await waitForDigests(people.operator.email, 2);
      await waitForDigests(people.editor.email, 2);
      expect(digestsTo(people.optedOut.email)).toHaveLength(0);
      expect(digestsTo(people.learner.email)).toHaveLength(0);
    }, 60_000);
  },
  {
    engines: 'one',
    env: async () => ({ SMTP_URL: (sink = await startSmtpSink()).url, PUBLIC_URL: 'http://app.test' }),
    server: { clock },
  },
);
