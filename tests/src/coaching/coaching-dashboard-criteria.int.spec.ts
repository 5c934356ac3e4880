// Criteria counted across an observer's versions and languages, and the team's figures exported as CSV.
import { apiClient, createTestOrganization, signInAs } from '@ai-coaching/api/testing';
import { COACHING_DASHBOARD_EXPORT_COLUMNS, coachingDashboardOperations } from '@ai-coaching/contracts';
import { COACHING_DASHBOARD_LABELS, starterLibraryItemId } from '@ai-coaching/application';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../credits/credit-test-client.js';
import { engines, criterion, dashboardScenario } from './coaching-dashboard-fixtures.js';

for (const engine of engines) {
  describe.skipIf(!engine.available)(
    `[COACHING]: dashboard criteria and export on ${engine.name}${engine.reason ? ` (skipped: ${engine.reason})` : ''}`,
    () => {
      const h = dashboardScenario(engine);
      const { tag, scenario, freeScenario, seed, MARCH, exportCsv } = h;

      it("counts a criterion as one line across its observer's versions and languages, on its own scale", async () => {
        // Issue 23 §2: a learner of another organization plays the starter library's conversation observer in English
        // and in French, and another observer whose second version renamed its first criterion.
        const organization = await createTestOrganization(h.server, `Languages ${tag}`);
        const dana = await signInAs(h.server, { role: 'user', organizationId: organization, firstName: 'Dana' });
        const starter = (language: 'en-GB' | 'fr-FR') => ({
          id: starterLibraryItemId('observer', 'conversation', language),
          version: 1,
        });
        const played = { organizationId: organization, userId: dana.userId, scenarioId: scenario };
        const ended = { status: 'end', captured: 1 } as const;
        await seed({
          ...played,
          startedAt: '2025-03-05T09:00:00.000Z',
          ended,
          observer: starter('en-GB'),
          reports: [
            [
              criterion('Questions and listening', '1_5', 2, 4),
              criterion('Empathy', '1_5', 2, 5),
              criterion('Clarity', '1_5', 1, 1),
              criterion('Agreed next step', 'pass_fail', 1, 1),
            ],
          ],
        });
        await seed({
          ...played,
          startedAt: '2025-03-06T09:00:00.000Z',
          ended,
          language: 'fr-FR',
          observer: starter('fr-FR'),
          reports: [
            [
              criterion('Questions et écoute', '1_5', 2, 2),
              criterion('Empathie', '1_5', 2, 3),
              criterion('Clarté', '1_5', 1, 3),
              criterion('Prochaine étape convenue', 'pass_fail', 1, 0),
            ],
          ],
        });
        await seed({
          ...played,
          startedAt: '2025-03-07T09:00:00.000Z',
          ended,
          observer: { id: 'observer-2', version: 1 },
          reports: [[criterion('Listening', '1_10', 1, 4)]],
        });
        await seed({
          ...played,
          startedAt: '2025-03-08T09:00:00.000Z',
          ended,
          observer: { id: 'observer-2', version: 2 },
          reports: [[criterion('Careful listening', '1_10', 1, 10)]],
        });
        const read = async (locale: 'en-GB' | 'fr-FR') => {
          const answer = await apiClient(h.server, dana.token).call(
            coachingDashboardOperations.read,
            { query: MARCH },
            { headers: { 'accept-language': locale } },
          );
          expect(answer.status).toBe(200);
          return answer.body.criteria.map((line) => [
            line.observer_name,
            line.name,
            line.scale,
            line.sessions,
            line.average,
            line.average_score,
          ]);
        };
        // Clarity 1/5 and Clarté 3/5: a mean of 2 on 1–5, and (0 + 50) / 2 = 25 out of 100.
        expect(await read('en-GB')).toEqual([
          ['Conversation coach', 'Agreed next step', 'pass_fail', 2, 0.5, 50],
          [null, 'Careful listening', '1_10', 2, 7, 66.7],
          ['Conversation coach', 'Clarity', '1_5', 2, 2, 25],
          ['Conversation coach', 'Empathy', '1_5', 2, 4, 75],
          ['Conversation coach', 'Questions and listening', '1_5', 2, 3, 50],
        ]);
        // In French the same lines, named as the French session read them.
        expect(await read('fr-FR')).toEqual([
          [null, 'Careful listening', '1_10', 2, 7, 66.7],
          ['Coach relationnel', 'Clarté', '1_5', 2, 2, 25],
          ['Coach relationnel', 'Empathie', '1_5', 2, 4, 75],
          ['Coach relationnel', 'Prochaine étape convenue', 'pass_fail', 2, 0.5, 50],
          ['Coach relationnel', 'Questions et écoute', '1_5', 2, 3, 50],
        ]);
      });

      for (const lang of ['en-GB', 'fr-FR'] as const) {
        it(`exports the team's figures as CSV with its header and words in ${lang}`, async () => {
          const answer = await exportCsv(h.operator.token, { ...MARCH, lang });
          expect(answer.status).toBe(200);
          expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
          expect(answer.headers.get('content-disposition')).toMatch(
            /^attachment; filename="coaching-dashboard-\d{4}-\d{2}-\d{2}\.csv"$/,
          );
          const [header, ...rows] = parseCsv(answer.body as string);
          const labels = COACHING_DASHBOARD_LABELS[lang];
          expect(header).toEqual(COACHING_DASHBOARD_EXPORT_COLUMNS.map((column) => labels.columns[column]));
          expect(rows).toEqual([
            ['total', labels.kinds.total, '', labels.total, '5', '4', '1', '0.333', '56.5', '7', '', ''],
            ['group', labels.kinds.group, h.groupId, `Sales ${tag}`, '3', '3', '1', '0.5', '56.5', '6', '', ''],
            ['group', labels.kinds.group, expect.any(String), `Support ${tag}`, '0', '0', '0', '', '', '0', '', ''],
            ['user', labels.kinds.user, h.alice.userId, 'Alice Martin', '3', '3', '1', '0.5', '56.5', '6', '', ''],
            ['user', labels.kinds.user, h.bob.userId, 'Bob Durand', '2', '1', '0', '0', '', '1', '', ''],
            ['scenario', labels.kinds.scenario, scenario, 'Cold call', '4', '3', '1', '0.333', '56.5', '7', '', ''],
            ['scenario', labels.kinds.scenario, freeScenario, 'Cold call', '1', '1', '0', '', '', '0', '', ''],
            [
              'criterion',
              labels.kinds.criterion,
              'observer-1',
              'Closing',
              '2',
              '',
              '',
              '',
              '50',
              '',
              'pass_fail',
              '0.5',
            ],
            ['criterion', labels.kinds.criterion, 'observer-1', 'Rapport', '2', '', '', '', '75', '', '1_5', '4'],
          ]);
        });
      }
    },
  );
}
