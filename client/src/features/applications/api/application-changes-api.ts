import { api } from '../../../lib/http/api';
import { applicationOperations as op } from '../../../lib/http/contract-routes';
import { useInvalidatingMutation } from '../../../lib/query/invalidating-mutation';
import { queryKeys } from '../../../lib/query/query-keys';

// Installing and removing an organization's applications: a file of its own, so that the side navigation, which
// reads the installed applications on every signed-in page, does not bring the mutation helpers along.

const keys = queryKeys('applications');

export const useChangeApplication = (organizationId: string) =>
  useInvalidatingMutation(keys, ({ applicationId, install }: { applicationId: string; install: boolean }) =>
    install
      ? api.call(op.install, { params: { id: organizationId, application_id: applicationId } })
      : api.call(op.remove, { params: { id: organizationId, application_id: applicationId } }),
  );
