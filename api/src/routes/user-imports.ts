import { confirmUserImport, createUserImport, readUserImport, userImportResultRows } from '@ai-coaching/application';
import { USER_IMPORT_RESULT_COLUMNS, userImportOperations as op } from '@ai-coaching/contracts';
import { csvAttachment } from '../credits/csv.js';
import { createHandler, readHandler } from '../http/use-case-handlers.js';
import { defineRoute, permission } from '../http/route.js';

// Bulk import of users (docs/api/integrations.md, "Bulk import"): planned, confirmed, read and downloaded.
export const userImportRoutes = [
  defineRoute(op.create, { access: permission('user-import-create'), handler: createHandler(createUserImport) }),
  defineRoute(op.confirm, {
    access: permission('user-import-create'),
    handler: async ({ params, origin, services }) => ({ body: await confirmUserImport(services, origin, params.id) }),
  }),
  defineRoute(op.read, { access: permission('user-import-read'), handler: readHandler(readUserImport) }),
  defineRoute(op.result, {
    access: permission('user-import-read'),
    handler: async ({ params, origin, services }) => {
      const rows = await userImportResultRows(services, origin, params.id);
      return csvAttachment({
        fileName: `user-import-${params.id}.csv`,
        columns: USER_IMPORT_RESULT_COLUMNS,
        rows: (async function* () {
          yield* rows;
        })(),
        onError: (error) => services.logger.error({ err: error }, 'user import result failed mid-stream'),
      });
    },
  }),
];
