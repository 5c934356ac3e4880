import { apiClient, describeApi, signInAs } from '@ai-coaching/api/testing';
import { userGroupOperations } from '@ai-coaching/contracts';
import { newId } from '@ai-coaching/platform';
import { expect, it } from 'vitest';

// Issue 9, finding 2.4: a database error was logged with the statement and its parameters
// (`err.query`, `err.params`): email addresses, names, code hashes, sealed secrets. The logger's
// error serializer now leaves both out; this provokes a real database error in a request and reads
// the log the server wrote.

const lines: string[] = [];

await describeApi(
  '[SECURITY]: error logs without SQL',
  (context) => {
    it('logs the 500 with its request id and error code, never the statement or its parameters', async () => {
      const operator = await signInAs(context.server, { role: 'operator' });
      const secret = `victim-${newId().slice(-10)}@example.test`;
      // The list's read model disappears: its query fails inside the request, with the search as a parameter.
      await context.server.platform.db.query('DROP TABLE rm_user_groups CASCADE');
      const logged = lines.length;

      const answer = await apiClient(context.server, operator.token).call(userGroupOperations.list, {
        query: { q: secret },
      });
      expect(answer.status).toBe(500);
      expect(answer.body.code).toBe('internal_error');
      const requestId = answer.headers.get('x-request-id')!;
      expect(answer.body.message).toContain(requestId);

      const log = lines.slice(logged).join('');
      const entries = lines.slice(logged).map((line) => JSON.parse(line) as Record<string, unknown>);
      const failure = entries.find((entry) => entry['msg'] === 'unhandled error');
      expect(failure, log).toMatchObject({ requestId, err: { code: '42P01' } });
      expect(entries).toContainEqual(
        expect.objectContaining({ requestId, msg: 'request failed', status: 500, path: '/v1/user_groups' }),
      );
      expect(log).toContain('rm_user_groups');
      // What a fix needs is there; what the request carried is not.
      expect(log).not.toContain(secret);
      expect(log).not.toContain(secret.split('@')[0]);
      expect(log).not.toMatch(/\bSELECT\b/i);
      expect(log).not.toMatch(/\bILIKE\b/i);
      expect(log).not.toMatch(/"(query|params|parameters)":/);
    });
  },
  { env: { LOG_LEVEL: 'info' }, server: { logDestination: { write: (line) => void lines.push(line) } } },
);
