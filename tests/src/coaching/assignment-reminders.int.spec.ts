import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ASSIGNMENT_REMINDER_GRACE_MS,
  assignmentReminderJobId,
  remindAssignment,
  starterLibraryItemId,
} from '@ai-coaching/application';
import {
  apiClient,
  createTestOrganization,
  signInAs,
  startTestServer,
  type TestServer,
} from '@ai-coaching/api/testing';
import {
  assignmentLearnerOperations,
  myAssignmentOperations,
  programAssignmentOperations as assignments,
  userGroupOperations as groups,
  userOperations,
} from '@ai-coaching/contracts';
import type { AssignmentReminder } from '@ai-coaching/domain';
import { newId, shiftedClock } from '@ai-coaching/platform';
import {
  postgresAvailability,
  redisAvailability,
  separateRedisDatabaseUrl,
  TEST_DATABASE_URL,
  uniqueTestName,
} from '@ai-coaching/platform/testing';
import type { ParsedMail } from 'mailparser';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.js';
import { publishedProgram } from './program-fixtures.js';

// An assignment's reminders (issue 27, docs/programs.md "Notices") as BullMQ delayed jobs on Redis, against PostgreSQL:
// they fall on the assignment's clock across a change to summer time, reach the members of its group, skip a learner
// who muted them, and a restart of the process that runs the workers neither loses nor repeats one. The server runs on
// a clock set in March 2031, taken to each reminder's time; the queue then makes the waiting job due (`promote`), so
// the same job, worker and handler send it as they would at its time.

const postgres = await postgresAvailability();
const redis = await redisAvailability();
const available = postgres.available && redis.available;

const unique = (label: string) => `${label} ${newId().slice(-8)}`;
// Paris, due Tuesday 1 April 2031 at 18:00 CEST; clocks go forward on Sunday 30 March.
const DUE = '2031-04-01T16:00:00.000Z';
const REMINDER_AT: Record<AssignmentReminder, string> = {
  // Saturday 29 March at 18:00 CET: 71 hours before, the same wall time.
  due_in_3_days: '2031-03-29T17:00:00.000Z',
  // Monday 31 March at 18:00 CEST.
  due_tomorrow: '2031-03-31T16:00:00.000Z',
  overdue: DUE,
};
const SUBJECTS = {
  fr: { due_in_3_days: /^À terminer dans 3\u00a0jours/, due_tomorrow: /^À terminer demain/, overdue: /^En retard/ },
  en: { due_in_3_days: /^Due in 3 days/, due_tomorrow: /^Due tomorrow/, overdue: /^Overdue/ },
};
const DELIVERY_TIMEOUT_MS = 20_000;

describe.skipIf(!available)(
  `[COACHING]: assignment reminders on BullMQ, across summer time and a restart${available ? '' : ` (skipped: ${postgres.reason ?? redis.reason})`}`,
  () => {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    const database = uniqueTestName('aic_reminders').toLowerCase();
    const clock = shiftedClock(Date.parse('2031-03-20T09:00:00.000Z') - Date.now());
    let sink: SmtpSink;
    let server: TestServer;
    let env: Record<string, string>;
    let dataDir = '';
    const people = {
      organizationId: '',
      operator: '',
      assignmentId: '',
      programId: '',
      frEmail: '',
      enEmail: '',
      mutedEmail: '',
    };

    const start = () => startTestServer(env, { clock });
    const api = (token: string) => apiClient(server, token);
    const to = (address: string) => (mail: ParsedMail) =>
      mail.to !== undefined && JSON.stringify(mail.to).includes(address);
    /** The first mail to `address` whose subject matches, received or still to come. */
    const mailTo = (address: string, subject: RegExp) =>
      sink.waitFor((mail) => to(address)(mail) && subject.test(mail.subject ?? ''), DELIVERY_TIMEOUT_MS);
    const subjectsTo = (address: string) => sink.messages.filter(to(address)).map((mail) => mail.subject ?? '');
    /** The clock's lead on the system's (which BullMQ counts delays on) when the reminders were scheduled. */
    let leadWhenScheduled = 0;

    /** Takes the server to the reminder's time and makes its job due, checking the queue had it waiting for then. */
    const runReminder = async (reminder: AssignmentReminder) => {
      const at = Date.parse(REMINDER_AT[reminder]) + ASSIGNMENT_REMINDER_GRACE_MS;
      leadWhenScheduled ||= clock.now().getTime() - Date.now();
      clock.shift(at - clock.now().getTime());
      const promoted = await server.platform.queue.promote(assignmentReminderJobId(people.assignmentId, reminder, DUE));
      expect(promoted, `the ${reminder} job waits in the queue`).toBeDefined();
      // Due at the reminder's instant on the server's clock (the system's plus its lead then), within a scheduling's ms.
      expect(Math.abs(promoted!.dueAt.getTime() + leadWhenScheduled - at)).toBeLessThan(2000);
    };

    beforeAll(async () => {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${database}`);
      const url = new URL(TEST_DATABASE_URL);
      url.pathname = `/${database}`;
      sink = await startSmtpSink();
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'aic-reminders-'));
      env = {
        DATABASE_URL: url.toString(),
        REDIS_URL: separateRedisDatabaseUrl(),
        DATA_DIR: dataDir,
        SMTP_URL: sink.url,
        PUBLIC_URL: 'http://app.test',
      };
      server = await start();

      const organizationId = await createTestOrganization(server, unique('Acme'));
      people.organizationId = organizationId;
      people.operator = (await signInAs(server, { role: 'operator', organizationId })).token;
      const french = await signInAs(server, { role: 'user', organizationId });
      const english = await signInAs(server, { role: 'user', organizationId });
      const muted = await signInAs(server, { role: 'user', organizationId });
      Object.assign(people, { frEmail: french.email, enEmail: english.email, mutedEmail: muted.email });
      await api(people.operator).call(userOperations.update, {
        params: { id: french.userId },
        body: { locale: 'fr-FR' },
      });
      const group = await api(people.operator).call(groups.create, {
        body: { name: unique('Sales'), organization_id: organizationId },
      });
      for (const member of [french, muted]) {
        await api(people.operator).call(groups.addMember, {
          params: { user_group_id: group.body.id! },
          body: { user_id: member.userId },
        });
      }
      people.programId = await publishedProgram(server, people.operator, {
        name: 'Onboarding',
        items: [{ scenario_id: starterLibraryItemId('scenario', 'price', 'en-GB') }],
      });
      const assigned = await api(people.operator).send(
        'POST',
        assignments.create.path.replace(':id', people.programId),
        {
          body: {
            assignees: [{ user_group_id: group.body.id! }],
            due_at: '2031-04-01T18:00:00+02:00',
            time_zone: 'Europe/Paris',
          },
        },
      );
      expect(assigned.status).toBe(201);
      people.assignmentId = (assigned.body as { id: string }).id;

      // The English learner joins the group after the assignment: the reminders reach them too.
      await api(people.operator).call(groups.addMember, {
        params: { user_group_id: group.body.id! },
        body: { user_id: english.userId },
      });
      // The third learner mutes the reminders; the first notice came all the same.
      const mutedAnswer = await api(muted.token).call(myAssignmentOperations.muteReminders, {
        params: { id: people.assignmentId },
        body: { muted: true },
      });
      expect(mutedAnswer.status).toBe(200);
      expect(mutedAnswer.body.reminders_muted).toBe(true);
      await sink.waitFor(to(muted.email), DELIVERY_TIMEOUT_MS);
    }, 180_000);

    afterAll(async () => {
      await server?.close({ keepData: true });
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
      await sink?.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('sends "due in 3 days" at 18:00 Paris time on Saturday, in each learner’s language, never to one who muted it', async () => {
      await runReminder('due_in_3_days');
      const french = await mailTo(people.frEmail, SUBJECTS.fr.due_in_3_days);
      expect(french.text).toMatch(/avant le mardi,? 1 avril 2031 à 18:00 UTC\+2/);
      await mailTo(people.enEmail, SUBJECTS.en.due_in_3_days);
      // The managers see who was reminded.
      const remindedOf = async () => {
        const learners = await api(people.operator).call(assignmentLearnerOperations.list, {
          params: { id: people.programId, assignment_id: people.assignmentId },
          query: {},
        });
        return Object.fromEntries(
          learners.body.items.map((learner) => [learner.email, learner.reminders_sent.map((sent) => sent.reminder)]),
        );
      };
      await expect.poll(remindedOf, { timeout: DELIVERY_TIMEOUT_MS }).toEqual({
        [people.frEmail]: ['due_in_3_days'],
        [people.enEmail]: ['due_in_3_days'],
        [people.mutedEmail]: [],
      });
      // Run again (a retry, a second worker): nobody is reminded twice.
      const again = await remindAssignment(
        server.platform,
        {
          organizationId: people.organizationId,
          assignmentId: people.assignmentId,
          reminder: 'due_in_3_days',
          dueAt: DUE,
        },
        { causationId: 'again' },
      );
      expect(again).toEqual({ reminded: 0 });
    }, 60_000);

    it('after a restart of the workers, sends "due tomorrow" at 18:00 summer time, and nothing already sent again', async () => {
      await server.close({ keepData: true });
      // The restart's catch-up schedules every reminder again: those queued already are not doubled.
      server = await start();
      await runReminder('due_tomorrow');
      await mailTo(people.frEmail, SUBJECTS.fr.due_tomorrow);
      await mailTo(people.enEmail, SUBJECTS.en.due_tomorrow);

      await runReminder('overdue');
      await mailTo(people.frEmail, SUBJECTS.fr.overdue);
      await mailTo(people.enEmail, SUBJECTS.en.overdue);
      // Once more, nothing is waiting, and each learner got each reminder once.
      await server.close({ keepData: true });
      server = await start();
      expect(
        await server.platform.queue.promote(assignmentReminderJobId(people.assignmentId, 'overdue', DUE)),
      ).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const kinds = (address: string, subjects: Record<AssignmentReminder, RegExp>) =>
        subjectsTo(address)
          .map((subject) => Object.entries(subjects).find(([, pattern]) => pattern.test(subject))?.[0])
          .filter((kind) => kind !== undefined);
      expect(kinds(people.frEmail, SUBJECTS.fr)).toEqual(['due_in_3_days', 'due_tomorrow', 'overdue']);
      expect(kinds(people.enEmail, SUBJECTS.en)).toEqual(['due_in_3_days', 'due_tomorrow', 'overdue']);
      expect(kinds(people.mutedEmail, SUBJECTS.en)).toEqual([]);
    }, 120_000);
  },
);
