import { exportCreditMovements, listCreditMovements } from '@ai-coaching/application';
import { CREDIT_MOVEMENT_EXPORT_COLUMNS, creditHistoryOperations as op } from '@ai-coaching/contracts';
import { csvAttachment } from '../credits/csv.js';
import { defineRoute, permission } from '../http/route.js';

const HISTORY_ACCESS = permission('credit-transaction-read', 'credit-consumption-read');

export const creditHistoryRoutes = [
  defineRoute(op.list, {
    access: HISTORY_ACCESS,
    handler: async ({ params, query, origin, services }) => ({
      body: await listCreditMovements(services, origin, params.organization_id, query),
    }),
  }),
  defineRoute(op.export, {
    access: HISTORY_ACCESS,
    handler: async ({ params, query, origin, services }) => {
      const rows = await exportCreditMovements(services, origin, params.organization_id, query);
      const day = services.clock.now().toISOString().slice(0, 10);
      return csvAttachment({
        fileName: `credit-movements-${params.organization_id}-${day}.csv`,
        columns: CREDIT_MOVEMENT_EXPORT_COLUMNS,
        rows,
        onError: (error) => services.logger.error({ err: error }, 'credit movements export failed mid-stream'),
      });
    },
  }),
];
