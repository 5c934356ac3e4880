import { createTestOrganization, describeApi, signInAs, unique } from '@ai-coaching/api/testing';
import {
  backgroundJobOperations as jobs,
  userGroupOperations as groups,
  userImportOperations as op,
  type UserImport,
} from '@ai-coaching/contracts';
import { newId } from '@ai-coaching/platform';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.js';

const APP = 'http://app.test';
const recipient = (email: string) => (message: { to?: unknown }) => JSON.stringify(message.to).includes(email);
const FRENCH = { 'Accept-Language': 'fr-FR' };

let sink: SmtpSink;

await describeApi(
  '[USERS]: bulk import of users from a CSV file',
  (context) => {
    const { api } = context;
    const a = { organizationId: '', operator: '', learnerEmail: '', groupName: '' };
    const b = { organizationId: '', operator: '', learnerEmail: '' };
    const address = (label: string) => `${label}-${newId().slice(-10)}@import.test`;

    beforeAll(async () => {
      a.organizationId = await createTestOrganization(context.server, unique('Importers'));
      a.operator = (await signInAs(context.server, { role: 'operator', organizationId: a.organizationId })).token;
      a.learnerEmail = (
        await signInAs(context.server, {
          role: 'user',
          organizationId: a.organizationId,
          firstName: 'Ada',
          lastName: 'Lovelace',
        })
      ).email;
      a.groupName = unique('Sales');
      const group = await api(a.operator).call(groups.create, {
        body: { name: a.groupName, organization_id: a.organizationId },
      });
      expect(group.status).toBe(201);
      b.organizationId = await createTestOrganization(context.server, unique('Others'));
      b.operator = (await signInAs(context.server, { role: 'operator', organizationId: b.organizationId })).token;
      b.learnerEmail = (await signInAs(context.server, { role: 'user', organizationId: b.organizationId })).email;
    }, 120_000);
    afterAll(async () => {
      await sink?.close();
    });

    const plan = (token: string, csv: string, headers?: Record<string, string>) =>
      api(token).call(op.create, { body: { csv, file_name: 'people.csv' } }, headers ? { headers } : {});

    const finished = async (token: string, id: string) => {
      let read: UserImport | undefined;
      await expect
        .poll(
          async () => {
            const answer = await api(token).call(op.read, { params: { id } });
            read = answer.status === 200 ? answer.body : undefined;
            return read?.status;
          },
          { timeout: 60_000, interval: 200 },
        )
        .toMatch(/^(completed|failed)$/);
      return read!;
    };

    it('plans a file, runs it as a job on confirmation, invites by mail and answers the result as CSV', async () => {
      const newcomer = address('grace');
      const csv = [
        '\uFEFFemail,first_name,last_name,role,groups',
        `${newcomer},Grace,Hopper,editor,${a.groupName}`,
        `${a.learnerEmail},Augusta,,,"${a.groupName}"`,
        `${b.learnerEmail},Someone,Else,user,`,
        `${address('boss')},Big,Boss,super-admin,`,
        `${address('lost')},Lost,Group,user,Nowhere`,
      ].join('\r\n');
      const planned = await plan(a.operator, csv);
      expect(planned.status).toBe(201);
      expect(planned.body).toMatchObject({
        status: 'planned',
        delimiter: ',',
        file_name: 'people.csv',
        job_id: null,
        counts: { create: 1, update: 1, skip: 1, error: 2 },
      });
      const rows = planned.body.rows;
      expect(rows.map((row) => [row.line, row.action])).toEqual([
        [2, 'create'],
        [3, 'update'],
        [4, 'skip'],
        [5, 'error'],
        [6, 'error'],
      ]);
      expect(rows[1]).toMatchObject({ first_name: 'Augusta', last_name: 'Lovelace', groups: [a.groupName] });
      // Another organization's account: skipped, and nothing says which organization.
      expect(rows[2]).toMatchObject({
        reason: 'Another account already uses this address; the import leaves it alone.',
      });
      expect(JSON.stringify(rows[2])).not.toContain(b.organizationId);
      expect(rows[3]!.errors).toEqual([
        { column: 'role', code: 'import_role_not_assignable', message: 'You cannot grant the role super-admin.' },
      ]);
      expect(rows[4]!.errors).toEqual([
        {
          column: 'groups',
          code: 'import_group_unknown',
          message: 'There is no group named “Nowhere”: create it first, or correct the name.',
        },
      ]);

      // Another organization's operator sees nothing of it.
      expect((await api(b.operator).call(op.read, { params: { id: planned.body.id } })).status).toBe(404);
      expect((await api(b.operator).call(op.confirm, { params: { id: planned.body.id } })).status).toBe(404);
      expect((await api(b.operator).send('GET', `/v1/user_imports/${planned.body.id}/result.csv`)).status).toBe(404);

      const confirmed = await api(a.operator).call(op.confirm, { params: { id: planned.body.id } });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.job_id).toEqual(expect.any(String));
      const again = await api(a.operator).call(op.confirm, { params: { id: planned.body.id } });
      expect(again.body.job_id).toBe(confirmed.body.job_id);

      const done = await finished(a.operator, planned.body.id);
      expect(done).toMatchObject({ status: 'completed', progress: 100 });
      expect(done.rows.map((row) => row.outcome)).toEqual(['succeeded', 'succeeded', null, null, null]);
      const job = await api(a.operator).call(jobs.read, { params: { id: confirmed.body.job_id! } });
      expect(job.body).toMatchObject({ kind: 'identity.user-import', total: 2, succeeded: 2, progress: 100 });
      expect((await api(b.operator).call(jobs.read, { params: { id: confirmed.body.job_id! } })).status).toBe(404);

      const mail = await sink.waitFor(recipient(newcomer), 20_000);
      expect(mail.text).toContain(`${APP}/activate?code=`);

      const members = await api(a.operator).call(groups.list, { query: { q: a.groupName } });
      expect(members.body.items[0]).toMatchObject({ name: a.groupName, member_count: 2 });

      const result = await api(a.operator).send<string>('GET', `/v1/user_imports/${planned.body.id}/result.csv`);
      expect(result.status).toBe(200);
      expect(result.headers.get('content-type')).toContain('text/csv');
      const lines = result.body.trim().split('\r\n');
      expect(lines[0]).toBe('line,email,first_name,last_name,role,groups,action,outcome,message');
      expect(lines[1]).toBe(`2,${newcomer},Grace,Hopper,editor,${a.groupName},create,succeeded,`);
      expect(lines[4]).toContain('error,failed,You cannot grant the role super-admin.');
    });

    it('reads French headers and `;`, and says each row’s problem in French', async () => {
      const csv = ['Adresse e-mail;Prénom;Nom;Rôle;Groupes', `${address('x')};Xavier;;opérateur;Inconnu`].join('\n');
      const planned = await plan(a.operator, csv, FRENCH);
      expect(planned.status).toBe(201);
      expect(planned.body.delimiter).toBe(';');
      expect(planned.body.rows[0]!.errors.map((error) => error.message)).toEqual([
        'Aucun groupe ne s’appelle «\u00a0Inconnu\u00a0»\u00a0: créez-le d’abord, ou corrigez le nom.',
        'Un nouvel utilisateur a besoin d’un nom.',
      ]);
    });

    it('refuses what is not a file of people with a clear 4xx, and callers without the permission', async () => {
      const refused = async (csv: string, status: number, code: string) => {
        const answer = await plan(a.operator, csv);
        expect([answer.status, answer.body && 'code' in answer.body ? answer.body.code : null]).toEqual([status, code]);
      };
      await refused('email,first_name\r\n', 400, 'user_import_empty');
      await refused('name,surname\r\nAda,Lovelace\r\n', 400, 'user_import_columns_missing');
      await refused('email\r\n"unclosed@x.test\r\n', 400, 'user_import_csv_invalid');
      await refused(`email\r\n${'a@b.test\r\n'.repeat(1001)}`, 400, 'user_import_too_many_rows');
      await refused(`email\r\n${'x'.repeat(600 * 1024)}\r\n`, 413, 'user_import_too_large');
      const french = await plan(a.operator, 'email\r\n', FRENCH);
      expect(french.body).toMatchObject({
        code: 'user_import_empty',
        message: 'Le fichier n’a aucune ligne à importer\u00a0: une ligne d’en-tête, puis une ligne par personne.',
      });
      const editor = await signInAs(context.server, { role: 'editor', organizationId: a.organizationId });
      expect((await plan(editor.token, `email\r\n${address('e')}\r\n`)).status).toBe(403);
    });
  },
  {
    env: async () => {
      sink = await startSmtpSink();
      return { SMTP_URL: sink.url, PUBLIC_URL: APP };
    },
  },
);
