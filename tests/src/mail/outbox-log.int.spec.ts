import { apiClient, createTestOrganization, createTestUser, describeApi, signInAs } from '@ai-coaching/api/testing';
import { authOperations, userOperations } from '@ai-coaching/contracts';
import { type InProcessJobQueue, newId } from '@ai-coaching/platform';
import { expect, it } from 'vitest';

// Issue 22, item 7: in outbox mode the log printed each mail's text, so invitation and reset codes, live, went
// wherever the logs go.

const lines: string[] = [];

await describeApi(
  "[MAIL]: the outbox's log lines",
  (context) => {
    /** The code in the link of the newest mail to `to`, as the outbox keeps it. */
    const codeMailedTo = async (to: string, parameter: string): Promise<string> => {
      const { rows } = await context.server.platform.db.query<{ text_body: string }>(
        'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1',
        [to],
      );
      const link = /https?:\/\/\S+/.exec(rows[0]?.text_body ?? '')?.[0];
      expect(link, `no mail to ${to}`).toBeDefined();
      const code = new URL(link!).searchParams.get(parameter);
      expect(code).toMatch(/^[\w-]{40,}$/);
      return code!;
    };

    it('says where to read an invitation and a reset, never their codes or links', async () => {
      expect(context.server.platform.mailer.kind).toBe('outbox');
      const organizationId = await createTestOrganization(context.server);
      const operator = await signInAs(context.server, { role: 'operator', organizationId });
      const invited = `invited-${newId().slice(-12)}@outbox.test`;
      const invitation = await apiClient(context.server, operator.token).call(userOperations.invite, {
        body: {
          first_name: 'Ines',
          last_name: 'Invited',
          email: invited,
          organization_id: organizationId,
          organization_role: 'user',
        },
      });
      expect(invitation.status).toBe(201);
      const member = await createTestUser(context.server, { role: 'user', organizationId });
      const reset = await apiClient(context.server).call(authOperations.resetOwnPassword, {
        body: { account_email: member.email },
      });
      expect(reset.status).toBe(202);
      await (context.server.platform.queue as InProcessJobQueue).idle();

      const inviteCode = await codeMailedTo(invited, 'code');
      const resetCode = await codeMailedTo(member.email, 'reset_code');
      const log = lines.join('');
      const kept = lines.filter((line) => line.includes('mail kept in the outbox'));
      expect(kept).toHaveLength(2);
      for (const line of kept) expect(line).toContain('GET /v1/admin/mail_outbox');
      for (const secret of [inviteCode, resetCode, 'code=']) {
        expect(log).not.toContain(secret);
      }
    });
  },
  {
    env: { PUBLIC_URL: 'http://app.test', LOG_LEVEL: 'trace' },
    server: { logDestination: { write: (line: string) => void lines.push(line) } },
  },
);
