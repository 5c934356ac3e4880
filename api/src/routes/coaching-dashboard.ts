import { exportCoachingDashboard, readCoachingDashboard } from '@ai-coaching/application';
import { COACHING_DASHBOARD_EXPORT_COLUMNS, coachingDashboardOperations as op } from '@ai-coaching/contracts';
import { csvAttachment } from '../credits/csv.js';
import { listHandler } from '../http/use-case-handlers.js';
import { defineRoute, permission } from '../http/route.js';

// The learner's own figures need only `coaching-session-read`; `scope=team` needs `coaching-session-check-other`
// too, which the use case checks (403). The export is the team's, so its route asks for that permission itself.
export const coachingDashboardRoutes = [
  defineRoute(op.read, { access: permission('coaching-session-read'), handler: listHandler(readCoachingDashboard) }),
  defineRoute(op.export, {
    access: permission('coaching-session-check-other'),
    handler: async ({ query, origin, services }) => {
      const { header, rows } = await exportCoachingDashboard(services, origin, query);
      const day = services.clock.now().toISOString().slice(0, 10);
      return csvAttachment({
        fileName: `coaching-dashboard-${day}.csv`,
        columns: COACHING_DASHBOARD_EXPORT_COLUMNS,
        rows,
        header,
        onError: (error) => services.logger.error({ err: error }, 'coaching dashboard export failed mid-stream'),
      });
    },
  }),
];
